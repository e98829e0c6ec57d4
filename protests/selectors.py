"""Protest reads for the pages, the API and the services: who sees which protests, the written protest's window
(ICF 146; queen2 ¶18), the decision queue (ICF 151(c)) and the rows of the fee ledger (ICF 145). Nothing here
writes."""

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from matches.scoring.display import side_names
from matches.strokes import selectors as strokes
from protests import permissions
from protests.models import Protest

S = Protest.Status


def rule_set_of(match):
    return match.stage.event.rules


def cited_stroke(protest):
    """The stroke the protest cites, on the board as it was kept stroke by stroke: its number and, played again by
    the engine, its words and what followed (`stroke` None when it was undone since); None when the protest cites
    no stroke."""
    if protest.stroke_no is None:
        return None
    match = protest.match
    stroke = strokes.cited_stroke(protest.board_stroke, rule_set_of(match), side_names(match))
    return {"number": protest.stroke_no, "stroke": stroke}


def protest_queryset():
    """Protests with what their pages and the API show: the match, its sides and round, the officials."""
    return Protest.objects.select_related(
        "match__stage__event__tournament",
        "match__round",
        "match__entry_a",
        "match__entry_b",
        "logged_by",
        "received_by",
        "decided_by",
    )


def tournament_protests(tournament):
    return protest_queryset().filter(match__stage__event__tournament=tournament)


def visible_protests(user, tournament):
    """Every protest of the tournament for its officials and umpires; for a player, those about their matches."""
    protests = tournament_protests(tournament)
    if permissions.is_staff_of(user, tournament):
        return protests
    plays = Q(match__entry_a__members__player__user=user) | Q(match__entry_b__members__player__user=user)
    return protests.filter(plays).distinct()


def paid_protests(tournament):
    """The rows of the fee ledger: every protest of the tournament whose scrutiny fee was paid (ICF 145)."""
    return tournament_protests(tournament).exclude(fee_paid_at=None)


# ---------------------------------------------------------------- the written protest's window (ICF 146)


def completion_time(protest):
    """When the protested board was completed: as the umpire stated it, else the time its row was entered on the
    score card, else None (the board is still in play, so the window has not started)."""
    if protest.board_completed_at is not None:
        return protest.board_completed_at
    board = protest.match.boards.filter(voided=False, game_no=protest.game_no, number=protest.board_no).first()
    return board.entered_at if board else None


def written_deadline(protest):
    """The last moment the written protest is accepted, or None while the board is not completed."""
    return window_end(completion_time(protest), rule_set_of(protest.match))


def window_end(completed, rule_set):
    """`completed` plus the rule set's written-protest window; None without either."""
    minutes = rule_set.protest_window_minutes
    if completed is None or minutes is None:
        return None
    return completed + timedelta(minutes=minutes)


def written_window(protest, now=None):
    """(deadline, lapsed): the written protest's deadline (None while the board is not completed) and whether
    the protest is an oral one whose written protest did not come by then. One look at the score card."""
    deadline = written_deadline(protest)
    return deadline, protest.status == S.ORAL and deadline is not None and (now or timezone.now()) > deadline


# ---------------------------------------------------------------- the decision queue (ICF 151(c))


def decision_queue(user, tournament, now):
    """The protests `user` sees, as the queue page lists them: lodged ones by the time their decision is due
    (ICF 151(c)), oral ones with their written protest's deadline (ICF 146), decided ones newest first."""
    protests = list(visible_protests(user, tournament))
    for protest in protests:
        oral = protest.status == S.ORAL
        protest.written_deadline, protest.lapsed = written_window(protest, now) if oral else (None, False)
    return {
        "lodged": sorted((p for p in protests if p.status == S.LODGED), key=lambda p: (p.due_at is None, p.due_at)),
        "oral": [p for p in protests if p.status == S.ORAL],
        "decided": sorted((p for p in protests if p.is_decided), key=lambda p: p.decided_at, reverse=True),
    }
