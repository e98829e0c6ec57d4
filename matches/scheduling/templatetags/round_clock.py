"""Template filters of the round clock include (scheduling/_clock.html)."""

from django import template

from matches.scheduling.clock import clock_state

register = template.Library()


@register.filter(name="clock_state")
def clock_state_filter(clock):
    """The clock's state now (see scheduling.clock.clock_state)."""
    return clock_state(clock)


@register.filter
def mmss(seconds):
    """Seconds as minutes:seconds, "--:--" when there is no countdown."""
    if seconds is None:
        return "--:--"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"
