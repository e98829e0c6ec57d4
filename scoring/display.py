"""Wording of the scoring floor: the score card, what it announces next and the audit log, in plain words with the
players' names, as the match pages read them. Nothing here queries or decides; it only says."""

import json

from stages.models import Match

S = Match.Status
QUEEN_SHORT = {"covered_by_winner": "winner", "covered_by_loser": "loser", "on_board": "on board"}
QUEEN_WORDS = {
    "covered_by_winner": "covered by the winner",
    "covered_by_loser": "covered by the loser",
    "on_board": "on the board",
}
ENDED_BY = {
    "points_target": "points target reached",
    "extra_board": "decided by the extra board",
    "time_limit": "time limit (second bell)",
    "single_board": "one-board game",
}
# What the card page says once an action is done, by the action posted; filled in with the form's data.
SAVED = {
    "toss": "Toss recorded.",
    "board": "Board {board} of game {game} entered.",
    "tie_breaker": "Tie-breaker entered.",
    "sudden_death": "Sudden death round {round} entered.",
    "unfinished": "Unfinished board entered; the game ended at the second bell.",
    "final": "Final score entered.",
    "start": "Match started.",
    "confirm": "Result confirmed.",
}
# The audit log's title of a game-level entry, by the entry it holds (otherwise the change's own name).
ENTRY_TITLES = (
    ("tie_breaker", "Tie-breaker entered"),
    ("sudden_death", "Sudden death entered"),
    ("unfinished_board_at_second_bell", "Unfinished board at the second bell"),
)


def status_label(status):
    """A match state as prose: "in play", "confirmed"."""
    return S(status).label.lower()


def side_names(match):
    """The players of sides A and B; a side not known yet is "—", a missing B is the bye."""
    return {
        "A": str(match.entry_a) if match.entry_a_id else "—",
        "B": str(match.entry_b) if match.entry_b_id else "bye",
    }


def saved(action, data=None):
    """What the card page says once `action` is done (`data`: the form's cleaned data)."""
    return SAVED[action].format_map(data or {})


def result_saved(match):
    """What the stage page says once the secretary saved a result."""
    return f"Result saved: {match.entry_a} v {match.entry_b}."


def already_confirmed(match):
    """Why a final result is refused over a confirmed one, and how the secretary corrects it on purpose."""
    games = ", ".join(f"{g.score_a}-{g.score_b}" for g in match.games.order_by("number"))
    shown = f" ({games})" if games else ""
    return (
        f"This match already has a confirmed result{shown}; a second entry does not replace it. To change it, "
        "correct it: the stage page's 'Correct' link (tick 'Correct the confirmed result'), or in the API send "
        'the games again with "correct": true.'
    )


# ---------------------------------------------------------------- the score card in words


def game_ended(state):
    """How a game ended (rules.game.GameState): "after eight boards", "decided by the tie breaker", ..."""
    if state.decided_by in ("tie_breaker", "sudden_death"):
        return f"decided by the {state.decided_by.replace('_', ' ')}"
    if state.ended_by and state.ended_by.endswith("_boards"):
        return f"after {state.ended_by.replace('_', ' ')}"
    return ENDED_BY.get(state.ended_by, "")


def queen_short(queen):
    """The queen column of a score card row."""
    return QUEEN_SHORT.get(queen, "—")


def special_text(special_ending):
    """The special finish of a board, or "" after an ordinary one."""
    return special_ending["situation"].replace("_", " ") if special_ending else ""


def chances(attempts):
    return " ".join("✓" if pocketed else "✗" for pocketed in attempts) or "—"


def tie_breaker_words(tie, names):
    attempts = tie.get("attempts") or {}
    return (
        f"Tie-breaker, {names.get(tie.get('first'), '?')} first: "
        f"{names['A']} {chances(attempts.get('A', []))}, {names['B']} {chances(attempts.get('B', []))}"
    )


def sudden_death_words(rounds, names):
    played = "; ".join(
        f"round {n}: {names['A']} {chances([r.get('A')])}, {names['B']} {chances([r.get('B')])}"
        for n, r in enumerate(rounds, 1)
    )
    return f"Sudden death: {played or 'no round yet'}"


def unfinished_words(board, names, award=None):
    coins = board.get("coins_left") or {}
    holder = names.get(board.get("queen_held_by"), "nobody")
    text = (
        f"Board {board.get('board_no')} unfinished at the second bell: c/m left {names['A']} {coins.get('A')}, "
        f"{names['B']} {coins.get('B')} (queen held by {holder}, not counted)"
    )
    if award:
        text += f"; {award['points']} to {names[award['player']]}"
    return text


def entry_words(entries, names, state=None):
    """A game's game-level entries in words (tie-breaker, sudden death, unfinished board at the second bell)."""
    award = state.time_limit_award if state is not None else None
    words = []
    if entries.get("tie_breaker"):
        words.append(tie_breaker_words(entries["tie_breaker"], names))
    if entries.get("sudden_death"):
        words.append(sudden_death_words(entries["sudden_death"], names))
    if entries.get("unfinished_board_at_second_bell"):
        words.append(unfinished_words(entries["unfinished_board_at_second_bell"], names, award))
    return words


def announcements(card, match, names, rule_set):
    """What the card announces next, in plain words with the players' names (ICF 39, 49, 56, 60; queen2 ¶12-16)."""
    if card.current is None:
        winner = card.match.winner
        return [f"Match over: {names[winner]} wins." if winner else "Match over: a draw."]
    state, game_no = card.current, card.current_game
    lines = []
    if not match.toss_winner and not any(game.boards for game in card.games):
        lines.append(
            f"No toss recorded: {names['A']} breaks first unless the toss says otherwise ({rule_set.cite('toss')})."
        )
    if state.tie_breaker_needed:
        lines.append(
            f"Game {game_no} is level after {state.boards_played} boards: a tie-breaker decides it, three chances "
            f"each, alternately, the toss winner first ({rule_set.cite('tie')})."
        )
    elif state.sudden_death_needed:
        lines.append(
            f"Still level after the tie-breaker: sudden death decides game {game_no}, a chance each per round until "
            f"one pockets and the other misses ({rule_set.cite('tie')})."
        )
    elif state.extra_board_needed:
        lines.append(
            f"Game {game_no} is level after {state.boards_played} boards: an extra board decides it; "
            f"toss for the break and say who won it ({rule_set.cite('tie')})."
        )
    elif state.next_breaker:
        lines.append(
            f"Game {game_no}, board {state.next_board}: {names[state.next_breaker]} breaks ({rule_set.cite('breaks')})."
        )
    if state.change_sides_after_board is not None and state.change_sides_after_board == state.boards_played:
        law = rule_set.side_change_rule.split(":")[0]
        lines.append(f"Change of sides now, after board {state.boards_played} ({law}).")
    return lines


# ---------------------------------------------------------------- the audit log in words


def change_title(change):
    """The "what" of a row of the match's history."""
    after = change.after if isinstance(change.after, dict) else {}
    for key, title in ENTRY_TITLES:
        if key in after:
            return title
    return change.get_what_display()


def change_author(change):
    """Who made a change: the user's name, or "system" for a change no one signed (a management command)."""
    return change.user.get_username() if change.user else "system"


def board_words(board, names):
    """A score card row in words: "Game 1, board 2: B broke; A won, 3 c/m left, queen covered by the winner; 6 to
    A; 14–3"."""
    side = names.get(board.get("winner"))
    how = f"{side} won, {board.get('coins_left_of_loser') or 0} c/m left" if side else "special finish"
    if board.get("special_ending"):
        how = f"special finish: {board['special_ending'].get('situation', '').replace('_', ' ')}"
    queen = QUEEN_WORDS.get(board.get("queen"), "not stated")
    totals = board.get("totals") or {}
    awarded = names.get(board.get("awarded_to"), "nobody")
    return (
        f"Game {board.get('game')}, board {board.get('board')}: {names.get(board.get('breaker'), '?')} broke; "
        f"{how}, queen {queen}; {board.get('points', 0)} to {awarded}; {totals.get('A')}–{totals.get('B')}"
    )


def entry_kinds(entries_by_game):
    return sorted({kind.replace("_", " ") for entry in entries_by_game.values() for kind in entry})


def describe(value, names, entry_names):
    """A before or after value of the audit log in words; keys it does not know are shown as they are."""
    if value is None or value == {} or value == []:
        return "—"
    if not isinstance(value, dict):
        return str(value)
    if "breaker" in value and "board" in value:
        return board_words(value, names)
    rest = dict(value)
    parts = [*result_words(rest, entry_names), *card_words(rest, names), *toss_and_replay_words(rest, names)]
    for key, item in rest.items():
        if item not in (None, "", [], {}):
            parts.append(f"{key.replace('_', ' ')}: {item if isinstance(item, str | int) else json.dumps(item)}")
    return "; ".join(parts) or "—"


def result_words(rest, entry_names):
    """The result fields of scoring.audit.snapshot (taken out of `rest`)."""
    parts = []
    if "status" in rest:
        status = rest.pop("status")
        parts.append(f"status: {status_label(status) if status in S.values else status}")
    a, b = rest.pop("score_a", None), rest.pop("score_b", None)
    if a is not None or b is not None:
        parts.append(f"points {a}–{b}")
    ga, gb = rest.pop("games_a", None), rest.pop("games_b", None)
    if ga or gb:
        parts.append(f"games won {ga}–{gb}")
    if "winner" in rest:
        winner = rest.pop("winner")
        parts.append(f"winner: {entry_names.get(winner, winner) if winner else 'none'}")
    games = rest.pop("games", None)
    if games and isinstance(games, list):
        parts.append("games " + ", ".join(f"{g[0]}–{g[1]}" for g in games))
    return parts


def card_words(rest, names):
    """A game-level entry of the card and where it left its game (taken out of `rest`)."""
    parts = []
    if "game" in rest:
        parts.append(f"game {rest.pop('game')}")
    scores = rest.pop("scores", None)
    if scores:
        parts.append(f"score {scores.get('A')}–{scores.get('B')}")
    if rest.pop("game_over", False):
        parts.append("game over")
    if rest.get("tie_breaker"):
        parts.append(tie_breaker_words(rest.pop("tie_breaker"), names))
    if rest.get("sudden_death"):
        parts.append(sudden_death_words(rest.pop("sudden_death"), names))
    if rest.get("unfinished_board_at_second_bell"):
        board, award = rest.pop("unfinished_board_at_second_bell"), rest.pop("time_limit_award", None)
        parts.append(unfinished_words(board, names, award))
    return parts


def toss_and_replay_words(rest, names):
    """The toss (ICF 39) and a replay from a board, with what it voided (taken out of `rest`)."""
    parts = []
    if "toss_winner" in rest:
        winner, choice = rest.pop("toss_winner"), rest.pop("toss_choice", None)
        parts.append(
            f"toss won by {names.get(winner.upper(), winner)}, chose {choice}" if winner else "no toss recorded"
        )
    if "first_breaker" in rest:
        parts.append(f"{names.get(rest.pop('first_breaker'), '?')} breaks first")
    replay = rest.pop("replay_from", None)
    if replay:
        parts.append(f"replay from game {replay.get('game')}, board {replay.get('board')}")
    voided_entries = rest.pop("voided_entries", None)
    if voided_entries:
        games = ", ".join(sorted(voided_entries))
        parts.append(f"voided game-level entries of game {games}: {', '.join(entry_kinds(voided_entries))}")
    if rest.get("voided_boards"):
        parts.append("voided: " + " | ".join(board_words(board, names) for board in rest.pop("voided_boards")))
    return parts
