"""What the secretary is asked before a stage's whole draw is deleted (read-only; stages.services deletes)."""

from stages.display import draw_results_text
from stages.models import Match, Stage


def draw_deletion_asks(stage):
    """Whether deleting the stage's whole draw is asked on a confirmation page first: not when a later stage was
    drawn from it, as no confirmation helps then (the service says what to do instead)."""
    drawn_from = stage.next_stages.exclude(status=Stage.Status.PENDING).exists()
    return stage.status == Stage.Status.DRAWN and not drawn_from


def draw_results_question(stage):
    """What deleting the whole draw loses beyond its pairings: its results, counted; None without any."""
    results = (Match.Status.CONFIRMED, Match.Status.WALKOVER, Match.Status.FINISHED, Match.Status.RETIRED)
    count = stage.matches.filter(status__in=results).count()
    return draw_results_text(stage, count) if count else None
