"""The audit log of results: every change records who, when, before, after and why."""

from scoring.models import ResultChange


def snapshot(match):
    """The result-bearing fields of a match, as JSON, for the before/after of a change."""
    return {
        "status": match.status,
        "score_a": match.score_a,
        "score_b": match.score_b,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "winner": match.winner_id,
        "games": [[g.score_a, g.score_b] for g in match.games.order_by("number")] if match.pk else [],
    }


def signed_in(user):
    """The user to record as the author of a change: None for the system or an anonymous user."""
    return user if user is not None and user.is_authenticated else None


def log_change(match, what, before, after, user=None, reason=""):
    """Write one audit row. `user` may be None for a change made by the system (e.g. a management command)."""
    return ResultChange.objects.create(
        match=match, user=signed_in(user), what=what, before=before, after=after, reason=reason or ""
    )
