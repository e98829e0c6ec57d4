"""A match's state in words, as every match-day page and refusal says it."""

from stages.models import Match


def status_label(status):
    """A match state as prose: "in play", "confirmed"."""
    return Match.Status(status).label.lower()
