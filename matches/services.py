"""Results: recorded, validated by the rules app, confirmed; confirmed results flow into standings and brackets."""

from django.db import transaction

from rules.base import get_rule_set
from rules.errors import RuleError
from rules.match import GameResult, MatchInput
from tournaments.models import Stage
from tournaments.stage_services import StageError, sync_bracket

from .models import Game, Match


class ResultError(Exception):
    """A result that cannot be recorded; `field` names what is wrong, the message names the law."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message


OPEN = (Match.Status.SCHEDULED, Match.Status.CALLED, Match.Status.IN_PLAY, Match.Status.FINISHED)


@transaction.atomic
def record_result(match, games, confirm=False):
    """Record a match's games as final scores [(score_a, score_b), ...], checked by the match's rule set.

    `confirm=True` also confirms it (a secretary's or umpire's entry); confirmed results count in standings and
    advance winners in brackets."""
    match = Match.objects.select_for_update().select_related("stage__event", "round").get(pk=match.pk)
    if match.entry_a_id is None or match.entry_b_id is None:
        raise ResultError("games", "Both players of this match are not known yet.")
    if match.status not in OPEN and not (match.status == Match.Status.CONFIRMED and confirm):
        raise ResultError("status", f"A {match.get_status_display().lower()} match takes no result.")
    state = check_games(match, games)
    Game.objects.filter(match=match).delete()
    Game.objects.bulk_create(
        Game(match=match, number=n, score_a=a, score_b=b, winner_side=winner_side(a, b))
        for n, (a, b) in enumerate(games, 1)
    )
    match.score_a = sum(a for a, _ in games)
    match.score_b = sum(b for _, b in games)
    match.games_a, match.games_b = state.games_won["A"], state.games_won["B"]
    match.winner_id = {"A": match.entry_a_id, "B": match.entry_b_id, None: None}[state.winner]
    match.status = Match.Status.CONFIRMED if confirm else Match.Status.FINISHED
    match.save()
    if confirm:
        result_changed(match)
    return match


def check_games(match, games):
    rule_set = get_rule_set(match.stage.event.rule_set)
    if not games:
        raise ResultError("games", "Enter the score of at least one game.")
    results = [
        GameResult(game_no=n, winner=winner_side(a, b), score={"A": a, "B": b}) for n, (a, b) in enumerate(games, 1)
    ]
    try:
        state = rule_set.match_state(MatchInput(toss_winner="A", toss_choice="break", games=results))
    except RuleError as error:
        raise ResultError(error.field, error.message) from None
    if not state.match_over:
        raise ResultError("games", f"{rule_set.cite('match')}: the match is not over after {len(games)} game(s)")
    if state.winner is None and match.stage.kind == Stage.Kind.KNOCKOUT:
        raise ResultError("games", "A knockout match needs a winner.")
    return state


def winner_side(a, b):
    return "A" if a > b else "B" if b > a else None


@transaction.atomic
def confirm_result(match):
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.FINISHED:
        raise ResultError("status", "Only a finished match with a result can be confirmed.")
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["status", "updated_at"])
    result_changed(match)
    return match


@transaction.atomic
def record_walkover(match, absent_side):
    """The side `absent_side` ("a" or "b") did not play: the opponent wins by walkover."""
    match = Match.objects.select_for_update().select_related("stage").get(pk=match.pk)
    if match.status not in OPEN:
        raise ResultError("status", f"A {match.get_status_display().lower()} match cannot become a walkover.")
    if absent_side not in ("a", "b") or match.entry_a_id is None or match.entry_b_id is None:
        raise ResultError("absent_side", "Say which side, a or b, did not play.")
    match.winner_id = match.entry_b_id if absent_side == "a" else match.entry_a_id
    match.status = Match.Status.WALKOVER
    stage = match.stage
    match.score_a, match.score_b = (
        (stage.bye_score_against, stage.bye_score_for)
        if absent_side == "a"
        else (stage.bye_score_for, stage.bye_score_against)
    )
    match.save()
    result_changed(match)
    return match


def result_changed(match):
    """Standings are computed from decided matches, so they follow by themselves; brackets are recomputed."""
    if match.stage.kind == Stage.Kind.KNOCKOUT:
        try:
            sync_bracket(match.stage)
        except StageError as error:
            raise ResultError("games", str(error)) from None
