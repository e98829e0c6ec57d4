"""What the match pages show: the read-only score card (the public match page, refreshed while the match is on),
the umpire's score card page with the forms the card takes now, and the match's history for the officials.

Read only: every entry goes through scoring.services or scoring.scorecard; the wording is scoring.display's."""

from dataclasses import dataclass, field
from functools import partial

from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _

from matches.permissions import is_official
from matches.scoring import display, scorecard
from matches.scoring.forms import (
    BoardForm,
    FinalScoreForm,
    SuddenDeathForm,
    TieBreakerForm,
    TossForm,
    UnfinishedBoardForm,
)
from stages.display import result_text
from stages.models import UNFINISHED, Match, Round
from stages.rules_round import score_example_of
from tournaments.models import Tournament
from tournaments.permissions import is_chief_referee

S = Match.Status

# ---------------------------------------------------------------- loading


def visible_match(user, slug, match_id):
    """The match, if `user` may see its tournament; matches of preview rounds only for officials."""
    tournament = get_object_or_404(Tournament.objects.visible_to(user), slug=slug)
    match = get_object_or_404(
        Match.with_rubbers.select_related(
            "stage__event__tournament", "round", "group", "entry_a", "entry_b", "umpire", "winner"
        ),
        pk=match_id,
        stage__event__tournament=tournament,
    )
    if match.round.status != Round.Status.PUBLISHED and not is_official(user, match):
        raise Http404(_("This round is not published yet."))
    return match


def stage_match(stage, match_id):
    """A match of the stage, for the secretary's result entry."""
    matches = Match.with_rubbers.select_related("entry_a", "entry_b", "round", "group")
    return get_object_or_404(matches, pk=match_id, stage=stage)


# ---------------------------------------------------------------- the read-only score card


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
        return display.game_ended(self.state)


def board_view(board):
    """The board with its queen and special finish in words, for its row of the card."""
    board.queen_short = display.queen_short(board.queen)
    board.special_text = display.special_text(board.special_ending)
    board.slam_text = display.slam_text(board.slam)
    return board


def game_views(card, names):
    return [
        GameView(
            number=game.number,
            first_breaker=game.first_breaker,
            boards=[board_view(board) for board in game.boards],
            state=game.state,
            names=names,
            entries=display.entry_words(game.entries, names, game.state),
        )
        for game in card.games
        if game.boards or game.entries or game.state.game_over
    ]


def score_card(match):
    """The read-only score card: per game its boards and entries, or the games of a final score only."""
    names = display.side_names(match)
    rule_set = match.stage.event.rules
    laws = {topic: rule_set.cite(topic) for topic in ("toss", "special", "second_bell", "tie", "slam")}
    context = {"match": match, "names": names, "rule_set": rule_set, "laws": laws, "result": result_text(match)}
    context["is_open"] = match.status in UNFINISHED  # not played out yet: the card may still be empty
    if match.entry_a_id is None or match.entry_b_id is None:
        return {**context, "card": None, "games": [], "final_only": []}
    card = scorecard.card_state(match)
    has_boards = any(game.boards for game in card.games)
    final_only = list(match.games.all()) if not has_boards else []
    games = game_views(card, names) if not final_only else []
    return {**context, "card": card, "games": games, "final_only": final_only}


# ---------------------------------------------------------------- the umpire's score card page


def second_bell_rung(clock, now=None):
    return clock is None or (now or timezone.now()) >= clock.second_bell_at


def card_builders(match, context, clock):
    """The forms the card takes now, by action: each builds the form unbound (to show) or bound (to save).
    `context` is the match's score_card, with both players known."""
    builders = {}
    if match.status not in UNFINISHED or context["final_only"]:  # played out, or a final score only: no card to fill
        return builders
    card, names, rule_set = context["card"], context["names"], context["rule_set"]
    if not any(game.boards for game in card.games):
        toss = {"winner": match.toss_winner, "choice": match.toss_choice} if match.toss_winner else {}
        builders["toss"] = partial(TossForm, names=names, initial=toss)
        builders["final"] = partial(FinalScoreForm, names=names, example=score_example_of(match))
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


def card_page(match):
    """The read-only score card (score_card), the round clock and the forms the card takes now."""
    context = score_card(match)
    clock = scorecard.round_clock(match)
    card = context["card"]
    builders = card_builders(match, context, clock) if card else {}
    # The round's clock runs for the matches still on the board; a finished match's card shows no countdown.
    shown_clock = clock if match.status in UNFINISHED else None
    return {**context, "clock": shown_clock, "builders": builders}


def card_announcements(match, context):
    """The card's announcements, where a board-by-board card is (or can be) kept."""
    card = context["card"]
    if card is None or context["final_only"] or (match.status not in UNFINISHED and not context["games"]):
        return []
    return display.announcements(card, match, context["names"], context["rule_set"])


def card_page_context(rights, page, bound):
    """The card page for the user whose `rights` (matches.permissions.MatchRights) on the match are given: `page`
    (card_page) with its forms, unbound unless `bound` holds a refused one."""
    match = rights.match
    context = dict(page)
    forms = {action: bound.get(action) or build(None) for action, build in context.pop("builders").items()}
    context.update(
        tournament=match.stage.event.tournament,
        forms=forms,
        announcements=card_announcements(match, context),
        can_start=match.status in (S.SCHEDULED, S.CALLED) and rights.may_move_to(S.IN_PLAY),
        can_confirm=match.status in (S.FINISHED, S.RETIRED) and rights.may_confirm,
        is_official=rights.official,
    )
    return context


# ---------------------------------------------------------------- history (audit log)


def history_page(match):
    """Every change to the match's result in words: who, when, what, before -> after, why."""
    names = display.side_names(match)
    entry_names = {match.entry_a_id: names["A"], match.entry_b_id: names["B"]}
    rows = [
        {
            "at": change.at,
            "user": display.change_author(change),
            "what": display.change_title(change),
            "before": display.describe(change.before, names, entry_names),
            "after": display.describe(change.after, names, entry_names),
            "reason": change.reason,
        }
        for change in match.history
    ]
    return {"match": match, "names": names, "rows": rows, "tournament": match.stage.event.tournament}


# ---------------------------------------------------------------- the umpire's matches

TO_PLAY = (S.SCHEDULED, S.CALLED, S.IN_PLAY)
PLAYED = (S.FINISHED, S.CONFIRMED, S.WALKOVER, S.RETIRED)


def umpire_matches(user, tournament):
    """The matches `user` umpires in the tournament, in one query: those still to play by time, round and table
    (unplanned ones last), then the finished ones, the latest first. A preview round's matches only for the
    secretaries and chief referees: its draw can still change."""
    matches = Match.with_rubbers.filter(umpire=user, stage__event__tournament=tournament, status__in=TO_PLAY + PLAYED)
    if not is_chief_referee(user, tournament):
        matches = matches.filter(round__status=Round.Status.PUBLISHED)
    matches = matches.select_related("stage__event", "round", "group", "entry_a", "entry_b").order_by(
        F("planned_at").asc(nulls_last=True), "stage__event__name", "stage__order", "round__number", "table", "number"
    )
    upcoming, finished = [], []
    for match in matches:
        if match.status in TO_PLAY:
            upcoming.append(match)
        else:
            match.result_text = result_text(match)
            finished.append(match)
    finished.sort(key=lambda m: m.finished_at or m.planned_at or m.updated_at, reverse=True)
    return {"upcoming": upcoming, "finished": finished}
