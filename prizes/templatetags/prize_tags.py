"""The event page (tournaments/event_detail.html) shows the event's prize rules: its template loads this library, so
the tournaments floor names the prizes app in a template only, and a reader follows `{% load prize_tags %}` here."""

from django import template

from prizes.display import event_page_lines

register = template.Library()


@register.simple_tag
def prize_rules(event):
    """The lines about the prizes of `event` (`{% prize_rules event as lines %}`); empty when it awards none."""
    return event_page_lines(event)
