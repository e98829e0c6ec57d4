"""Match pages (issue #5, points 1, 3, 8): the public match page with its read-only score card, the umpire's
score-card page (toss, boards, game-level entries, start, final score only, confirm) and the match's history for
the tournament's officials.

Each POST on the card page names its action; the view validates that action's form, checks the permission, calls
one service and redirects. A refusal shows the page again with the form, its input and the law's message."""

import json
from dataclasses import dataclass, field
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from core.errors import ResultError
from core.live import live_fragment
from core.page_cache import public_page
from scoring import scorecard, services
from scoring.forms import BoardForm, FinalScoreForm, SuddenDeathForm, TieBreakerForm, TossForm, UnfinishedBoardForm
from scoring.permissions import can_confirm, can_score, can_transition, is_official
from stages.display import result_text
from stages.forms import ResultForm
from stages.models import UNFINISHED, Match, Round
from stages.views import secretary_stage
from tournaments.models import Tournament

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

# ---------------------------------------------------------------- loading


def load_match(request, slug, match_id):
    """The match, if the user may see its tournament; matches of preview rounds only for officials."""
    tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=slug)
    match = get_object_or_404(
        Match.objects.select_related(
            "stage__event__tournament", "round", "group", "entry_a", "entry_b", "umpire", "winner"
        ),
        pk=match_id,
        stage__event__tournament=tournament,
    )
    if match.round.status != Round.Status.PUBLISHED and not is_official(request.user, match):
        raise Http404("This round is not published yet.")
    return match


def side_names(match):
    return {
        "A": str(match.entry_a) if match.entry_a_id else "—",
        "B": str(match.entry_b) if match.entry_b_id else "bye",
    }


# ---------------------------------------------------------------- the score card in words


@dataclass
class GameView:
    """One game of the card as the pages show it."""

    number: int
    first_breaker: str
    boards: list
    state: object
    names: dict
    entries: list = field(default_factory=list)  # game-level entries in words

    @property
    def first_breaker_name(self):
        return self.names[self.first_breaker]

    @property
    def winner_name(self):
        return self.names.get(self.state.winner)

    @property
    def ended(self):
        state = self.state
        if state.decided_by in ("tie_breaker", "sudden_death"):
            return f"decided by the {state.decided_by.replace('_', ' ')}"
        if state.ended_by and state.ended_by.endswith("_boards"):
            return f"after {state.ended_by.replace('_', ' ')}"
        return ENDED_BY.get(state.ended_by, "")


def board_view(board):
    board.queen_short = QUEEN_SHORT.get(board.queen, "—")
    board.special_text = board.special_ending["situation"].replace("_", " ") if board.special_ending else ""
    return board


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
    award = state.time_limit_award if state is not None else None
    words = []
    if entries.get("tie_breaker"):
        words.append(tie_breaker_words(entries["tie_breaker"], names))
    if entries.get("sudden_death"):
        words.append(sudden_death_words(entries["sudden_death"], names))
    if entries.get("unfinished_board_at_second_bell"):
        words.append(unfinished_words(entries["unfinished_board_at_second_bell"], names, award))
    return words


def game_views(card, names):
    return [
        GameView(
            number=game.number,
            first_breaker=game.first_breaker,
            boards=[board_view(board) for board in game.boards],
            state=game.state,
            names=names,
            entries=entry_words(game.entries, names, game.state),
        )
        for game in card.games
        if game.boards or game.entries or game.state.game_over
    ]


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


def scorecard_context(match):
    """The read-only score card: per game its boards and entries, or the games of a final score only."""
    names = side_names(match)
    rule_set = match.stage.event.rules
    laws = {topic: rule_set.cite(topic) for topic in ("toss", "special", "second_bell", "tie")}
    context = {"match": match, "names": names, "rule_set": rule_set, "laws": laws, "result": result_text(match)}
    context["is_open"] = match.status in UNFINISHED  # not played out yet: the card may still be empty
    if match.entry_a_id is None or match.entry_b_id is None:
        return {**context, "card": None, "games": [], "final_only": []}
    card = scorecard.card_state(match)
    has_boards = any(game.boards for game in card.games)
    final_only = list(match.games.all()) if not has_boards else []
    games = game_views(card, names) if not final_only else []
    return {**context, "card": card, "games": games, "final_only": final_only}


# ---------------------------------------------------------------- public match page


@public_page
def match_detail(request, slug, match_id):
    """The public match page; `?fragment=1` answers its score-card section only (the page refreshes it)."""
    match = load_match(request, slug, match_id)
    context = scorecard_context(match)
    if request.GET.get("fragment"):  # static/js/live.js polls it; 204 while nothing changed
        return live_fragment(request, render_to_string("scoring/_scorecard.html", context, request))
    context.update(
        tournament=match.stage.event.tournament,
        can_score=can_score(request.user, match),
        is_official=is_official(request.user, match),
    )
    return render(request, "scoring/match_detail.html", context)


# ---------------------------------------------------------------- the umpire's score-card page


def second_bell_rung(clock, now=None):
    return clock is None or (now or timezone.now()) >= clock.second_bell_at


def card_builders(match, context, clock):
    """The forms the card takes now, by action: each builds the form unbound (to show) or bound (to save).
    `context` is the match's scorecard_context, with both players known."""
    builders = {}
    if match.status not in UNFINISHED or context["final_only"]:  # played out, or a final score only: no card to fill
        return builders
    card, names, rule_set = context["card"], context["names"], context["rule_set"]
    if not any(game.boards for game in card.games):
        toss = {"winner": match.toss_winner, "choice": match.toss_choice} if match.toss_winner else {}
        builders["toss"] = partial(TossForm, names=names, initial=toss)
        builders["final"] = partial(FinalScoreForm, names=names)
    state, game_no = card.current, card.current_game
    if state is None:
        return builders
    entries = card.games[-1].entries
    if state.tie_breaker_needed:
        tie = entries.get("tie_breaker")
        builders["tie_breaker"] = partial(TieBreakerForm, names=names, entry=tie, initial={"game": game_no})
    elif state.sudden_death_needed:
        rounds = entries.get("sudden_death") or []
        builders["sudden_death"] = partial(SuddenDeathForm, names=names, rounds=rounds, initial={"game": game_no})
    else:
        initial = {"game": game_no, "board": state.next_board}
        toss_break = state.next_breaker is None
        builders["board"] = partial(
            BoardForm, names=names, rule_set=rule_set, toss_decides_break=toss_break, initial=initial
        )
    if rule_set.time_limit is not None and second_bell_rung(clock):  # ECC 41
        initial = {"game": game_no, "board_no": state.boards_played + 1}
        builders["unfinished"] = partial(UnfinishedBoardForm, names=names, initial=initial)
    return builders


def save_toss(match, form, user):
    data = form.cleaned_data
    services.record_toss(match, data["winner"], data["choice"], user=user)
    return "Toss recorded."


def save_board(match, form, user):
    data = form.cleaned_data
    scorecard.add_board(match, data["game"], form.board_data(), user=user, board_no=data["board"])
    return f"Board {data['board']} of game {data['game']} entered."


def save_tie_breaker(match, form, user):
    scorecard.add_game_entry(match, form.cleaned_data["game"], "tie_breaker", form.entry(), user=user)
    return "Tie-breaker entered."


def save_sudden_death(match, form, user):
    scorecard.add_game_entry(match, form.cleaned_data["game"], "sudden_death", form.entry(), user=user)
    return f"Sudden death round {form.cleaned_data['round']} entered."


def save_unfinished(match, form, user):
    kind = "unfinished_board_at_second_bell"
    scorecard.add_game_entry(match, form.cleaned_data["game"], kind, form.entry(), user=user)
    return "Unfinished board entered; the game ended at the second bell."


def save_final(match, form, user):
    services.record_result(match, form.cleaned_data["games"], user=user)
    return "Final score entered."


SAVES = {
    "toss": save_toss,
    "board": save_board,
    "tie_breaker": save_tie_breaker,
    "sudden_death": save_sudden_death,
    "unfinished": save_unfinished,
    "final": save_final,
}


def move_match(request, match, action):
    """Start the match, or confirm its result (self-umpired: the other side's player)."""
    if action == "start":
        if not can_transition(request.user, match, S.IN_PLAY):
            raise PermissionDenied("You may not start this match.")
        services.change_status(match, S.IN_PLAY, user=request.user)
        return "Match started."
    if not can_confirm(request.user, match):
        raise PermissionDenied("You may not confirm this match.")
    services.confirm_result(match, user=request.user)
    return "Result confirmed."


@login_required
def match_card(request, slug, match_id):
    match = load_match(request, slug, match_id)
    if not can_score(request.user, match):
        raise PermissionDenied("Only the umpire of this match or a referee of the tournament fills its score card.")
    bound, page = {}, None
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action in ("start", "confirm"):
                done = move_match(request, match, action)
            else:
                page = card_page(match)
                done = save_form(request, match, action, page["builders"], bound)
        except ResultError as error:
            if action in bound:
                error.show_on(bound[action])
            else:
                messages.error(request, error.message)
                return redirect("match-card", slug, match.pk)
        else:
            if done:
                messages.success(request, done)
                return redirect("match-card", slug, match.pk)
    page = page or card_page(match)  # a refused entry changed nothing: the page computed for it still holds
    return render(request, "scoring/card.html", card_page_context(request, match, page, bound))


def save_form(request, match, action, builders, bound):
    """Save the posted form; returns the success message, or None when the form (left in `bound`) is invalid."""
    if action not in builders:
        raise ResultError("action", "That entry is not open on this score card now; the page shows what is.")
    form = bound[action] = builders[action](request.POST)
    if not form.is_valid():
        return None
    return SAVES[action](match, form, request.user)


def card_page(match):
    """The read-only score card (scorecard_context), the round clock and the forms the card takes now."""
    context = scorecard_context(match)
    clock = scorecard.round_clock(match)
    card = context["card"]
    builders = card_builders(match, context, clock) if card else {}
    return {**context, "clock": clock, "builders": builders}


def card_announcements(match, context):
    """The card's announcements, where a board-by-board card is (or can be) kept."""
    card = context["card"]
    if card is None or context["final_only"] or (match.status not in UNFINISHED and not context["games"]):
        return []
    return announcements(card, match, context["names"], context["rule_set"])


def card_page_context(request, match, page, bound):
    context = dict(page)
    forms = {action: bound.get(action) or build(None) for action, build in context.pop("builders").items()}
    user = request.user
    context.update(
        tournament=match.stage.event.tournament,
        forms=forms,
        announcements=card_announcements(match, context),
        can_start=match.status in (S.SCHEDULED, S.CALLED) and can_transition(user, match, S.IN_PLAY),
        can_confirm=match.status in (S.FINISHED, S.RETIRED) and can_confirm(user, match),
        is_official=is_official(user, match),
    )
    return context


# ---------------------------------------------------------------- history (audit log)


@login_required
def match_history(request, slug, match_id):
    """Every change to the match's result: who, when, what, before -> after, why (officials only)."""
    match = load_match(request, slug, match_id)
    if not is_official(request.user, match):
        raise PermissionDenied("Only the secretaries and chief referees of the tournament see a match's history.")
    names = side_names(match)
    entry_names = {match.entry_a_id: names["A"], match.entry_b_id: names["B"]}
    rows = [
        {
            "at": change.at,
            "user": change.user.get_username() if change.user else "system",
            "what": change_title(change),
            "before": describe(change.before, names, entry_names),
            "after": describe(change.after, names, entry_names),
            "reason": change.reason,
        }
        for change in match.history
    ]
    context = {"match": match, "names": names, "rows": rows, "tournament": match.stage.event.tournament}
    return render(request, "scoring/history.html", context)


def change_title(change):
    after = change.after if isinstance(change.after, dict) else {}
    for key, title in (
        ("tie_breaker", "Tie-breaker entered"),
        ("sudden_death", "Sudden death entered"),
        ("unfinished_board_at_second_bell", "Unfinished board at the second bell"),
    ):
        if key in after:
            return title
    return change.get_what_display()


def board_words(board, names):
    """A score-card row in words: "Game 1, board 2: B broke; A won, 3 c/m left, queen covered by the winner; 6 to
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
        parts.append(f"status: {S(status).label.lower() if status in S.values else status}")
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


# ---------------------------------------------------------------- the secretary's result entry (stage page)


@login_required
def match_result(request, slug, stage_id, match_id):
    """Enter or correct a match's result (confirmed at once), or record a walkover."""
    stage = secretary_stage(request, slug, stage_id)
    match = get_object_or_404(
        Match.objects.select_related("entry_a", "entry_b", "round", "group"), pk=match_id, stage=stage
    )
    form = ResultForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            save_result(match, form.cleaned_data, request.user)
        except ResultError as error:
            field = {"absent_side": "absent", "games": "games"}.get(error.field)
            form.add_error(field, error.message)
        else:
            messages.success(request, f"Result saved: {match.entry_a} v {match.entry_b}.")
            return redirect(reverse("stage-detail", args=[slug, stage.pk]) + f"#match-{match.pk}")
    match.result_text = result_text(match)
    return render(request, "scoring/result.html", {"stage": stage, "match": match, "form": form})


def save_result(match, data, user):
    # A preview round's match is refused by the services (scoring.transitions.require_published).
    if data["absent"]:
        return services.record_walkover(match, data["absent"], user=user)
    return services.record_result(match, data["games"], confirm=True, user=user)
