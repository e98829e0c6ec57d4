"""Who may write a match's score card, move its state or confirm it.

Umpires write the score cards of the matches they officiate; chief referees and secretaries of the tournament
any match. In a self-umpired match a player of either side enters, and a player of the other side confirms.
Everyone who may see the tournament reads."""

from django.utils.functional import cached_property

from stages.models import Match
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


class MatchRights:
    """What one user may do to one match, each fact looked up once (a page or a request asks several questions of
    the same match: may they score, start, confirm?). The functions below ask one question each."""

    def __init__(self, user, match):
        self.user, self.match = user, match

    @cached_property
    def signed_in(self):
        return self.user is not None and self.user.is_authenticated

    @cached_property
    def official(self):
        return self.signed_in and is_official(self.user, self.match)

    @cached_property
    def umpire(self):
        return self.signed_in and is_match_umpire(self.user, self.match)

    @cached_property
    def player(self):
        """A player of either side of a self-umpired match."""
        return self.signed_in and self.match.self_umpired and player_side(self.user, self.match) is not None

    @property
    def may_score(self):
        """May enter boards or a result for this match."""
        return self.official or self.umpire or self.player

    @property
    def may_confirm(self):
        """An official or the match's umpire; in a self-umpired match, the other side's player. The same people as
        `may_score`: which side confirms is checked by services.confirm_result."""
        return self.may_score

    def may_move_to(self, to_status):
        """Officials and the match's umpire move the state; reopening results and cancelling walkovers is for
        officials; players of a self-umpired match may start it."""
        if self.official:
            return True
        if not self.signed_in or self.match.status in (Match.Status.CONFIRMED, Match.Status.WALKOVER):
            return False
        return self.umpire or (to_status == Match.Status.IN_PLAY and self.player)


def can_score(user, match):
    return MatchRights(user, match).may_score


def can_confirm(user, match):
    return MatchRights(user, match).may_confirm


def can_transition(user, match, to_status):
    return MatchRights(user, match).may_move_to(to_status)


def can_replay(user, match):
    """Replay from board N follows a protest decision: chief referees and secretaries only."""
    return MatchRights(user, match).official
