"""The score card (ICF XIX): board by board, every board through the rules app.

`card_state(match)` replays the stored boards through the match's rule set and says where the match stands and
what the card announces next (next breaker, change of sides, extra board, tie-breaker). `add_board` appends a
board after the rules app has accepted it, and finishes the game and the match when the rules say so.
`add_game_entry` records the entries that belong to a game rather than a board (`Match.card_extras`): the queen2
tie-breaker and sudden death (queen2 ¶12-16) and the ECC board unfinished at the second bell (ECC 39-41).
"""

from dataclasses import dataclass, field
from datetime import timedelta

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, ServiceError
from matches import transitions
from matches.audit import log_change, signed_in, snapshot
from matches.display import status_label
from matches.models import ResultChange
from matches.scoring.models import Board, Game
from matches.scoring.services import update_result
from matches.scoring.signals import game_finished
from matches.services import lock_match
from rules.base import get_rule_set
from rules.board import BoardInput
from rules.conduct import concede_game
from rules.errors import RuleError
from rules.game import GameInput
from rules.match import GameResult, MatchInput
from rules.slams import check_slam
from rules.tiebreak import TieBreaker
from rules.timing import UnfinishedBoard
from stages.models import UNFINISHED, Match
from stages.rules_round import rules_round_of

S = Match.Status
BOARD_FIELDS = ("winner", "coins_left_of_loser", "queen", "loser_outstanding_dues", "special_ending", "slam")
# Game-level entries of the card, in rules.game.GameInput's names.
GAME_ENTRIES = ("tie_breaker", "sudden_death", "unfinished_board_at_second_bell")


def toss_of(match):
    """ICF 39: without a recorded toss, side A breaks first (the draw's order)."""
    return (match.toss_winner or "a").upper(), match.toss_choice or "break"


def round_clock(match):
    """The clock of the match's round, or None (cached on the round: the card reads it more than once)."""
    # The clock (scheduling.models.RoundClock) belongs to the floor above; it is read through the round.
    try:
        return match.round.clock
    except ObjectDoesNotExist:
        return None


def bells_of(match):
    """The first and second bell of the match's round clock (ECC 39-41), or (None, None) without a clock."""
    clock = round_clock(match)
    return (None, None) if clock is None else (clock.first_bell_at, clock.second_bell_at)


def game_entries(extras, number):
    """The stored game-level entries of game `number` as GameInput arguments (TieBreaker, UnfinishedBoard)."""
    entry = extras.get(str(number)) or {}
    values = {}
    try:
        if entry.get("tie_breaker") is not None:
            tie = entry["tie_breaker"]
            values["tie_breaker"] = TieBreaker(first=tie.get("first"), attempts=tie.get("attempts") or {})
        if entry.get("sudden_death"):
            values["sudden_death"] = list(entry["sudden_death"])
        if entry.get("unfinished_board_at_second_bell") is not None:
            board = entry["unfinished_board_at_second_bell"]
            values["unfinished_board_at_second_bell"] = UnfinishedBoard(
                board_no=board.get("board_no"),
                coins_left=board.get("coins_left"),
                queen_held_by=board.get("queen_held_by"),
            )
    except AttributeError:
        message = _("Game %(game)s: a game-level entry of the score card is not in the rules' shape.")
        raise ServiceError("game", message % {"game": number}) from None
    return values


@dataclass
class GameCard:
    number: int
    first_breaker: str
    boards: list = field(default_factory=list)
    state: object = None  # rules.game.GameState
    entries: dict = field(default_factory=dict)  # the game-level entries stored for this game

    def as_dict(self):
        state = self.state
        return {
            "game": self.number,
            "first_breaker": self.first_breaker,
            "boards": [board.as_dict() for board in self.boards],
            "running_totals": state.running_totals,
            "scores": state.scores,
            "game_over": state.game_over,
            "ended_by": state.ended_by,
            "winner": state.winner,
            "final_score": state.final_score,
            "decided_by": state.decided_by,
            "time_limit_award": state.time_limit_award,
            "entries": self.entries,
        }


@dataclass
class CardState:
    """Where a match's score card stands, as the rules app sees it."""

    rule_set: str
    round: str
    games: list
    match: object  # rules.match.MatchState
    current_game: int | None
    current: object = None  # GameState of the game in play (None when the match is over)

    @property
    def announcements(self):
        """What the card announces next: breaker, change of sides, extra board, tie-breaker (ICF 49, 56, 60)."""
        state = self.current
        if state is None:
            return {"match_over": True, "winner": self.match.winner}
        return {
            "match_over": False,
            "game": self.current_game,
            "next_board": state.next_board,
            "next_breaker": state.next_breaker,
            "toss_for_break": state.toss_for_break,
            "change_sides_after_board": state.change_sides_after_board,
            "extra_board_needed": state.extra_board_needed,
            "tie_breaker_needed": state.tie_breaker_needed,
            "sudden_death_needed": state.sudden_death_needed,
        }

    def as_dict(self):
        return {
            "rule_set": self.rule_set,
            "round": self.round,
            "games": [game.as_dict() for game in self.games],
            "games_won": self.match.games_won,
            "match_over": self.match.match_over,
            "winner": self.match.winner,
            "announcements": self.announcements,
        }


def card_state(match, boards=None, extras=None):
    """Replay the match's boards (non-voided, or `boards`) and its game-level entries (`Match.card_extras`, or
    `extras`) through its rule set, with the bells of the round clock when the round has one (ECC 39-41)."""
    rule_set = match.stage.event.rules
    round_key = rules_round_of(match)
    if boards is None:
        boards = list(match.boards.filter(voided=False).order_by("game_no", "number"))
    extras = match.card_extras if extras is None else extras
    first_bell, second_bell = bells_of(match)
    toss_winner, toss_choice = toss_of(match)
    try:
        opening = rule_set.match_state(
            MatchInput(
                toss_winner=toss_winner,
                toss_choice=toss_choice,
                round=round_key,
                games_per_match=match.stage.games_per_match,
            )
        )
        games, results = [], []
        numbers = sorted({b.game_no for b in boards} | {int(n) for n, entry in extras.items() if entry} | {1})
        for number in numbers:
            game = GameCard(number, opening.first_breaker_by_game.get(number, "A"), entries=extras.get(str(number), {}))
            game.boards = [b for b in boards if b.game_no == number]
            game.state = rule_set.play_game(
                GameInput(
                    boards=[BoardInput.from_dict(b.as_input()) for b in game.boards],
                    round=round_key,
                    game_no=number,
                    first_breaker=game.first_breaker,
                    first_bell_at=first_bell,
                    second_bell_at=second_bell,
                    **game_entries(extras, number),
                )
            )
            conceded = game.entries.get("conceded_by")  # ICF 139: the game goes to the opponent, no score of its own
            if conceded:
                concede_game(game.state, conceded)
            games.append(game)
            if game.state.game_over:
                results.append(GameResult(number, game.state.winner, None if conceded else game.state.final_score))
        state = rule_set.match_state(
            MatchInput(
                toss_winner=toss_winner,
                toss_choice=toss_choice,
                games=results,
                round=round_key,
                games_per_match=match.stage.games_per_match,
            )
        )
    except RuleError as error:
        raise ServiceError(error.field, error.message) from None
    current = None
    if not state.match_over:
        if games[-1].state.game_over:  # the next game has not started: an empty card for it
            game = GameCard(state.next_game, state.next_first_breaker or "A")
            game.state = rule_set.play_game(
                GameInput(
                    boards=[],
                    round=round_key,
                    game_no=game.number,
                    first_breaker=game.first_breaker,
                    first_bell_at=first_bell,
                    second_bell_at=second_bell,
                )
            )
            games.append(game)
        current = games[-1].state
    return CardState(
        rule_set=rule_set.key,
        round=round_key,
        games=games,
        match=state,
        current_game=None if state.match_over else games[-1].number,
        current=current,
    )


def board_values(data):
    """The fields of a board entry (the rules endpoint's board shape) that the score card keeps."""
    values = {key: data.get(key) for key in BOARD_FIELDS}
    values["coins_left_of_loser"] = values["coins_left_of_loser"] or 0
    values["loser_outstanding_dues"] = values["loser_outstanding_dues"] or 0
    if values["special_ending"] is not None:
        values["special_ending"] = dict(values["special_ending"])
    return values


def open_card(match):
    """The non-voided boards of a locked match whose card takes entries; refuse a card that takes none."""
    transitions.require_published(match, "fill its score card")
    if match.entry_a_id is None or match.entry_b_id is None:
        raise ServiceError("match", _("Both players of this match are not known yet."))
    if match.status not in UNFINISHED:
        if match.status in (S.FINISHED, S.CONFIRMED):
            message = _("A %(status)s match takes no more boards. Use 'replay from board N' to reopen it.")
        else:
            message = _("A %(status)s match takes no more boards.")
        raise ServiceError("status", message % {"status": status_label(match.status)})
    boards = list(match.boards.filter(voided=False).order_by("game_no", "number"))
    if not boards and match.games.exists():
        raise ServiceError("game", _("This match has a final score only; it keeps no board-by-board score card."))
    return boards


def start_on_first_entry(match, user):
    """The first entry on the card starts the match."""
    if match.status != S.IN_PLAY:
        old = transitions.move(match, S.IN_PLAY)
        log_change(match, ResultChange.What.STATUS, {"status": old}, {"status": match.status}, user)


def finish_if_over(match, game_no, after, user):
    """Store game `game_no` once the rules say it is over, and finish the match once they say it is over; save."""
    game_card = next(g for g in after.games if g.number == game_no)
    if game_card.state.game_over:
        final = game_card.state.final_score
        Game.objects.update_or_create(
            match=match,
            number=game_no,
            defaults={"score_a": final["A"], "score_b": final["B"], "winner_side": game_card.state.winner or ""},
        )
        game_finished.send(sender=Match, match=match, game_no=game_no, match_over=after.match.match_over)
    if after.match.match_over:
        result_before = snapshot(match)
        update_result(match, after.match)
        transitions.move(match, S.FINISHED, service="result")
        match.save()
        log_change(match, ResultChange.What.RESULT, result_before, snapshot(match), user)
    else:
        match.save()


# A board lasts minutes; the same entry from the same user twice within this many seconds is a resend.
REPEAT_SECONDS = 30


def refuse_repeat(match, game_no, data, user, now=None):
    """An entry without its board number that repeats the last board of the card (same user, same game, same
    values, within REPEAT_SECONDS) is the same request sent again, not a new board.

    A referee on a flaky phone taps "save" again when the answer does not come; the first request may well have
    arrived. He wants that board once, and to see the card as it stands (409 with the card), never a doubled
    board that a replay must undo. Two boards that really end alike in a row are added by sending `board` (the
    card's next board number), which the page always does; that also makes any retry safe."""
    user = signed_in(user)
    last = match.boards.filter(voided=False).order_by("game_no", "number").last()
    if user is None or last is None or last.entered_by_id != user.pk:
        return
    recent = (now or timezone.now()) - last.entered_at <= timedelta(seconds=REPEAT_SECONDS)
    if game_no not in (None, last.game_no) or not recent:
        return
    sent, kept = board_values(data), {key: getattr(last, key) for key in BOARD_FIELDS}
    if data.get("breaker") not in (None, last.breaker) or any((sent[k] or None) != (kept[k] or None) for k in sent):
        return
    message = _(
        "Board %(board)s of game %(game)s, exactly this entry, was recorded by you moments ago; it is "
        "not added twice. If the next board ended the same way, send it with its number (board)."
    )
    raise Conflict("board", message % {"board": last.number, "game": last.game_no})


def checked_breaker(rule_set, next_breaker, breaker):
    """Who breaks the next board: `next_breaker`, the break passing alternately (ICF 49), or `breaker` ("A" or
    "B"), who won the toss where one decides (ICF 56(b): no `next_breaker`). Any other is refused."""
    if next_breaker is None:
        if breaker not in ("A", "B"):
            message = _("%(law)s: a toss decides who breaks; say who won it (A or B)")
            raise ServiceError("breaker", message % {"law": rule_set.cite("tie")})
        return breaker
    if breaker not in (None, next_breaker):
        message = _("%(law)s: the break passes alternately; %(breaker)s breaks now")
        raise ServiceError("breaker", message % {"law": rule_set.cite("breaks"), "breaker": next_breaker})
    return next_breaker


@transaction.atomic
def add_board(match, game_no, data, user=None, board_no=None, refuse_repeats=False):
    """Append a board to the card after the rules app has scored it, and return the card's new state.

    `data` is the rules endpoint's board shape (winner "A"/"B", coins_left_of_loser, queen,
    loser_outstanding_dues, special_ending); `breaker` is needed only when a toss decides the break (ICF 56(b)).
    `board_no`, when given, is the board the entry is meant for: a repeated submission is refused, not added twice.
    `refuse_repeats` (an entry without `board_no` from the API): see refuse_repeat.
    The game ends, and then the match, when the rules say so."""
    match = lock_match(match)
    if refuse_repeats and board_no is None:  # before open_card: the resent last board of a finished match too
        refuse_repeat(match, game_no, data, user)
    boards = open_card(match)
    before = card_state(match, boards)
    rule_set = get_rule_set(before.rule_set)
    game_no = before.current_game if game_no is None else game_no
    if board_no is not None and any((b.game_no, b.number) == (game_no, board_no) for b in boards):
        message = _(
            "Board %(board)s of game %(game)s is already on the card; the next is board %(next)s of game %(in_play)s."
        )
        next_board = before.current.next_board if before.current else "—"
        in_play = before.current_game or "—"
        raise Conflict("board", message % {"board": board_no, "game": game_no, "next": next_board, "in_play": in_play})
    if game_no != before.current_game:
        finished = next((g for g in before.games if g.number == game_no), None)
        if finished is not None:  # let the rules app say why the game takes no more boards (ICF 56)
            extra = Board(match=match, game_no=game_no, number=len(finished.boards) + 1, **board_values(data))
            card_state(match, [*boards, extra])
        message = _("%(law)s: the next board belongs to game %(game)s")
        raise ServiceError("game", message % {"law": rule_set.cite("match"), "game": before.current_game})
    state = before.current
    if state.tie_breaker_needed or state.sudden_death_needed:
        message = _("%(law)s: the game is level; a tie-breaker decides it, not a board")
        raise ServiceError("game", message % {"law": rule_set.cite("tie")})
    if board_no is not None and board_no != state.next_board:
        message = _("The next board of game %(game)s is board %(next)s, not %(board)s.")
        raise ServiceError("board", message % {"game": game_no, "next": state.next_board, "board": board_no})
    breaker = checked_breaker(rule_set, state.next_breaker, data.get("breaker"))
    values = board_values(data)
    board = Board(
        match=match,
        game_no=game_no,
        number=state.next_board,
        breaker=breaker,
        entered_by=signed_in(user),
        **{k: ("" if v is None and k in ("winner", "queen", "slam") else v) for k, v in values.items()},
    )
    try:  # ICF 26: refused on its own field (in the game below the rules app names the board instead)
        check_slam(rule_set, BoardInput.from_dict(board.as_input()))
    except RuleError as error:
        raise ServiceError(error.field, error.message) from None
    boards.append(board)
    after = card_state(match, boards)  # the rules app validates the new board in its game
    scored = next(g for g in after.games if g.number == game_no).state.boards[-1]
    board.awarded_to = scored.awarded_to or ""
    board.points = scored.points
    board.total_a, board.total_b = scored.scores_after["A"], scored.scores_after["B"]
    board.law = scored.law[:120]
    start_on_first_entry(match, user)
    board.save()
    log_change(match, ResultChange.What.BOARD_ADDED, None, board.as_dict(), user)
    match.result_entered_by = board.entered_by
    finish_if_over(match, game_no, after, user)
    return after


@transaction.atomic
def add_game_entry(match, game_no, kind, data, user=None):
    """Record a game-level entry of the card (`kind` in GAME_ENTRIES, `data` in rules.game.GameInput's JSON shape)
    after the rules app has accepted it in its game, and return the card's new state. An entry replaces the
    game's earlier entry of the same kind: a tie-breaker is entered as its chances are taken (queen2 ¶12), sudden
    death as its rounds are played (queen2 ¶14-15), the unfinished board once, at the second bell (ECC 41).
    The game ends, and then the match, when the rules say so (the same path as add_board)."""
    if kind not in GAME_ENTRIES:
        raise ServiceError("kind", _("A game-level entry is one of: %(kinds)s.") % {"kinds": ", ".join(GAME_ENTRIES)})
    match = lock_match(match)
    boards = open_card(match)
    before = card_state(match, boards)
    rule_set = get_rule_set(before.rule_set)
    game_no = before.current_game if game_no is None else game_no
    if game_no != before.current_game:
        message = _("%(law)s: game %(game)s is not in play; game %(in_play)s is")
        raise ServiceError(
            "game", message % {"law": rule_set.cite("match"), "game": game_no, "in_play": before.current_game}
        )
    extras = {number: dict(entry) for number, entry in match.card_extras.items()}
    entry = extras.setdefault(str(game_no), {})
    previous = entry.get(kind)
    entry[kind] = data
    after = card_state(match, boards, extras)  # the rules app validates the entry in its game
    if kind == "unfinished_board_at_second_bell":
        check_second_bell(match, rule_set)
    match.card_extras = extras
    start_on_first_entry(match, user)
    game = next(g for g in after.games if g.number == game_no).state
    outcome = {"game": game_no, kind: data, "scores": game.scores, "game_over": game.game_over}
    if game.time_limit_award is not None:
        outcome["time_limit_award"] = game.time_limit_award
    what = ResultChange.What.TIME_LIMIT if kind == "unfinished_board_at_second_bell" else ResultChange.What.BOARD_ADDED
    log_change(match, what, {"game": game_no, kind: previous}, outcome, user)
    match.result_entered_by = signed_in(user)
    finish_if_over(match, game_no, after, user)
    return after


def check_second_bell(match, rule_set, now=None):
    """ECC 41: play stops at the second bell and only then is the unfinished board counted. With a round clock
    the entry waits for its second bell; without one the umpire keeps the time."""
    second_bell = bells_of(match)[1]
    if second_bell is not None and (now or timezone.now()) < second_bell:
        rings = timezone.localtime(second_bell).strftime("%H:%M")
        message = _("%(law)s: the unfinished board is counted when the second bell rings (%(rings)s)")
        raise ServiceError(
            "unfinished_board_at_second_bell", message % {"law": rule_set.cite("second_bell"), "rings": rings}
        )
