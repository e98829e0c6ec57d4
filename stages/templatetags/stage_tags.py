"""The event page (tournaments/event_detail.html) lists the event's stages with their badges: its template loads this
library, so the tournaments floor names the stages app in a template only, and a reader follows
`{% load stage_tags %}` here."""

from django import template

from stages.drawn_stages import event_stage_lines

register = template.Library()


@register.simple_tag
def event_stages(event, secretary=False):
    """The stages of `event` (StageLine), in order (`{% event_stages event is_secretary as stages %}`); a secretary
    also sees preview rounds' badges."""
    return event_stage_lines(event, secretary)
