"""Wording of the scoring floor: the score card, what it announces next and the audit log, in plain words with the
players' names, as the match pages read them. Nothing here queries or decides; it only says."""

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches.display import status_label
from matches.ties.services import rubber_players
from stages.models import Match
from tournaments.models import entry_name

S = Match.Status
QUEEN_SHORT = {
    "covered_by_winner": pgettext_lazy("queen column of the score card: covered by", "winner"),
    "covered_by_loser": pgettext_lazy("queen column of the score card: covered by", "loser"),
    "on_board": pgettext_lazy("queen column of the score card", "on board"),
}
QUEEN_WORDS = {
    "covered_by_winner": gettext_lazy("queen covered by the winner"),
    "covered_by_loser": gettext_lazy("queen covered by the loser"),
    "on_board": gettext_lazy("queen on the board"),
}
ENDED_BY = {
    "points_target": gettext_lazy("points target reached"),
    "extra_board": gettext_lazy("decided by the extra board"),
    "time_limit": gettext_lazy("time limit (second bell)"),
    "single_board": gettext_lazy("one-board game"),
    "conceded": gettext_lazy("conceded (ICF 139)"),
    # The board limit, named by its number (rules.game.NUMBER_WORDS).
    "two_boards": gettext_lazy("after two boards"),
    "three_boards": gettext_lazy("after three boards"),
    "four_boards": gettext_lazy("after four boards"),
    "five_boards": gettext_lazy("after five boards"),
    "six_boards": gettext_lazy("after six boards"),
    "seven_boards": gettext_lazy("after seven boards"),
    "eight_boards": gettext_lazy("after eight boards"),
}
DECIDED_BY = {
    "tie_breaker": gettext_lazy("decided by the tie breaker"),
    "sudden_death": gettext_lazy("decided by the sudden death"),
}
# What the card page says once an action is done, by the action posted; filled in with the form's data.
SAVED = {
    "toss": gettext_lazy("Toss recorded."),
    "board": gettext_lazy("Board %(board)s of game %(game)s entered."),
    "tie_breaker": gettext_lazy("Tie-breaker entered."),
    "sudden_death": gettext_lazy("Sudden death round %(round)s entered."),
    "unfinished": gettext_lazy("Unfinished board entered; the game ended at the second bell."),
    "final": gettext_lazy("Final score entered."),
    "start": gettext_lazy("Match started."),
    "confirm": gettext_lazy("Result confirmed."),
}
# The audit log's title of a game-level entry, by the entry it holds (otherwise the change's own name).
ENTRY_TITLES = (
    ("tie_breaker", gettext_lazy("Tie-breaker entered")),
    ("sudden_death", gettext_lazy("Sudden death entered")),
    ("unfinished_board_at_second_bell", gettext_lazy("Unfinished board at the second bell")),
)
# The game-level entries by name, in the audit log's words.
ENTRY_KINDS = {
    "tie_breaker": gettext_lazy("tie breaker"),
    "sudden_death": gettext_lazy("sudden death"),
    "unfinished_board_at_second_bell": gettext_lazy("unfinished board at second bell"),
}


def side_names(match):
    """The players of sides A and B; a side not known yet is "—", a missing B is the bye. A rubber of a team tie
    names the team and the players its line-up put in."""
    names = {
        "A": str(match.entry_a) if match.entry_a_id else "—",
        "B": str(match.entry_b) if match.entry_b_id else _("bye"),
    }
    if getattr(match, "tie_id", None) is not None:
        for side, players in rubber_players(match).items():
            names[side.upper()] = _("%(team)s: %(players)s") % {
                "team": names[side.upper()],
                "players": entry_name(players),
            }
    return names


def saved(action, data=None):
    """What the card page says once `action` is done (`data`: the form's cleaned data)."""
    return SAVED[action] % (data or {})


def result_saved(match):
    """What the stage page says once the secretary saved a result."""
    return _("Result saved: %(a)s v %(b)s.") % {"a": match.entry_a, "b": match.entry_b}


def already_confirmed(match):
    """Why a final result is refused over a confirmed one, and how the secretary corrects it on purpose."""
    games = ", ".join(f"{g.score_a}-{g.score_b}" for g in match.games.order_by("number"))
    if games:
        message = _(
            "This match already has a confirmed result (%(games)s); a second entry does not replace it. To change "
            "it, correct it: the stage page's 'Correct' link (tick 'Correct the confirmed result'), or in the API "
            'send the games again with "correct": true.'
        )
    else:
        message = _(
            "This match already has a confirmed result; a second entry does not replace it. To change it, correct "
            "it: the stage page's 'Correct' link (tick 'Correct the confirmed result'), or in the API send the "
            'games again with "correct": true.'
        )
    return message % {"games": games}


# ---------------------------------------------------------------- the score card in words


def game_ended(state):
    """How a game ended (rules.game.GameState): "after eight boards", "decided by the tie breaker", ..."""
    if state.decided_by in DECIDED_BY:
        return str(DECIDED_BY[state.decided_by])
    if state.ended_by in ENDED_BY:
        return str(ENDED_BY[state.ended_by])
    if state.ended_by and state.ended_by.endswith("_boards"):  # a board limit without its own words
        return _("after %(boards)s") % {"boards": state.ended_by.replace("_", " ")}
    return ""


def queen_short(queen):
    """The queen column of a score card row."""
    return QUEEN_SHORT.get(queen, "—")


SLAM_WORDS = {
    "white": gettext_lazy("White slam by the breaker"),
    "black": gettext_lazy("Black slam by the other side"),
}


def slam_text(slam):
    """A board's slam (ICF 26), or "" without one."""
    return str(SLAM_WORDS.get(slam, ""))


def special_text(special_ending):
    """The special finish of a board, or "" after an ordinary one."""
    return special_ending["situation"].replace("_", " ") if special_ending else ""


def chances(attempts):
    return " ".join("✓" if pocketed else "✗" for pocketed in attempts) or "—"


def tie_breaker_words(tie, names):
    attempts = tie.get("attempts") or {}
    return _("Tie-breaker, %(first)s first: %(a)s %(a_chances)s, %(b)s %(b_chances)s") % {
        "first": names.get(tie.get("first"), "?"),
        "a": names["A"],
        "a_chances": chances(attempts.get("A", [])),
        "b": names["B"],
        "b_chances": chances(attempts.get("B", [])),
    }


def sudden_death_words(rounds, names):
    played = "; ".join(
        _("round %(round)s: %(a)s %(a_chance)s, %(b)s %(b_chance)s")
        % {
            "round": n,
            "a": names["A"],
            "a_chance": chances([r.get("A")]),
            "b": names["B"],
            "b_chance": chances([r.get("B")]),
        }
        for n, r in enumerate(rounds, 1)
    )
    if not played:
        return _("Sudden death: no round yet")
    return _("Sudden death: %(rounds)s") % {"rounds": played}


def unfinished_words(board, names, award=None):
    coins = board.get("coins_left") or {}
    values = {
        "board": board.get("board_no"),
        "a": names["A"],
        "a_left": coins.get("A"),
        "b": names["B"],
        "b_left": coins.get("B"),
        "holder": names.get(board.get("queen_held_by"), _("nobody")),
    }
    if award:
        values.update(points=award["points"], player=names[award["player"]])
        return (
            _(
                "Board %(board)s unfinished at the second bell: c/m left %(a)s %(a_left)s, %(b)s %(b_left)s "
                "(queen held by %(holder)s, not counted); %(points)s to %(player)s"
            )
            % values
        )
    return (
        _(
            "Board %(board)s unfinished at the second bell: c/m left %(a)s %(a_left)s, %(b)s %(b_left)s "
            "(queen held by %(holder)s, not counted)"
        )
        % values
    )


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
        return [_("Match over: %(player)s wins.") % {"player": names[winner]} if winner else _("Match over: a draw.")]
    state, game_no = card.current, card.current_game
    lines = []
    if not match.toss_winner and not any(game.boards for game in card.games):
        lines.append(
            _("No toss recorded: %(player)s breaks first unless the toss says otherwise (%(law)s).")
            % {"player": names["A"], "law": rule_set.cite("toss")}
        )
    values = {"game": game_no, "boards": state.boards_played, "law": rule_set.cite("tie")}
    if state.tie_breaker_needed:
        lines.append(
            _(
                "Game %(game)s is level after %(boards)s boards: a tie-breaker decides it, three chances "
                "each, alternately, the toss winner first (%(law)s)."
            )
            % values
        )
    elif state.sudden_death_needed:
        lines.append(
            _(
                "Still level after the tie-breaker: sudden death decides game %(game)s, a chance each per round until "
                "one pockets and the other misses (%(law)s)."
            )
            % values
        )
    elif state.extra_board_needed:
        lines.append(
            _(
                "Game %(game)s is level after %(boards)s boards: an extra board decides it; "
                "toss for the break and say who won it (%(law)s)."
            )
            % values
        )
    elif state.next_breaker:
        lines.append(
            _("Game %(game)s, board %(board)s: %(player)s breaks (%(law)s).")
            % {
                "game": game_no,
                "board": state.next_board,
                "player": names[state.next_breaker],
                "law": rule_set.cite("breaks"),
            }
        )
    if state.change_sides_after_board is not None and state.change_sides_after_board == state.boards_played:
        # The law that changes sides; the rule's own wording is translated, so it is not split for it.
        law = rule_set.citations.get("sides") or str(rule_set.side_change_rule).split(":")[0]
        lines.append(
            _("Change of sides now, after board %(board)s (%(law)s).") % {"board": state.boards_played, "law": law}
        )
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
    """Who made a change: the user's name, the side whose match link made it, or "system" for a change no one
    signed (a management command)."""
    side = change.after.get("by_side") if isinstance(change.after, dict) else None
    if change.user is None and side:
        return _("side %(side)s (match link)") % {"side": str(side).upper()}
    return change.user.get_username() if change.user else _("system")


def board_words(board, names):
    """A score card row in words: "Game 1, board 2: B broke; A won, 3 c/m left, queen covered by the winner; 6 to
    A; 14–3"."""
    side = names.get(board.get("winner"))
    if board.get("special_ending"):
        situation = board["special_ending"].get("situation", "").replace("_", " ")
        how = _("special finish: %(situation)s") % {"situation": situation}
    elif side:
        how = _("%(player)s won, %(coins)s c/m left") % {"player": side, "coins": board.get("coins_left_of_loser") or 0}
    else:
        how = _("special finish")
    totals = board.get("totals") or {}
    slam = slam_text(board.get("slam"))
    return _(
        "Game %(game)s, board %(board)s: %(breaker)s broke; %(how)s, %(queen)s; %(points)s to %(awarded)s; %(a)s–%(b)s"
    ) % {
        "game": board.get("game"),
        "board": board.get("board"),
        "breaker": names.get(board.get("breaker"), "?"),
        "how": how,
        "queen": ", ".join(filter(None, [str(QUEEN_WORDS.get(board.get("queen")) or _("queen not stated")), slam])),
        "points": board.get("points", 0),
        "awarded": names.get(board.get("awarded_to"), _("nobody")),
        "a": totals.get("A"),
        "b": totals.get("B"),
    }


def entry_kinds(entries_by_game):
    kinds = {kind for entry in entries_by_game.values() for kind in entry}
    return sorted(str(ENTRY_KINDS.get(kind, kind.replace("_", " "))) for kind in kinds)


def describe(value, names, entry_names):
    """A before or after value of the audit log in words; keys it does not know are shown as they are."""
    if value is None or value == {} or value == []:
        return "—"
    if not isinstance(value, dict):
        return str(value)
    if "breaker" in value and "board" in value:
        return board_words(value, names)
    rest = dict(value)
    rest.pop("by_side", None)  # the author, shown as such (change_author)
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
        parts.append(_("status: %(status)s") % {"status": status_label(status) if status in S.values else status})
    a, b = rest.pop("score_a", None), rest.pop("score_b", None)
    if a is not None or b is not None:
        parts.append(_("points %(a)s–%(b)s") % {"a": a, "b": b})
    ga, gb = rest.pop("games_a", None), rest.pop("games_b", None)
    if ga or gb:
        parts.append(_("games won %(a)s–%(b)s") % {"a": ga, "b": gb})
    if "winner" in rest:
        winner = rest.pop("winner")
        if winner:
            parts.append(_("winner: %(winner)s") % {"winner": entry_names.get(winner, winner)})
        else:
            parts.append(_("winner: none"))
    games = rest.pop("games", None)
    if games and isinstance(games, list):
        parts.append(_("games %(games)s") % {"games": ", ".join(f"{g[0]}–{g[1]}" for g in games)})
    return parts


def card_words(rest, names):
    """A game-level entry of the card and where it left its game (taken out of `rest`)."""
    parts = []
    if "game" in rest:
        parts.append(_("game %(game)s") % {"game": rest.pop("game")})
    scores = rest.pop("scores", None)
    if scores:
        parts.append(_("score %(a)s–%(b)s") % {"a": scores.get("A"), "b": scores.get("B")})
    if rest.pop("game_over", False):
        parts.append(_("game over"))
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
        if not winner:
            parts.append(_("no toss recorded"))
        else:
            chose = {"break": _("toss won by %(player)s, chose break"), "side": _("toss won by %(player)s, chose side")}
            message = chose.get(choice) or _("toss won by %(player)s, chose %(choice)s")
            parts.append(message % {"player": names.get(winner.upper(), winner), "choice": choice})
    if "first_breaker" in rest:
        parts.append(_("%(player)s breaks first") % {"player": names.get(rest.pop("first_breaker"), "?")})
    replay = rest.pop("replay_from", None)
    if replay:
        parts.append(
            _("replay from game %(game)s, board %(board)s") % {"game": replay.get("game"), "board": replay.get("board")}
        )
    voided_entries = rest.pop("voided_entries", None)
    if voided_entries:
        games = ", ".join(sorted(voided_entries))
        kinds = ", ".join(entry_kinds(voided_entries))
        parts.append(_("voided game-level entries of game %(games)s: %(kinds)s") % {"games": games, "kinds": kinds})
    if rest.get("voided_boards"):
        boards = " | ".join(board_words(board, names) for board in rest.pop("voided_boards"))
        parts.append(_("voided: %(boards)s") % {"boards": boards})
    return parts
