"""What the stroke page shows: the card's next board, the board kept now as the engine plays its strokes (state,
what follows, the strokes so far), the stroke clock. Read only; the wording is strokes.display's."""

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from matches.scoring import scorecard
from matches.scoring.display import side_names
from matches.strokes import display
from matches.strokes.models import KeptBoard
from rules.errors import RuleError
from rules.strokes import Opening, Stroke, play_strokes


def next_board(match):
    """(game, board, breaker, scores) of the card's next board, breaker None when a toss decides it (ICF 56(b));
    a ServiceError says why the card takes no board now."""
    boards = scorecard.open_card(match)
    card = scorecard.card_state(match, boards)
    state = card.current
    if state is None:
        raise ServiceError("board", _("The match is over: no board is left to keep."))
    if state.tie_breaker_needed or state.sudden_death_needed:
        message = _("%(law)s: the game is level; a tie-breaker decides it, not a board")
        raise ServiceError("board", message % {"law": match.stage.event.rules.cite("tie")})
    return card.current_game, state.next_board, state.next_breaker, dict(state.scores)


def opening_of(kept):
    """The engine's opening of a kept board: who breaks, the game's score before it."""
    return Opening(breaker=kept.breaker, scores_before=kept.scores_before, stage=None)


def played_of(kept, strokes, rule_set):
    """The engine's answer for a kept board after its strokes: stored rows or Stroke objects."""
    return play_strokes(rule_set, opening_of(kept), [as_stroke(item) for item in strokes])


def as_stroke(item):
    return item if isinstance(item, Stroke) else Stroke.from_dict(item.data)


def fouls_by_key(rule_set):
    """The fouls the rule set names at the board (its stroke laws), by key: what a stroke's words look up."""
    return {foul.key: foul for foul in rule_set.stroke_fouls()}


def stroke_rows(played, rows, names, fouls):
    """The strokes in order: number, words, what followed (with the law)."""
    before = [played.opening_state, *played.states]
    listed = []
    for row, state_before, state_after in zip(rows, before, played.states, strict=False):
        striker = state_before.as_dict()["turn"]
        words = display.stroke_words(row.data, striker, names, fouls)
        listed.append({"seq": row.seq, "words": words, "follows": state_after.as_dict().get("follows") or []})
    return listed


def clock_of(state, rows, kept, now=None):
    """The stroke clock (ICF 50: 15 s; queen2 ¶2: 10 s), restarted by each stroke: its seconds and how many have
    run since the last stroke (or the board's start) when the page was made."""
    since = rows[-1].recorded_at if rows else kept.started_at
    elapsed = max(0, int(((now or timezone.now()) - since).total_seconds()))
    seconds = state.get("stroke_seconds")
    return {"seconds": seconds, "elapsed": elapsed, "left": max(0, seconds - elapsed) if seconds else None}


def board_view(kept, rule_set, names):
    """The board kept now, as the engine plays it."""
    rows = list(kept.strokes.order_by("seq"))
    fouls = fouls_by_key(rule_set)
    try:
        played = played_of(kept, rows, rule_set)
    except RuleError as error:  # strokes the engine no longer reads (a changed rule set): said, not a crash
        return {"kept": kept, "broken": error.message}
    state = played.state.as_dict()
    return {
        "kept": kept,
        "state": state,
        "sides": display.sides(state, names),
        "queen": display.queen_text(state, names),
        "follows": state.get("follows") or [],
        "strokes": stroke_rows(played, rows, names, fouls)[::-1],  # the latest first
        "last_seq": rows[-1].seq if rows else None,
        "next_seq": len(rows) + 1,
        "clock": clock_of(state, rows, kept),
        "fouls": list(fouls.values()),
        "time_out": rule_set.stroke_laws.time_out is not None,  # not offered where the text has none (office)
        "scores": kept.scores_before,
    }


def stroke_page(match):
    """The stroke page: the board kept now (if it is still the card's next), else what may be started."""
    rule_set = match.stage.event.rules
    names = side_names(match)
    page = {"match": match, "tournament": match.stage.event.tournament, "rule_set": rule_set, "names": names}
    try:
        game_no, board_no, breaker, scores = next_board(match)
    except ServiceError as error:
        page["closed"] = error.message
    else:
        page["next"] = {
            "game": game_no,
            "board": board_no,
            "breaker": breaker,
            "breaker_name": names.get(breaker),
            "scores": scores,
        }
        kept = match.kept_boards.filter(status=KeptBoard.Status.PLAYING).first()
        if kept is not None and (kept.game_no, kept.board_no) == (game_no, board_no):
            page["board"] = board_view(kept, rule_set, names)
        elif kept is not None:
            page["stale"] = kept
    last = match.kept_boards.filter(status=KeptBoard.Status.ENTERED).select_related("board").last()
    if last is not None and last.board is not None and not last.board.voided:
        page["last_entered"] = last
    return page


def live_board(match, game_no, board_no):
    """Board `board_no` of game `game_no` as it stands while it is kept stroke by stroke, for the featured screens:
    each side's c/m left, colour and dues, whose turn, the queen, the strokes played; None when it is not kept."""
    kept = match.kept_boards.filter(status=KeptBoard.Status.PLAYING, game_no=game_no, board_no=board_no).first()
    if kept is None:
        return None
    rows = list(kept.strokes.order_by("seq"))
    try:
        played = played_of(kept, rows, match.stage.event.rules)
    except RuleError:
        return None
    state, names = played.state.as_dict(), side_names(match)
    sides = {side["key"]: side for side in display.sides(state, names)}
    return {"sides": sides, "queen": display.queen_text(state, names), "strokes": len(rows)}


# ---------------------------------------------------------------- the strokes a protest may cite


def record_of(match, game_no, board_no):
    """Board `board_no` of game `game_no` as kept stroke by stroke: the latest keeping neither abandoned nor voided
    by a replay since, or None when the board was not kept that way."""
    kept = match.kept_boards.filter(game_no=game_no, board_no=board_no)
    kept = kept.exclude(status=KeptBoard.Status.ABANDONED).exclude(board__voided=True)
    return kept.order_by("-pk").first()


def strokes_of(kept, rule_set, names):
    """The strokes of a kept board in order, each with its words and what followed; None when they no longer read
    under the rules."""
    rows = list(kept.strokes.all())
    try:
        played = played_of(kept, rows, rule_set)
    except RuleError:
        return None
    return stroke_rows(played, rows, names, fouls_by_key(rule_set))


def boards_with_strokes(match):
    """Every board of the match as kept stroke by stroke (its record, as `record_of` finds it), in order: game,
    board and the strokes in words. Boards with no stroke yet, or strokes no longer read, are left out."""
    kept = match.kept_boards.exclude(status=KeptBoard.Status.ABANDONED).exclude(board__voided=True)
    latest = {}
    for row in kept.order_by("pk").prefetch_related("strokes"):
        latest[row.game_no, row.board_no] = row
    rule_set, names = match.stage.event.rules, side_names(match)
    boards = []
    for (game_no, board_no), row in sorted(latest.items()):
        strokes = strokes_of(row, rule_set, names)
        if strokes:
            boards.append({"game": game_no, "board": board_no, "strokes": strokes})
    return boards


def cited_stroke(row, rule_set, names):
    """A stored stroke (BoardStroke, or None once undone) in words, with what followed it as its board's strokes
    play; None when it is gone or no longer reads under the rules."""
    if row is None:
        return None
    strokes = strokes_of(row.kept, rule_set, names) or []
    return next((stroke for stroke in strokes if stroke["seq"] == row.seq), None)
