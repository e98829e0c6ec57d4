"""The audit log of results: every change records who, when, before, after and why.

A player with a match's link has no account: what they enter is made `with entered_by_side("a")`, and every row
written meanwhile keeps that side in its `after` ("by_side"), whichever service wrote it."""

from contextlib import contextmanager
from contextvars import ContextVar

from matches.models import ResultChange

_side = ContextVar("entered_by_side", default=None)


def snapshot(match, games=None):
    """The result-bearing fields of a match, as JSON, for the before/after of a change. `games`: the match's
    games as stored, [(score_a, score_b), ...] by number, when the caller holds them (else they are read)."""
    if games is None:
        games = [(g.score_a, g.score_b) for g in match.games.order_by("number")] if match.pk else []
    return {
        "status": match.status,
        "score_a": match.score_a,
        "score_b": match.score_b,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "winner": match.winner_id,
        "games": [[a, b] for a, b in games],
    }


def signed_in(user):
    """The user to record as the author of a change: None for the system or an anonymous user."""
    return user if user is not None and user.is_authenticated else None


def log_change(match, what, before, after, user=None, reason=""):
    """Write one audit row. `user` may be None for a change made by the system (e.g. a management command)."""
    if _side.get() is not None:
        after = {**(after or {}), "by_side": _side.get()}
    return ResultChange.objects.create(
        match=match, user=signed_in(user), what=what, before=before, after=after, reason=reason or ""
    )


def side_of_link_entry(match):
    """ "A" or "B" when the latest entry of the match's result was made through that side's match link, else None."""
    entries = match.changes.filter(what__in=(ResultChange.What.RESULT, ResultChange.What.BOARD_ADDED))
    latest = entries.order_by("-at", "-pk").only("after").first()
    side = latest.after.get("by_side") if latest and isinstance(latest.after, dict) else None
    return side.upper() if side else None


@contextmanager
def entered_by_side(side):
    """Rows written inside the block are the entry of side `side` ("a" or "b") of the match, through its link."""
    token = _side.set(side)
    try:
        yield
    finally:
        _side.reset(token)
