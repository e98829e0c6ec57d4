"""The self-umpired score card kept by the players through their match links, with no account (ECC laws).

The side that makes the first entry keeps the card (board by board, or the final score where no board detail is
kept); the other side confirms it with its own link, or disagrees and states its own version. A disagreement flags
the match to the chief referee with both versions kept (players.models.SelfReport); an official settles it. The
scores are the rules app's, through scoring.services and scoring.scorecard; here only who may do what, and when.

Each operation is one transaction that locks the match first, so of a confirmation and a disagreement sent at the
same moment one wins and the other is refused with the match as it then stands."""

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, NotAllowed, ServiceError
from matches.audit import entered_by_side, log_change, snapshot
from matches.models import ResultChange
from matches.permissions import is_official, player_side
from matches.scoring import services as scoring
from matches.services import lock_match
from players.models import SelfReport
from stages.models import UNFINISHED, Match
from stages.umpiring import self_umpired_event
from tournaments.notifications import notify, tournament_officials

S = Match.Status
TO_CONFIRM = (S.FINISHED, S.RETIRED)


def players_keep_card(match):
    """The players keep this match's card: marked self-umpired, or the event's laws are and no umpire is named."""
    return match.self_umpired or (self_umpired_event(match.stage.event) and match.umpire_id is None)


def other(side):
    return "b" if side == "a" else "a"


def locked_report(match):
    return SelfReport.objects.select_for_update().filter(match=match).first()


def entering_side(match, report):
    """The side whose entry stands on the card: from its link, else the signed-in player who entered it, else None
    (an umpire's or an official's entry)."""
    if report is not None and report.state != SelfReport.State.SETTLED:
        return report.entered_by_side
    side = player_side(match.result_entered_by, match)
    return side.lower() if side else None


def disputed(report):
    return report is not None and report.state == SelfReport.State.DISPUTED


# ---------------------------------------------------------------- what a side may do now


def may_enter(match, report, side):
    """None when `side` may write on the card now, else why not."""
    if not players_keep_card(match):
        return _("An umpire keeps this match's score card.")
    if match.status == S.CONFIRMED:
        return _("The result is confirmed. Only an official can reopen it.")
    if disputed(report):
        return _("The two sides disagree about this result: the chief referee decides.")
    keeper = entering_side(match, report)
    if keeper is not None and keeper != side:
        return _("Side %(side)s keeps this score card; you confirm it when it is complete.") % {"side": keeper.upper()}
    if match.status not in (*UNFINISHED, S.FINISHED):
        return _("This match takes no entry now.")
    return None


def may_confirm(match, report, side):
    """None when `side` may confirm (or disagree with) the result now, else why not."""
    if not players_keep_card(match):
        return _("An umpire keeps this match's score card.")
    if match.status == S.CONFIRMED:
        return _("The result is confirmed. Only an official can reopen it.")
    if match.status not in TO_CONFIRM:
        return _("There is no result to confirm yet.")
    if disputed(report):
        return _("The two sides disagree about this result: the chief referee decides.")
    keeper = entering_side(match, report)
    if keeper is None:
        return _("This result was entered by an official; it needs no confirmation from the players.")
    if keeper == side:
        return _("You entered this result: the player of the other side confirms it with their own link.")
    return None


# ---------------------------------------------------------------- the operations


def refuse_unless(reason, field="side"):
    if reason:
        raise NotAllowed(field, reason)


@transaction.atomic
def enter(match, side, save):
    """Side `side` writes on the card: `save(match)` calls one scoring service (a board, the toss, a game-level
    entry, the final score). The first entry makes `side` the card's keeper."""
    match = lock_match(match)
    report = locked_report(match)
    refuse_unless(may_enter(match, report, side))
    if report is None:
        report = SelfReport(match=match, entered_by_side=side)
    elif report.state == SelfReport.State.SETTLED:  # reopened by an official and played again: a new card
        report.entered_by_side, report.state = side, SelfReport.State.ENTERING
        report.entered_version = report.other_version = None
        report.disputed_at = report.settled_at = report.settled_by = None
        report.settled_with = ""
    report.save()
    with entered_by_side(side):
        save(match)
    return match


@transaction.atomic
def confirm(match, side):
    """The other side confirms the result: it counts from now on."""
    match = lock_match(match)
    refuse_unless(may_confirm(match, locked_report(match), side))
    with entered_by_side(side):
        return scoring.confirm_result(match)


@transaction.atomic
def disagree(match, side, games, note=""):
    """The other side does not accept the result and states its own (the games, A's points first, checked by the
    rules app): the match is flagged to the chief referee with both versions; nothing counts until it is settled."""
    match = lock_match(match)
    report = locked_report(match)
    refuse_unless(may_confirm(match, report, side))
    scoring.check_games(match, games)
    if report is None:  # a signed-in player entered it on the umpire's card page
        report = SelfReport(match=match, entered_by_side=other(side))
    before = snapshot(match)
    report.entered_version = before
    report.other_version = {"side": side, "games": [list(game) for game in games], "note": note.strip()}
    report.state, report.disputed_at = SelfReport.State.DISPUTED, timezone.now()
    report.save()
    with entered_by_side(side):
        log_change(match, ResultChange.What.STATUS, before, {**before, "disputed_games": games}, None, note.strip())
    tournament = match.stage.event.tournament
    url = reverse("self-umpired-settle", args=[tournament.slug, match.pk])
    key = f"self-report-{report.pk}-disputed-{report.disputed_at:%Y%m%d%H%M%S}"
    notify(tournament_officials(tournament), tournament, lambda: dispute_notice(match), url, key)
    return report


def dispute_notice(match):
    """What the secretaries and chief referees are told of a disagreement, in the active language."""
    names = {"a": match.entry_a.name, "b": match.entry_b.name, "round": match.round.display_name}
    subject = _("Disagreement about a result: %(a)s v %(b)s") % names
    body = _("%(round)s, %(a)s v %(b)s: the sides gave different results. Both versions await your decision.")
    return subject, body % names


SETTLE_CHOICES = ("entered", "other", "games")


@transaction.atomic
def settle(match, user, choice, games=None, reason=""):
    """An official settles a disagreement: the entered result ("entered"), the other side's version ("other"), or
    the result the official enters ("games", A's points first). The result is confirmed; the reason is logged."""
    match = lock_match(match)
    if not is_official(user, match):
        raise NotAllowed("user", _("Only a chief referee or secretary of the tournament settles a disagreement."))
    report = locked_report(match)
    if not disputed(report) or match.status not in TO_CONFIRM:
        raise Conflict("choice", _("This match has no disagreement to settle; the page shows it as it stands."))
    if choice not in SETTLE_CHOICES:
        raise ServiceError("choice", _("Choose the entered result, the other side's version or your own."))
    reason = reason.strip() or _("Disagreement between the sides settled by the chief referee.")
    if choice == "entered":
        scoring.confirm_result(match, user=user, reason=reason)
    else:
        games = report.other_version["games"] if choice == "other" else games
        if not games:
            raise ServiceError("games", _("Enter the score of at least one game."))
        if match.boards.filter(voided=False).exists():  # the board-by-board card gives way to the chosen score
            scoring.replay_from_board(match, 1, 1, user=user, reason=reason)
        scoring.record_result(match, [tuple(game) for game in games], confirm=True, user=user, reason=reason)
    report.state, report.settled_at, report.settled_by = SelfReport.State.SETTLED, timezone.now(), user
    report.settled_with = choice
    report.save()
    return report
