"""Spreadsheet exports: entries, results and standings as CSV and XLSX, from the pages' links and the API, for
whoever may see the tournament; headings in the reader's language, figures as numbers, a name never a formula."""

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from matches.scoring.services import record_result
from printing.exports import Sheet, to_csv, to_xlsx
from stages.models import Match, Round, Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EventFactory, TournamentFactory
from tests.helpers import knockout
from tests.printing.test_views import entry

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def rows_of(data):
    """The workbook's worksheets as {title: rows of values}."""
    book = load_workbook(io.BytesIO(data))
    return {sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)] for sheet in book.worksheets}


def csv_text(response):
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="')
    assert response.content.startswith(b"\xef\xbb\xbf")  # the byte-order mark: spreadsheets read UTF-8
    return response.content.decode("utf-8-sig")


def xlsx_rows(response):
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == XLSX
    return rows_of(response.content)


# ---------------------------------------------------------------- plain


def test_csv_keeps_figures_as_written_and_names_as_text():
    sheet = Sheet("Men", ["#", "Name", "Pts", "Net"], [[1, "Anil Sharma", 4.0, -7], [2, "=1+2", 1.5, None]])
    assert to_csv([sheet]).decode("utf-8-sig") == "#,Name,Pts,Net\r\n1,Anil Sharma,4,-7\r\n2,'=1+2,1.5,\r\n"


def test_csv_of_several_sheets_tells_them_apart_in_a_first_column():
    a = Sheet("Group A", ["#", "Name"], [[1, "Anil"]])
    b = Sheet("Group B", ["#", "Name"], [[1, "Hans"], [2, "Léa"]])
    assert to_csv([a, b], "Group").decode("utf-8-sig") == (
        "Group,#,Name\r\nGroup A,1,Anil\r\nGroup B,1,Hans\r\nGroup B,2,Léa\r\n"
    )


def test_xlsx_has_a_worksheet_per_sheet_numbers_as_numbers_and_no_formula():
    sheets = [
        Sheet("Group A", ["#", "Name", "Pts"], [[1, '=HYPERLINK("x")', 4], [2, "मोहन", 1.5]]),
        Sheet("Group A", ["#", "Name", "Pts"], [[1, "Hans", 2]]),  # a title used twice stays two worksheets
        Sheet("Finals: 1/2 [main]?", ["#"], []),
    ]
    book = load_workbook(io.BytesIO(to_xlsx(sheets)))
    assert book.sheetnames == ["Group A", "Group A (2)", "Finals  1 2  main"]
    first = book["Group A"]
    assert [[cell.value for cell in row] for row in first.iter_rows()] == [
        ["#", "Name", "Pts"],
        [1, '=HYPERLINK("x")', 4],
        [2, "मोहन", 1.5],
    ]
    assert first["B2"].data_type == "s"  # text, not a formula
    assert first["C2"].data_type == "n" and first["C3"].data_type == "n"
    assert first["A1"].font.bold and first.freeze_panes == "A2"


def test_xlsx_of_nothing_is_still_a_workbook():
    assert list(rows_of(to_xlsx([]))) == ["1"]


# ---------------------------------------------------------------- from the pages


@pytest.fixture
def singles(tournament):
    event = EventFactory(tournament=tournament, name="Men's singles", rule_set="icf")
    hans = entry(event, ("Hans", "Müller"), country="GER", club="Berlin CC")
    anil = entry(event, ("Anil", "Sharma"), country="IND", club="Mumbai CC")
    hans.seed, anil.seed = 2, 1
    hans.save()
    anil.save()
    return event


@pytest.mark.django_db
def test_entries_csv_for_anyone(client, tournament, singles):
    late = entry(singles, ("Zoe", "Late"), country="FRA", club="Paris CC")
    late.withdrawn = True
    late.save()
    response = client.get(reverse("export-entries-csv", args=[tournament.slug, singles.pk]))
    assert csv_text(response) == (
        "No.,Seed,Name,Club,Country,Rating,Status\r\n"
        "1,1,Anil Sharma,Mumbai CC,IND,,\r\n"
        "2,2,Hans Müller,Berlin CC,GER,,\r\n"
        "3,,Zoe Late,Paris CC,FRA,,withdrawn\r\n"
    )
    assert f'filename="{tournament.slug}-mens-singles-entries.csv"' in response["Content-Disposition"]


@pytest.mark.django_db
def test_entries_xlsx_of_doubles_in_french(client, tournament):
    tournament.language = "fr"
    tournament.save()
    event = EventFactory(tournament=tournament, name="Doubles", kind="doubles", rule_set="icf")
    entry(event, ("Asha", "Rao"), ("Ravi", "Rao"), country="IND", club="Mumbai CC")
    rows = xlsx_rows(client.get(reverse("export-entries-xlsx", args=[tournament.slug, event.pk])))
    heading, *lines = rows["Doubles"]
    # Headings in French (club and country are checked once the catalogues hold them).
    assert [heading[index] for index in (0, 1, 2, 5, 6)] == ["N°", "Tête de série", "Nom", "Cote", "Statut"]
    assert lines == [[1, None, "Asha Rao & Ravi Rao", "Mumbai CC", "IND", None, None]]


def knockout_with_results(tournament, secretary):
    """A published knockout of four: semi-final 1 confirmed 2-0 (50-22), semi-final 2 entered, not confirmed."""
    stage = knockout(tournament, size=4)
    first, second = Match.objects.filter(stage=stage, round__number=1).order_by("number")
    record_result(first, [(25, 10), (25, 12)], confirm=True, user=secretary)
    record_result(second, [(10, 25), (25, 20), (18, 25)], user=secretary)
    return stage, first, second


@pytest.mark.django_db
def test_stage_results_xlsx_has_every_match_with_games_points_and_status(client, tournament, secretary):
    stage, first, second = knockout_with_results(tournament, secretary)
    rows = xlsx_rows(client.get(reverse("export-stage-results-xlsx", args=[tournament.slug, stage.pk])))
    final = Match.objects.get(stage=stage, round__number=2)
    assert rows == {
        "KO": [
            [
                "Stage",
                "Round",
                "Group",
                "Match",
                "Table",
                "Player/s A",
                "Player/s B",
                "Games A",
                "Games B",
                "Points A",
                "Points B",
                "Winner",
                "Status",
            ],  # fmt: skip
            [
                "KO",
                "Semi final",
                None,
                1,
                None,
                first.entry_a.name,
                first.entry_b.name,
                2,
                0,
                50,
                22,
                first.entry_a.name,
                "Confirmed",
            ],  # fmt: skip
            [
                "KO",
                "Semi final",
                None,
                2,
                None,
                second.entry_a.name,
                second.entry_b.name,
                1,
                2,
                53,
                70,
                second.entry_b.name,
                "Finished",
            ],  # fmt: skip
            ["KO", "Final", None, 1, None, first.entry_a.name, None, None, None, None, None, None, "Scheduled"],
        ]
    }
    assert final.entry_a_id == first.entry_a_id


@pytest.mark.django_db
def test_a_withheld_result_is_exported_without_score_or_winner(client, tournament, secretary):
    stage, first, _second = knockout_with_results(tournament, secretary)
    Match.objects.filter(pk=first.pk).update(result_withheld=True)  # ICF 150: a protest is pending
    text = csv_text(client.get(reverse("export-stage-results-csv", args=[tournament.slug, stage.pk])))
    line = text.splitlines()[1]
    assert line == f"KO,Semi final,,1,,{first.entry_a.name},{first.entry_b.name},,,,,,withheld: protest pending"


@pytest.mark.django_db
def test_event_results_leave_out_preview_rounds(client, tournament, secretary):
    stage, _first, _second = knockout_with_results(tournament, secretary)
    Round.objects.filter(stage=stage, number=2).update(status=Round.Status.DRAFT)
    client.force_login(secretary)
    text = csv_text(client.get(reverse("export-event-results-csv", args=[tournament.slug, stage.event_id])))
    assert [line.split(",")[1] for line in text.splitlines()] == ["Round", "Semi final", "Semi final"]


@pytest.mark.django_db
def test_group_standings_a_worksheet_per_group_and_one_csv_with_the_group(client, tournament, secretary):
    event = EventFactory(tournament=tournament, name="Open", rule_set="icf")
    players = [("Anil", "A"), ("Bela", "B"), ("Chen", "C"), ("Dev", "D")]
    entries = [entry(event, player) for player in players]
    for seed, e in enumerate(entries, start=1):
        e.seed = seed
        e.save()
    stage = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.GROUPS, group_count=2, keep_apart="")
    draw_stage(stage)
    publish_stage(stage)
    for match in Match.objects.filter(stage=stage).exclude(entry_b=None):
        a_wins = match.entry_a.seed < match.entry_b.seed
        record_result(match, [(25, 10), (25, 12)] if a_wins else [(10, 25), (12, 25)], confirm=True, user=secretary)
    url = reverse("export-stage-standings-xlsx", args=[tournament.slug, stage.pk])
    sheets = xlsx_rows(client.get(url))
    assert list(sheets) == ["Group A", "Group B"]
    heading = ["#", "Name", "Club", "Country", "Played", "Won", "Drawn", "Lost", "Net score", "Points", "Separated by"]
    for rows in sheets.values():
        assert rows[0] == heading
        assert [row[0] for row in rows[1:]] == [1, 2]
        assert [row[4:] for row in rows[1:]] == [[1, 1, 0, 0, 28, 2, None], [1, 0, 0, 1, -28, 0, None]]
    text = csv_text(client.get(reverse("export-stage-standings-csv", args=[tournament.slug, stage.pk])))
    lines = text.splitlines()
    assert lines[0] == "Group,#,Name,Club,Country,Played,Won,Drawn,Lost,Net score,Points,Separated by"
    assert [line.split(",")[0] for line in lines[1:]] == ["Group A", "Group A", "Group B", "Group B"]


@pytest.mark.django_db
def test_standings_exports_name_the_tie_break_that_separated_rows_level_on_points(client, tournament, secretary):
    event = EventFactory(tournament=tournament, name="Open", rule_set="icf")
    entries = {name: entry(event, (name, name[0])) for name in ("Anil", "Bela", "Chen")}
    stage = Stage.objects.create(event=event, name="League", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(stage)
    publish_stage(stage)
    # A circle: each wins once, by a different margin, so the net score (ICF standings) orders them.
    beats = {("Anil", "Bela"): [(25, 0), (25, 0)], ("Bela", "Chen"): [(25, 5), (25, 5)]}
    beats[("Chen", "Anil")] = [(25, 20), (25, 20)]
    by_entry = {e.pk: name for name, e in entries.items()}
    for match in Match.objects.filter(stage=stage).exclude(entry_b=None):
        a, b = by_entry[match.entry_a_id], by_entry[match.entry_b_id]
        games = beats.get((a, b)) or [(y, x) for x, y in beats[(b, a)]]
        record_result(match, games, confirm=True, user=secretary)
    client.force_login(secretary)
    (rows,) = xlsx_rows(client.get(reverse("export-stage-standings-xlsx", args=[tournament.slug, stage.pk]))).values()
    assert [(row[1].split()[0], row[-2], row[-1]) for row in rows[1:]] == [
        ("Anil", 2, None),
        ("Bela", 2, "Net score"),
        ("Chen", 2, "Net score"),
    ]
    page = client.get(stage.get_absolute_url()).content.decode()
    assert "separated by: Net score" in page  # the page's note and the export's column say the same


@pytest.mark.django_db
def test_a_knockout_has_no_standings_export(client, tournament):
    stage = knockout(tournament, size=4)
    assert client.get(reverse("export-stage-standings-csv", args=[tournament.slug, stage.pk])).status_code == 404
    assert client.get(f"/t/{tournament.slug}/stages/{stage.pk}/standings.pdf.csv").status_code == 404
    assert client.get(f"/t/{tournament.slug}/stages/{stage.pk}/results.txt").status_code == 404


@pytest.mark.django_db
def test_a_draft_tournament_exports_nothing_to_a_visitor(client):
    draft = TournamentFactory(status="draft")
    event = EventFactory(tournament=draft)
    assert client.get(reverse("export-entries-csv", args=[draft.slug, event.pk])).status_code == 404
    response = client.get(f"/api/tournaments/{draft.slug}/events/{event.pk}/entries.csv")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"


@pytest.mark.django_db
def test_the_stage_page_links_to_the_exports(client, tournament, secretary):
    stage, _first, _second = knockout_with_results(tournament, secretary)
    page = client.get(stage.get_absolute_url()).content.decode()
    for name, arg in (
        ("export-entries", stage.event_id),
        ("export-event-results", stage.event_id),
        ("export-stage-results", stage.pk),
    ):
        for fmt in ("csv", "xlsx"):
            assert reverse(f"{name}-{fmt}", args=[tournament.slug, arg]) in page
    assert reverse("print-bracket", args=[tournament.slug, stage.pk]) in page
    assert reverse("print-stage-placings", args=[tournament.slug, stage.pk]) in page
    assert reverse("print-event-placings", args=[tournament.slug, stage.event_id]) in page
    assert "standings.csv" not in page  # a knockout has a bracket, not standings


# ---------------------------------------------------------------- the API


@pytest.mark.django_db
def test_the_api_gives_the_same_files_whatever_is_accepted(api_client, tournament, singles):
    base = f"/api/tournaments/{tournament.slug}/events/{singles.pk}/entries"
    page = reverse("export-entries-csv", args=[tournament.slug, singles.pk])
    response = api_client.get(f"{base}.csv", HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.content == api_client.get(page).content
    response = api_client.get(f"{base}.xlsx", HTTP_ACCEPT="text/html")
    assert response["Content-Type"] == XLSX
    assert rows_of(response.content)["Men's singles"][1][2] == "Anil Sharma"


@pytest.mark.django_db
def test_the_api_speaks_the_callers_language_and_refuses_a_knockouts_standings(api_client, tournament, secretary):
    stage, _first, _second = knockout_with_results(tournament, secretary)
    base = f"/api/tournaments/{tournament.slug}/stages/{stage.pk}"
    text = api_client.get(f"{base}/results.csv", HTTP_ACCEPT_LANGUAGE="de").content.decode("utf-8-sig")
    assert text.splitlines()[0].split(",")[1:3] == ["Runde", "Gruppe"]
    response = api_client.get(f"{base}/standings.csv")
    assert response.status_code == 404
    assert "bracket" in response.json()["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["export-entries", "export-event-results", "export-stage-results"])
def test_exports_take_the_same_queries_for_a_bracket_of_four_or_sixteen(client, tournament, name):
    counts = []
    for size in (4, 16):
        stage = knockout(tournament, size=size)
        arg = stage.pk if name == "export-stage-results" else stage.event_id
        client.get(reverse(f"{name}-csv", args=[tournament.slug, arg]))  # what a first request caches is not counted
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse(f"{name}-xlsx", args=[tournament.slug, arg])).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
