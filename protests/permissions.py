"""Who may do what with protests. Pages, API and admin all ask here.

ICF 144-145: protests go through the umpire of the match or the chief referee; ICF 151: the tournament authority
(a secretary or chief referee) decides, never the umpire whose decision is appealed against. The players of the
match, and the tournament's officials and umpires, read a match's protests; the fee ledger is for officials."""

from matches.permissions import is_match_umpire, is_official, player_side, tournament_of
from stages.models import Match
from tournaments.permissions import is_chief_referee, is_secretary, is_umpire


def can_log(user, match):
    """May log an oral protest, record its fee and receive the written one: the match's umpire or an official."""
    return user.is_authenticated and (is_match_umpire(user, match) or is_official(user, match))


def can_decide(user, match):
    """ICF 151: the tournament authority decides; the umpire of that match never does, whatever else he is."""
    return is_official(user, match) and not is_match_umpire(user, match)


def can_read(user, match):
    """The tournament's officials and umpires, and the players of either side."""
    if not user.is_authenticated:
        return False
    return is_umpire(user, tournament_of(match)) or player_side(user, match) is not None


def is_staff_of(user, tournament):
    """Officials and umpires see every protest of the tournament."""
    return is_umpire(user, tournament)


def can_see_evidence(user, match):
    """A protest's photos: the tournament's officials and umpires (who receive and decide protests), never the
    players or the public."""
    return user.is_authenticated and is_umpire(user, tournament_of(match))


def can_see_ledger(user, tournament):
    return is_chief_referee(user, tournament)


def can_set_fee(user, tournament):
    return is_secretary(user, tournament)


def under_way(match):
    """A protest is against a decision made in play (ICF 144-145): it is offered once the match has begun (the
    toss made, or a board or result on the card), not while the players are still awaited."""
    waiting = match.status in (Match.Status.SCHEDULED, Match.Status.CALLED) and not match.toss_winner
    return not waiting and match.status != Match.Status.BYE
