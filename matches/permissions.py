"""Who may write a match's score card, move its state or confirm it.

Umpires write the score cards of the matches they officiate; chief referees and secretaries of the tournament
any match. In a self-umpired match a player of either side enters, and a player of the other side confirms.
Everyone who may see the tournament reads."""

from tournaments.models import EntryMember
from tournaments.permissions import can_view, is_chief_referee


def tournament_of(match):
    return match.stage.event.tournament


def is_official(user, match):
    """A chief referee or secretary of the match's tournament."""
    return is_chief_referee(user, tournament_of(match))


def is_match_umpire(user, match):
    """The umpire appointed to this match."""
    return user.is_authenticated and match.umpire_id is not None and match.umpire_id == user.pk


def player_side(user, match):
    """ "A" or "B" when `user` is linked to a player of that entry, else None."""
    if user is None or not user.is_authenticated:
        return None
    sides = {pk: side for pk, side in ((match.entry_a_id, "A"), (match.entry_b_id, "B")) if pk is not None}
    entry_ids = EntryMember.objects.filter(player__user=user, entry_id__in=sides).values_list("entry_id", flat=True)
    return sides.get(entry_ids.first())


def can_read(user, match):
    return can_view(user, tournament_of(match))


def can_score(user, match):
    """May enter boards or a result for this match."""
    if not user.is_authenticated:
        return False
    if is_official(user, match) or is_match_umpire(user, match):
        return True
    return match.self_umpired and player_side(user, match) is not None


def can_confirm(user, match):
    """May confirm: an official or the match's umpire; in a self-umpired match, the other side's player. The same
    people as `can_score`: which side confirms is checked by services.confirm_result."""
    return can_score(user, match)


def can_transition(user, match, to_status):
    """Officials and the match's umpire move the state; reopening results and cancelling walkovers is for
    officials; players of a self-umpired match may start it."""
    from stages.models import Match

    if not user.is_authenticated:
        return False
    if is_official(user, match):
        return True
    if match.status in (Match.Status.CONFIRMED, Match.Status.WALKOVER):
        return False
    if is_match_umpire(user, match):
        return True
    return match.self_umpired and to_status == Match.Status.IN_PLAY and player_side(user, match) is not None


def can_replay(user, match):
    """Replay from board N follows a protest decision: chief referees and secretaries only."""
    return user.is_authenticated and is_official(user, match)
