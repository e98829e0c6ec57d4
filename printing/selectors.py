"""What the printed sheets show: loaded from the database in a fixed number of queries, whatever
the size of the round or stage, and shaped into printing.pdf's dataclasses.

Nothing here draws; nothing in printing.pdf queries."""

from collections import defaultdict

from django.db.models import Prefetch
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from core.errors import ServiceError
from matches.scoring.models import Board
from matches.scoring.scorecard import card_state, rules_round_of
from printing import pdf as printing
from printing.names import (
    day_text,
    entry_name,
    number,
    person,
    printed,
    short_name,
    sides,
    team,
    team_text,
)
from rules.errors import RuleError
from stages import selectors as stage_selectors
from stages.display import score_text, winner_text
from stages.loading import entry_rows, match_rows
from stages.models import UNFINISHED, Match, Round, Stage
from tournaments.models import Entry, EntryMember, Event

S = Match.Status
EXTRA_ROWS = 2  # rows after the board limit, for the extra board (ICF 56(b)) or the tie-breaker (queen2 ¶12-15)
OPEN_ROWS = 12  # rows of a game with no board limit (ICF 56(b) from the quarter-finals: 25 points only)
SWISS_COLUMNS = ["P", "Pts", "Buchholz", "Net", "Total"]  # as the stage page shows them
GROUP_COLUMNS = ["P", "W", "D", "L", "Net", "Pts"]
# A team event's: the board points over the ties' rubbers in place of the total (a tie's score is its rubbers).
TEAM_SWISS_COLUMNS = ["P", "Pts", "Buchholz", "Net", "Boards"]
TEAM_GROUP_COLUMNS = ["P", "W", "D", "L", "Net", "Boards", "Pts"]
# The column headings as printed, in the language of the sheet.
COLUMN_LABELS = {
    "P": pgettext_lazy("standings column: matches played", "P"),
    "Pts": pgettext_lazy("standings column: points", "Pts"),
    "Buchholz": pgettext_lazy("standings column: Buchholz tie-break", "Buchholz"),
    "Net": pgettext_lazy("standings column: net score", "Net"),
    "Total": pgettext_lazy("standings column: total score", "Total"),
    "Boards": pgettext_lazy("standings column: board points", "Boards"),
    "W": pgettext_lazy("standings column: won", "W"),
    "D": pgettext_lazy("standings column: drawn", "D"),
    "L": pgettext_lazy("standings column: lost", "L"),
}
# The note of a result that is not final, or of a match not played yet (results sheet).
RESULT_NOTES = {
    S.WALKOVER: pgettext_lazy("results sheet note", "walkover / forfeit"),
    S.RETIRED: pgettext_lazy("results sheet note", "retired"),
    S.FINISHED: pgettext_lazy("results sheet note", "to confirm"),
    S.SCHEDULED: pgettext_lazy("results sheet note", "scheduled"),
    S.CALLED: pgettext_lazy("results sheet note", "called"),
    S.IN_PLAY: pgettext_lazy("results sheet note", "in play"),
}


class NoStandings(Exception):
    """A knockout stage has a bracket, not standings."""


# ---------------------------------------------------------------- queries


def members_queryset():
    return EntryMember.objects.select_related("player__club").order_by("position")


def card_matches():
    """Matches with everything a score card prints (the round clock too: ECC bells end a game), in 4 queries
    for any number of matches."""
    return Match.with_rubbers.select_related(
        "stage__event__tournament", "round__clock", "group", "umpire", "entry_a", "entry_b"
    ).prefetch_related(*card_prefetches())


def card_prefetches():
    boards = Board.objects.filter(voided=False).order_by("game_no", "number")
    return (
        Prefetch("entry_a__members", queryset=members_queryset()),
        Prefetch("entry_b__members", queryset=members_queryset()),
        Prefetch("boards", queryset=boards, to_attr="card_boards"),
    )


def sheet_matches(rnd):
    """A round's matches for its pairing or results sheet, in group and match order: one query."""
    return list(rnd.matches.select_related("group", "umpire", "entry_a", "entry_b").order_by("group__number", "number"))


# ---------------------------------------------------------------- score cards (ICF XIX)


def round_score_cards(rnd, blank=False):
    """A card per match of the round (a bye has none). `blank`: the same number of cards with only the
    tournament, event, stage and round filled in, for writing by hand. `rnd` comes with its stage, event and
    tournament, which every match shares (not loaded again with each match)."""
    matches = Match.objects.filter(round=rnd).exclude(status=S.BYE)
    if rnd.stage.event.kind == Event.Kind.TEAM_TIES:  # a tie has no card of its own: each of its rubbers has
        matches = Match.with_rubbers.filter(round=rnd, tie__isnull=False).order_by("number", "rubber")
    if blank:
        return [blank_round_card(Match(stage=rnd.stage, round=rnd)) for _ in range(matches.count())]
    related = ("round__clock", "group", "umpire", "entry_a", "entry_b")
    matches = matches.select_related(*related).prefetch_related(*card_prefetches()).order_by("group__number", "number")
    for match in matches:
        match.stage = rnd.stage
    return [match_card(match) for match in matches]


def blank_round_card(match):
    """Only what the whole round shares: tournament, event, stage, round."""
    stage = match.stage
    return printing.ScoreCard(
        tournament=stage.event.tournament.name,
        event=stage.event.name,
        stage=stage.name,
        round=match.round.display_name,
        **card_shape(stage.event, stage, rules_round_of(match)),
    )


def blank_score_cards(event, count):
    """`count` empty cards shaped by the event's rule set (games per match, board rows)."""
    return [printing.ScoreCard(**card_shape(event, None, None)) for _ in range(count)]


def match_card(match):
    """A card filled with everything known about the match: header, players, toss and the boards so far."""
    stage, rnd = match.stage, match.round
    event = stage.event
    planned = timezone.localtime(match.planned_at) if match.planned_at else None
    return printing.ScoreCard(
        tournament=event.tournament.name,
        event=event.name,
        stage=" · ".join(part for part in (stage.name, match.group and match.group.name) if part),
        round=rnd.display_name,
        match_no=f"{match.number}.{match.rubber}" if match.tie_id else str(match.number),
        table=str(match.table or ""),
        date=day_text(planned) if planned else "",
        time=f"{planned:%H:%M}" if planned else "",
        umpire=_("self-umpired") if match.self_umpired else person(match.umpire),
        **sides(match),
        toss_winner=toss_winner(match),
        toss_choice=match.get_toss_choice_display() if match.toss_choice else "",
        boards=board_lines(match),
        winner=winner_text(match),
        remarks=remarks(match),
        match_id=match.pk,
        **card_shape(event, stage, rules_round_of(match)),
    )


def card_shape(event, stage, round_key):
    """The parts of a card its rule set decides: games per match (ICF 57), board rows (ICF 56), queen value."""
    rule_set = event.rules
    try:
        length = rule_set.game_length(round=round_key)
    except RuleError:  # office: game length depends on a stage, and a blank event card has none
        length = None
    limit = length.board_limit if length else None
    rows, note = OPEN_ROWS, ""
    if limit:
        rows = limit
        if length.on_tie in ("extra_board", "tie_breaker"):
            rows += EXTRA_ROWS
            if length.on_tie == "extra_board":
                note = _("Rows after board %(board)s: the extra board when the scores are level (%(law)s).")
            else:
                note = _("Rows after board %(board)s: the tie-breaker when the scores are level (%(law)s).")
            note = note % {"board": limit, "law": rule_set.cite("tie")}
    return {
        "rule_set": str(rule_set.name),
        "games": (stage.games_per_match if stage else None) or rule_set.games_per_match,
        "board_rows": rows,
        "board_limit": limit,
        "extra_rows_note": note,
        "queen_value": rule_set.queen_value,
    }


def board_lines(match):
    """The card's filled rows by game. The rules app replays the boards to split each board's points into
    queen and c/m (ICF XIX columns 2-3, 5-6); a card it cannot replay prints each board's points as c/m."""
    boards = match.card_boards
    if not boards:
        return {}
    scored = {}
    try:
        for game in card_state(match, boards).games:
            scored.update(zip((b.pk for b in game.boards), game.state.boards, strict=True))
    except ServiceError:
        pass
    lines = defaultdict(list)
    for board in boards:
        result = scored.get(board.pk)
        queen = min(result.queen_points, board.points) if result and board.awarded_to else 0
        lines[board.game_no].append(
            printing.BoardLine(
                number=board.number,
                breaker=f"{board.breaker} {short_name(match.entry_a if board.breaker == 'A' else match.entry_b)}",
                awarded_to=board.awarded_to,
                queen=queen,
                coins=board.points - queen,
                total_a=board.total_a,
                total_b=board.total_b,
                law=board.law if board.special_ending else "",
            )
        )
    return dict(lines)


def remarks(match):
    """Special finishes (ICF 102-112) by board, and what else the umpire would write: walkover, protest."""
    special = _("* Game %(game)s, board %(board)s: %(law)s")
    notes = [
        special % {"game": b.game_no, "board": b.number, "law": b.law}
        for b in match.card_boards
        if b.special_ending and b.law
    ]
    if match.status == S.WALKOVER:
        notes.append(_("Walkover / forfeit."))
    if match.result_withheld:
        notes.append(_("Result withheld: protest pending (ICF 150)."))
    return notes


def toss_winner(match):
    if not match.toss_winner:
        return ""
    entry = match.entry_a if match.toss_winner == "a" else match.entry_b
    return f"{match.toss_winner.upper()} · {entry.name if entry else ''}".strip(" ·")


# ---------------------------------------------------------------- pairing and results sheets


def round_heading(title, rnd, matches):
    stage = rnd.stage
    lines = [f"{stage.event.name} · {stage.name}"]
    days = sorted({day_text(timezone.localtime(m.planned_at)) for m in matches if m.planned_at})
    if len(days) == 1:
        lines.append(days[0])
    if rnd.status == Round.Status.DRAFT:
        lines.append(_("PREVIEW: not published, may still change."))
    return printing.Heading(
        title=f"{title} · {rnd.display_name}", tournament=stage.event.tournament.name, lines=lines, printed=printed()
    )


def round_pairings(rnd):
    """(Heading, sections) of the round's pairing sheet: table, time, A v B, umpire; a section per group."""
    matches = sheet_matches(rnd)
    one_day = len({timezone.localtime(m.planned_at).date() for m in matches if m.planned_at}) <= 1
    # Swiss: each side's points before the round and rating, as the stage page shows them.
    infos = stage_selectors.round_side_info(rnd) if rnd.stage.kind == Stage.Kind.SWISS else {}

    def line(match):
        planned = timezone.localtime(match.planned_at) if match.planned_at else None
        when = "" if planned is None else f"{planned:%H:%M}" if one_day else dateformat.format(planned, "D H:i")
        return printing.PairingLine(
            number=str(match.number),
            table=str(match.table or ""),
            time=when,
            side_a=entry_name(match.entry_a),
            side_b=entry_name(match.entry_b),
            umpire=_("self-umpired") if match.self_umpired else person(match.umpire),
            bye=match.status == S.BYE,
            info_a=infos.get(match.pk, ("", ""))[0],
            info_b=infos.get(match.pk, ("", ""))[1],
            match_id=match.pk,
        )

    return round_heading(_("Pairings"), rnd, matches), sections(matches, line)


def round_results(rnd):
    """(Heading, sections) of the round's results sheet; a section per group."""
    matches = sheet_matches(rnd)

    def line(match):
        return printing.ResultLine(
            number=str(match.number),
            table=str(match.table or ""),
            side_a=entry_name(match.entry_a),
            side_b=pgettext("no opponent", "bye") if match.status == S.BYE else entry_name(match.entry_b),
            result=score_text(match),
            winner=winner_side(match),
            note=result_note(match),
        )

    return round_heading(_("Results"), rnd, matches), sections(matches, line)


def winner_side(match):
    """ "A" or "B" once a match is won (a bye or a withheld result prints no winner), else ""."""
    if match.status == S.BYE or match.result_withheld or match.winner_id is None:
        return ""
    return "A" if match.winner_id == match.entry_a_id else "B"


def sections(matches, line):
    """One section per group (titled), or one untitled section for a round without groups."""
    by_group = defaultdict(list)
    for match in matches:
        by_group[match.group].append(line(match))
    if list(by_group) == [None]:
        return [printing.Section("", by_group[None])]
    return [printing.Section(group.name if group else "", lines) for group, lines in by_group.items()]


def result_note(match):
    if match.result_withheld:
        return _("withheld: protest pending")
    if match.forfeited == "ab":
        return _("both forfeited")
    if match.status in (S.WALKOVER, S.RETIRED, S.FINISHED, *UNFINISHED):
        return str(RESULT_NOTES[match.status])
    return ""


# ---------------------------------------------------------------- standings


def stage_standings_sheet(stage):
    """(Heading, sections) of a stage's standings, from its published rounds, with the columns the stage page
    shows: Swiss (points, Buchholz, net, total) or a table per group (played, won, drawn, lost, net, points)."""
    if stage.kind == Stage.Kind.KNOCKOUT:
        raise NoStandings(_("%(stage)s is a knockout: it has a bracket, not standings.") % {"stage": stage.name})
    heading = printing.Heading(
        title=f"{_('Standings')} · {stage.name}",
        tournament=stage.event.tournament.name,
        lines=[f"{stage.event.name} · {stage.get_kind_display()}", after_round(stage)],
        printed=printed(),
    )
    if stage.kind == Stage.Kind.SWISS:
        return heading, [swiss_standings_section(stage)]
    matches = list(stage.matches.filter(round__status=Round.Status.PUBLISHED))
    tables = []
    for group, rows in stage_selectors.group_standings(stage, matches).items():
        teams = {member.entry_id: team(member.entry) for member in group.members.all()}
        title = group.name if stage.kind == Stage.Kind.GROUPS else ""
        columns = TEAM_GROUP_COLUMNS if stage.event.kind == Event.Kind.TEAM_TIES else GROUP_COLUMNS
        tables.append(standings_section(title, rows, teams, columns))
    return heading, tables


def swiss_standings_section(stage):
    """A Swiss stage's standings from its published rounds, its matches and entries read as plain rows
    (stages.loading): a 1,000-player stage has thousands of matches, which as model instances cost more than the
    ranking itself."""
    matches = match_rows(stage.matches.filter(round__status=Round.Status.PUBLISHED))
    entries = Entry.objects.filter(pk__in=stage_selectors.played_ids(matches))
    rows = stage_selectors.stage_standings(stage, entry_rows(entries), matches) if matches else []
    columns = TEAM_SWISS_COLUMNS if stage.event.kind == Event.Kind.TEAM_TIES else SWISS_COLUMNS
    return standings_section("", rows, entry_teams(entries) if rows else {}, columns)


def entry_teams(entries):
    """{entry id: its team, as team() prints it} for an Entry queryset, in one query."""
    fields = ("entry_id", "player__club__name", "player__country", "player__publish_name")
    members = EntryMember.objects.filter(entry__in=entries.values("pk")).order_by("entry_id", "position")
    clubs = defaultdict(list)
    for entry_id, club, country, published in members.values_list(*fields):
        clubs[entry_id].append((club or "", country if published else ""))  # as Player.shown_country
    return {entry_id: team_text(pairs) for entry_id, pairs in clubs.items()}


def standings_section(title, rows, teams, columns):
    """`teams`: {entry id: its team (team())}."""
    values = {
        "P": "played", "Pts": "points", "Buchholz": "buchholz", "Net": "net_score", "Total": "total_score",
        "Boards": "boards", "W": "wins", "D": "draws", "L": "losses",
    }  # fmt: skip
    lines = [
        printing.StandingsLine(
            rank=str(row.rank or ""),
            name=row.name,
            team=teams.get(row.id, ""),
            values=[number(getattr(row, values[column])) for column in columns],
        )
        for row in rows
    ]
    return printing.Section(title, lines, [str(COLUMN_LABELS[column]) for column in columns])


def after_round(stage):
    last = stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first()
    if last is None:
        return _("No round published yet.")
    if not last.name:  # "After round 3"
        return pgettext("numbered round of a stage", "After round %(number)s") % {"number": last.number}
    return _("After %(round)s") % {"round": last.display_name.lower()}
