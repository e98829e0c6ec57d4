from django import template

from history.archive.display import OUTCOME_LABELS

register = template.Library()


@register.filter
def outcome_label(outcome):
    """ "won", "drawn" or "lost" in the reader's language."""
    return OUTCOME_LABELS.get(outcome, "")
