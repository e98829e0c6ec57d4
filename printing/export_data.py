"""What the spreadsheet exports hold: an event's entries, the results of a stage or event, a stage's standings and
placings, as printing.exports Sheets with headings in the active language. Loaded in a fixed number of queries
whatever the size of the event.

Exports show what the public pages show: published rounds only, and a protested result withheld (ICF 150)."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from matches.ties.selectors import rubbers_of
from printing.exports import Sheet
from printing.selectors import NoStandings
from stages import selectors as stage_selectors
from stages.display import tiebreaks
from stages.models import Match, Round, Stage
from tournaments.models import Event

S = Match.Status
# Standings columns per kind of stage: (heading, Standing field).
SWISS_FIGURES = ("played", "points", "buchholz", "net_score", "total_score")
GROUP_FIGURES = ("played", "wins", "draws", "losses", "net_score", "points")
# A team event's: the board points over the ties' rubbers in place of the total (a tie's score is its rubbers).
TEAM_SWISS_FIGURES = ("played", "points", "buchholz", "net_score", "boards")
TEAM_GROUP_FIGURES = ("played", "wins", "draws", "losses", "net_score", "boards", "points")


def figure_label(key):
    return {
        "played": _("Played"),
        "points": _("Points"),
        "buchholz": pgettext("standings column: Buchholz tie-break", "Buchholz"),
        "net_score": _("Net score"),
        "total_score": _("Total score"),
        "boards": _("Board points won less lost"),
        "wins": _("Won"),
        "draws": pgettext("standings column: games drawn", "Drawn"),
        "losses": _("Lost"),
    }[key]


def person_columns():
    return [_("Name"), _("Club"), _("Country")]


# ---------------------------------------------------------------- entries


def entries_sheet(event):
    """Every entry of the event, withdrawn ones too (marked), in seeding order."""
    entries = stage_selectors.with_players(event.entries.order_by("seed", "name"))
    entries = sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, e.name))
    columns = [_("No."), _("Seed"), *person_columns(), _("Rating"), _("Status")]
    rows = [
        [
            number,
            entry.seed,
            *person_values(entry),
            whole(stage_selectors.shown_entry_rating(entry)),
            _("withdrawn") if entry.withdrawn else "",
        ]
        for number, entry in enumerate(entries, start=1)
    ]
    return [Sheet(event.name, columns, rows)]


# ---------------------------------------------------------------- results


def result_matches(**where):
    """Published matches with their stage, round, group and entries: one query."""
    return (
        Match.objects.filter(round__status=Round.Status.PUBLISHED, **where)
        .select_related("stage__event", "round", "group", "entry_a", "entry_b")
        .order_by("stage__order", "round__number", "group__number", "number")
    )


def results_sheet(title, matches):
    """Every match: stage, round, group, number, table, the sides, games and points won by each, winner, status.
    A withheld result shows no score and no winner (ICF 150); a match not played yet shows none either."""
    columns = [
        _("Stage"),
        pgettext("round of a stage's draw", "Round"),
        _("Group"),
        _("Match"),
        pgettext("carrom table", "Table"),
        _("Player/s A"),
        _("Player/s B"),
        _("Games A"),
        _("Games B"),
        _("Points A"),
        _("Points B"),
        _("Winner"),
        _("Status"),
    ]
    matches = list(matches)
    rubbers = rubbers_of([match for match in matches if match.stage.event.kind == Event.Kind.TEAM_TIES])
    rows = []
    for match in matches:
        rows.append(result_row(match))
        rows += [rubber_row(match, rubber, players) for rubber, players in rubbers.get(match.pk, [])]
    return [Sheet(title, columns, rows)]


def rubber_row(tie, rubber, players):
    """A rubber under its tie: numbered "3.2", its sides the players the line-ups named, its own result."""
    rubber.stage, rubber.round, rubber.group = tie.stage, tie.round, tie.group
    rubber.entry_a, rubber.entry_b = tie.entry_a, tie.entry_b
    row = result_row(rubber)
    row[3] = f"{tie.number}.{rubber.rubber}"
    row[5] = " / ".join(players["a"]) or tie.entry_a.name
    row[6] = " / ".join(players["b"]) or tie.entry_b.name
    return row


def result_row(match):
    shown = match.status in (S.FINISHED, S.CONFIRMED, S.RETIRED) and not match.result_withheld
    games = [match.games_a, match.games_b] if shown and match.score_a is not None else [None, None]
    points = [match.score_a, match.score_b] if shown else [None, None]
    winner = ""
    if match.winner_id and not match.result_withheld and match.status != S.BYE:
        winner = match.entry_a.name if match.winner_id == match.entry_a_id else match.entry_b.name
    return [
        match.stage.name,
        match.round.display_name,
        match.group.name if match.group else "",
        match.number,
        match.table,
        match.entry_a.name if match.entry_a else "",
        pgettext("no opponent", "bye") if match.status == S.BYE else (match.entry_b.name if match.entry_b else ""),
        *games,
        *points,
        winner,
        status_text(match),
    ]


def status_text(match):
    if match.result_withheld:
        return _("withheld: protest pending")
    if match.forfeited == "ab":
        return _("both forfeited")
    return match.get_status_display()


def stage_results(stage):
    return results_sheet(stage.name, result_matches(stage=stage))


def event_results(event):
    return results_sheet(event.name, result_matches(stage__event=event))


# ---------------------------------------------------------------- standings and placings


def standings_sheets(stage):
    """A stage's standings from its published rounds: one sheet for Swiss and round robin, one per group.
    A knockout has none (NoStandings)."""
    if stage.kind == Stage.Kind.KNOCKOUT:
        raise NoStandings(_("%(stage)s is a knockout: it has a bracket, not standings.") % {"stage": stage.name})
    matches = list(stage.matches.filter(round__status=Round.Status.PUBLISHED))
    teams = stage.event.kind == Event.Kind.TEAM_TIES
    if stage.kind == Stage.Kind.SWISS:
        entries = stage_selectors.played_entries(matches)
        rows = stage_selectors.stage_standings(stage, entries, matches) if matches else []
        return [standings_sheet(stage.name, rows, entries, TEAM_SWISS_FIGURES if teams else SWISS_FIGURES)]
    sheets = []
    for group, rows in stage_selectors.group_standings(stage, matches).items():
        entries = [member.entry for member in group.members.all()]
        title = group.name if stage.kind == Stage.Kind.GROUPS else stage.name
        sheets.append(standings_sheet(title, rows, entries, TEAM_GROUP_FIGURES if teams else GROUP_FIGURES))
    return sheets


def standings_sheet(title, rows, entries, figures):
    by_id = {entry.pk: entry for entry in entries}
    columns = [
        pgettext("standings column: rank", "#"),
        *person_columns(),
        *(figure_label(key) for key in figures),
        pgettext("standings column", "Separated by"),
    ]
    lines = [
        [
            row.rank,
            *person_values(by_id.get(row.id), row.name),
            *(whole(getattr(row, key)) for key in figures),
            tiebreak,
        ]
        for row, tiebreak in zip(rows, tiebreaks(rows), strict=True)
    ]
    return Sheet(title, columns, lines)


def placing_lines(placings):
    """(place text, name, club, country) per placing: "3=" for a shared place, in place then name order."""
    ordered = sorted(placings, key=lambda p: (p.place, p.entry.name))
    return [(f"{p.place}=" if p.shared else str(p.place), *person_values(p.entry)) for p in ordered]


# ---------------------------------------------------------------- names and numbers


def person_values(entry, name=""):
    """(name, club, country) of an entry: both partners' clubs and countries in doubles, each once."""
    if entry is None:
        return [name, "", ""]
    players = [member.player for member in entry.members.all()]
    clubs = unique(player.club.name for player in players if player.club)
    countries = unique(player.shown_country for player in players if player.shown_country)
    return [entry.name or name, " / ".join(clubs), " / ".join(countries)]


def unique(values):
    return list(dict.fromkeys(values))


def whole(value):
    """2.0 → 2, 1.5 → 1.5, None → None: a spreadsheet shows a figure as it is."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value
