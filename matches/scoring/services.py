"""Results: recorded, validated by the rules app, confirmed; confirmed results flow into standings and brackets.

Every operation goes through the state machine (`scoring.transitions`) and writes the audit log
(`scoring.audit`). The board-by-board score card is `scoring.scorecard.add_board`; `record_result` is the
final-score-only path for events that keep no board detail. Nothing is played in a preview round: every move and
entry is refused until the draw is published (`transitions.require_published`)."""

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import Conflict, NotAllowed, ServiceError
from matches import transitions
from matches.audit import log_change, side_of_link_entry, signed_in, snapshot
from matches.display import status_label
from matches.models import ResultChange
from matches.permissions import is_official, player_side
from matches.scoring.display import already_confirmed
from matches.scoring.models import Board, Game
from matches.services import change_status, lock_match, result_changed
from matches.ties.services import is_tie, played_matches
from matches.transitions import TransitionError
from rules.errors import RuleError
from rules.match import GameResult, MatchInput
from stages.display import result_text
from stages.models import OPEN, UNFINISHED, Match, Stage
from stages.rules_round import rules_round_of

__all__ = [
    "NotAllowed",
    "ServiceError",
    "TransitionError",
    "confirm_result",
    "record_result",
    "record_round_results",
    "record_toss",
    "record_walkover",
    "walkover_figures",
    "replay_from_board",
    "retire",
    "transition",
]

S = Match.Status


@transaction.atomic
def record_result(match, games, confirm=False, user=None, reason="", correct=False):
    """Record a match's games as final scores [(score_a, score_b), ...], checked by the match's rule set.

    `confirm=True` also confirms it (a secretary's or umpire's entry); confirmed results count in standings and
    advance winners in brackets. A confirmed result is replaced only by a correction asked for on purpose
    (`correct=True` with `confirm=True`): two people entering the same match's result must not have the last one
    win silently, so a plain entry over a confirmed result is a Conflict."""
    match = lock_match(match, has_board=Exists(Board.objects.filter(match=OuterRef("pk"), voided=False)))
    transitions.require_published(match)
    if match.entry_a_id is None or match.entry_b_id is None:
        raise ServiceError("games", _("Both players of this match are not known yet."))
    if is_tie(match):
        raise ServiceError("games", _("A tie's result comes from its rubbers: enter each rubber's games."))
    if match.status == S.CONFIRMED and not correct:
        raise Conflict("games", already_confirmed(match))
    if match.status not in OPEN and not (match.status == S.CONFIRMED and confirm):
        raise ServiceError("status", _("A %(status)s match takes no result.") % {"status": status_label(match.status)})
    if match.has_board:
        raise ServiceError(
            "games", _("This match has a board-by-board score card; correct it with 'replay from board N'.")
        )
    state = check_games(match, games)  # whole numbers from here on (rules.match)
    stored = list(match.games.order_by("number").values_list("score_a", "score_b"))
    before = snapshot(match, stored)
    transitions.move(match, S.CONFIRMED if confirm else S.FINISHED, reason=reason, service="result")
    if stored:
        Game.objects.filter(match=match).delete()
    Game.objects.bulk_create(
        Game(match=match, number=n, score_a=a, score_b=b, winner_side=winner_side(a, b) or "")
        for n, (a, b) in enumerate(games, 1)
    )
    update_result(match, state, games)
    match.result_entered_by = signed_in(user)
    match.save()
    log_change(match, ResultChange.What.RESULT, before, snapshot(match, games), user, reason)
    if confirm:
        result_changed(match)
    return match


def update_result(match, state, games=None):
    """Copy a rules MatchState and the stored games into the match's result fields. `games`: those just stored,
    [(score_a, score_b), ...], when the caller holds them (else the Game rows are read)."""
    if games is None:
        games = list(Game.objects.filter(match=match).values_list("score_a", "score_b"))
    match.score_a = sum(a for a, _ in games)
    match.score_b = sum(b for _, b in games)
    match.games_a, match.games_b = state.games_won["A"], state.games_won["B"]
    match.winner_id = {"A": match.entry_a_id, "B": match.entry_b_id, None: None}[state.winner]


def check_games(match, games):
    rule_set = match.stage.event.rules
    if not games:
        raise ServiceError("games", _("Enter the score of at least one game."))
    results = [
        GameResult(game_no=n, winner=winner_side(a, b), score={"A": a, "B": b}) for n, (a, b) in enumerate(games, 1)
    ]
    try:
        state = rule_set.match_state(
            MatchInput(
                toss_winner="A",
                toss_choice="break",
                games=results,
                round=rules_round_of(match),  # the round's game length bounds each game's score (ICF 56)
                games_per_match=match.stage.games_per_match,
            )
        )
    except RuleError as error:
        raise ServiceError(error.field, error.message) from None
    if not state.match_over:
        message = ngettext(
            "%(law)s: the match is not over after %(count)s game(s)",
            "%(law)s: the match is not over after %(count)s game(s)",
            len(games),
        )
        raise ServiceError("games", message % {"law": rule_set.cite("match"), "count": len(games)})
    if state.winner is None and match.stage.kind == Stage.Kind.KNOCKOUT:
        raise ServiceError("games", _("A knockout match needs a winner."))
    return state


def winner_side(a, b):
    return "A" if a > b else "B" if b > a else None


@transaction.atomic
def confirm_result(match, user=None, reason=""):
    """Confirm a finished (or retired) match. In a self-umpired match the player who entered the result cannot
    confirm it: a player of the other side does (or an official)."""
    match = lock_match(match)
    if match.status not in (S.FINISHED, S.RETIRED):
        raise TransitionError(_("Only a finished match with a result can be confirmed."))
    if match.self_umpired and user is not None and not is_official(user, match):
        side = player_side(user, match)
        # Entered through a match link, the entry has no user: the side is in the audit log.
        entered = player_side(match.result_entered_by, match) or side_of_link_entry(match)
        if side is None or match.result_entered_by_id == user.pk or (entered is not None and side == entered):
            raise NotAllowed("user", _("In a self-umpired match the player of the other side confirms the score card."))
    before = snapshot(match)
    transitions.move(match, S.CONFIRMED, reason=reason)
    match.save()
    if signed_in(user):
        match.boards.filter(voided=False, confirmed_by=None).update(confirmed_by=user)
    log_change(match, ResultChange.What.CONFIRMED, before, snapshot(match), user, reason)
    result_changed(match)
    return match


@transaction.atomic
def record_round_results(rnd, rows, user=None):
    """A round's results typed at the desk, each in its own transaction: a refused row (a law broken, a match of
    another round, a result confirmed before) loses none of the others. `rows`: [{"match": id, "games":
    [(score_a, score_b), ...], "correct": bool}]. Answers per row: {"match", "saved", "status"} or {"match",
    "saved": False, "errors": {field: [message]}}."""
    matches = {m.pk: m for m in played_matches(rnd).select_related("stage__event", "round")}
    outcomes = []
    for row in rows:
        match = matches.get(row["match"])
        if match is None:
            error = ServiceError("match", _("This match is not one of the round's."))
            outcomes.append({"match": row["match"], "saved": False, "errors": error.as_dict()})
            continue
        try:
            match = record_result(match, row["games"], confirm=True, user=user, correct=row.get("correct", False))
        except ServiceError as error:
            outcomes.append({"match": match.pk, "saved": False, "errors": error.as_dict()})
        else:
            outcomes.append({"match": match.pk, "saved": True, "status": match.status, "result": result_text(match)})
    return outcomes


def record_walkover(match, absent_side, user=None, reason="", withdrawal=False):
    """The side `absent_side` ("a" or "b") did not play: the opponent wins by walk-over, worth what the rule set's
    `walkover` says (`walkover_figures`: no score under ICF 143, 25-0 under ECC 18). `reason` names the law (a
    late arrival, ICF 143(a)-(h) from conduct). `withdrawal`: recorded because that side withdrew
    (scoring.withdrawals), so reinstating it takes the walkover back."""
    match = lock_match(match)
    transitions.require_published(match, "award a walkover")
    if match.status not in OPEN:
        raise ServiceError(
            "status", _("A %(status)s match cannot become a walkover.") % {"status": status_label(match.status)}
        )
    if absent_side not in ("a", "b") or match.entry_a_id is None or match.entry_b_id is None:
        raise ServiceError("absent_side", _("Say which side, a or b, did not play."))
    before = snapshot(match)
    transitions.move(match, S.WALKOVER, reason=reason, service="walkover")
    match.winner_id = match.entry_b_id if absent_side == "a" else match.entry_a_id
    match.score_a, match.score_b, match.games_a, match.games_b = walkover_figures(match, absent_side)
    match.save()
    after = {**snapshot(match), "absent_side": absent_side, **({"withdrawal": True} if withdrawal else {})}
    log_change(match, ResultChange.What.WALKOVER, before, after, user, reason)
    result_changed(match)
    return match


def walkover_figures(match, absent_side):
    """(score_a, score_b, games_a, games_b) of a match `absent_side` lost by walk-over, as its rule set says:
    ECC 18, 124 "loses the match 25-0": that score for each game the winner needs; ICF 143 and queen2 ¶10 "lose
    the entire match" give no score: none is written (None, None, 0, 0), and the standings count the win alone."""
    rules = match.stage.event.rules
    return rules.walkover.figures(match.stage.games_per_match or rules.games_per_match, absent_side)


@transaction.atomic
def retire(match, retiring_side, user=None, reason=""):
    """A player retires during play: the opponent wins (confirmed afterwards like any result)."""
    match = lock_match(match)
    if retiring_side not in ("a", "b"):
        raise ServiceError("side", _("Say which side, a or b, retires."))
    before = snapshot(match)
    transitions.move(match, S.RETIRED, reason=reason, service="retire")
    match.winner_id = match.entry_b_id if retiring_side == "a" else match.entry_a_id
    if match.score_a is None:
        match.score_a = match.score_b = 0
    match.save()
    log_change(
        match, ResultChange.What.RETIRED, before, {**snapshot(match), "retiring_side": retiring_side}, user, reason
    )
    return match


def transition(match, to_status, user=None, reason=""):
    """Move a match to `to_status` as a person asked, or raise TransitionError with the reason it is refused.

    Confirming goes through `confirm_result` (it checks who confirms and updates standings and brackets); every
    other move through `change_status` (reopening a confirmed result recomputes the bracket too)."""
    if to_status == S.CONFIRMED:
        return confirm_result(match, user=user, reason=reason)
    return change_status(match, to_status, user=user, reason=reason)


@transaction.atomic
def replay_from_board(match, game_no, board_no, user=None, reason=""):
    """Replay from board N of game G (e.g. after a protest): that board and every later one are voided (kept
    on record) and the match returns to play. The result, if it counted, stops counting."""
    match = lock_match(match)
    boards = list(match.boards.filter(voided=False).order_by("game_no", "number"))
    later = [b for b in boards if (b.game_no, b.number) >= (game_no, board_no)]
    final_only = not boards and match.games.filter(number__gte=game_no).exists() and board_no == 1
    if not final_only and not any((b.game_no, b.number) == (game_no, board_no) for b in boards):
        raise ServiceError(
            "from_board",
            _("Game %(game)s has no board %(board)s on this match's score card.")
            % {"game": game_no, "board": board_no},
        )
    if not reason.strip():
        raise TransitionError(_("Give a reason to replay from a board."))
    was_decided = match.is_decided
    before = {**snapshot(match), "voided_boards": [b.as_dict() for b in later]}
    # Game-level entries (tie-breaker, unfinished board) follow the last board of their game: voided with it.
    voided_entries = {n: entry for n, entry in match.card_extras.items() if int(n) >= game_no}
    if voided_entries:
        before["voided_entries"] = voided_entries
    transitions.move(match, S.IN_PLAY, reason=reason, service="replay")
    match.boards.filter(pk__in=[b.pk for b in later]).update(voided=True)
    match.card_extras = {n: entry for n, entry in match.card_extras.items() if int(n) < game_no}
    match.games.filter(number__gte=game_no).delete()
    match.replay_from_game, match.replay_from_board = game_no, board_no
    match.winner_id = None
    games = list(match.games.all())
    match.score_a = sum(g.score_a for g in games) if games else None
    match.score_b = sum(g.score_b for g in games) if games else None
    match.games_a = sum(1 for g in games if g.winner_side == "A")
    match.games_b = sum(1 for g in games if g.winner_side == "B")
    match.finished_at = None
    match.save()
    after = {**snapshot(match), "replay_from": {"game": game_no, "board": board_no}}
    log_change(match, ResultChange.What.REPLAY, before, after, user, reason)
    if was_decided:
        result_changed(match)
    return match


@transaction.atomic
def record_toss(match, winner, choice, user=None):
    """ICF 39: the winner of the toss ("a" or "b") chooses the break or the side; choosing the side leaves the
    break to the other (ICF 39(a), (c)). The toss opens the match, so it is refused once a board is on the card:
    the order of sitting then holds throughout the match (ICF 39(d)). Until the first board it may be corrected."""
    match = lock_match(match)
    rule_set = match.stage.event.rules
    law = rule_set.cite("toss")
    transitions.require_published(match, "record the toss")
    if match.entry_a_id is None or match.entry_b_id is None:
        raise ServiceError("winner", _("Both players of this match are not known yet."))
    if match.status not in UNFINISHED:
        status = status_label(match.status)
        raise ServiceError(
            "status",
            _("%(law)s: the toss opens a match; a %(status)s match has no toss to make.")
            % {"law": law, "status": status},
        )
    if match.boards.filter(voided=False).exists() or match.games.exists():
        raise ServiceError(
            "winner", _("%(law)s: the toss is made at the commencement of the match, before any board.") % {"law": law}
        )
    side = str(winner or "").upper()
    try:  # the rules app checks the toss (ICF 39) and says who breaks first
        state = rule_set.match_state(
            MatchInput(toss_winner=side, toss_choice=choice, games_per_match=match.stage.games_per_match)
        )
    except RuleError as error:
        field = "winner" if side not in ("A", "B") else "choice"
        raise ServiceError(field, error.message) from None
    before = {"toss_winner": match.toss_winner or None, "toss_choice": match.toss_choice or None}
    match.toss_winner, match.toss_choice = side.lower(), choice
    # A toss is made by both players at the board: both are present (the late-arrival deadline no longer runs).
    now = timezone.now()
    match.reported_a_at, match.reported_b_at = match.reported_a_at or now, match.reported_b_at or now
    match.save(update_fields=["toss_winner", "toss_choice", "reported_a_at", "reported_b_at", "updated_at"])
    after = {"toss_winner": match.toss_winner, "toss_choice": choice, "first_breaker": state.first_breaker_by_game[1]}
    log_change(match, ResultChange.What.TOSS, before, after, user)
    return match
