"""Printed outcomes: the final placings of a stage or event (place, name, club, country) and the knockout bracket
(rounds as columns, names and scores), as plain functions and from the stage page's links."""

import pypdfium2
import pytest
from django.urls import reverse

from matches.scoring.services import record_result
from printing import outcome_pdf as outcome
from printing import pdf as printing
from printing.pdf import Heading, Section
from stages.models import Match, Stage
from stages.services import draw_stage, publish_round, publish_stage
from tests.factories import EventFactory, TournamentFactory
from tests.helpers import knockout
from tests.printing.test_pdf import page_count, pdf_text
from tests.printing.test_views import entry, get_pdf


@pytest.fixture(autouse=True)
def readable_pdfs(monkeypatch):
    monkeypatch.setattr(printing, "COMPRESS", False)


def lines_of(data):
    return pdf_text(data).splitlines()


def page_text(data):
    """The first page's text as a reader's PDF viewer extracts it."""
    page = pypdfium2.PdfDocument(data)[0]
    return page.get_textpage().get_text_range()


# ---------------------------------------------------------------- plain


def test_placings_sheet_prints_place_name_club_country():
    heading = Heading("Final placings · KO", tournament="Mumbai Open 2026", lines=["Men's singles · Knockout"])
    lines = [
        outcome.PlacingLine("1", "Anil Sharma", "Mumbai CC", "IND"),
        outcome.PlacingLine("2", "Hans Müller", "Berlin CC", "GER"),
        outcome.PlacingLine("3=", "Léa Martin", "Paris CC", "FRA"),
        outcome.PlacingLine("3=", "Asha Rao & Ravi Rao", "Mumbai CC", "IND"),
    ]
    data = outcome.placings_sheet(heading, [Section("", lines)])
    assert page_count(data) == 1
    assert lines_of(data) == [
        "Mumbai Open 2026 · Final placings · KO · page 1",  # the footer is drawn first
        "Final placings · KO",
        "Mumbai Open 2026",
        "Men's singles · Knockout",
        "Place",
        "Name",
        "Club",
        "Country",
        "1",
        "Anil Sharma",
        "Mumbai CC",
        "IND",
        "2",
        "Hans Müller",
        "Berlin CC",
        "GER",
        "3=",
        "Léa Martin",
        "Paris CC",
        "FRA",
        "3=",
        "Asha Rao & Ravi Rao",
        "Mumbai CC",
        "IND",
    ]


def test_placings_sheet_without_placings_says_so():
    assert "No placings yet." in lines_of(outcome.placings_sheet(Heading("Final placings"), []))


def test_bracket_of_four_rounds_as_columns_with_names_scores_and_champion():
    semis = outcome.BracketRound(
        "Semi final",
        [
            outcome.BracketBox("Anil Sharma", "Hans Müller", "2", "0", "A"),
            outcome.BracketBox("Léa Martin", "Ravi Rao", "1", "2", "B"),
        ],
    )
    final = outcome.BracketRound("Final", [outcome.BracketBox("Anil Sharma", "Ravi Rao", "25", "19", "A")])
    third = outcome.BracketRound("Third place", [outcome.BracketBox("Hans Müller", "Léa Martin")])
    data = outcome.bracket_sheet(Heading("Bracket · KO"), [semis, final], third, champion="Anil Sharma")
    assert page_count(data) == 1
    assert lines_of(data) == [
        "Bracket · KO · page 1",
        "Bracket · KO",
        "Semi final",
        "Final",
        "Winner",
        "Anil Sharma",
        "2",
        "Hans Müller",
        "0",
        "Anil Sharma",
        "25",
        "Ravi Rao",
        "19",
        "Anil Sharma",
        "Léa Martin",
        "1",
        "Ravi Rao",
        "2",
        "Third place",
        "Hans Müller",
        "Léa Martin",
    ]


def test_a_bracket_of_sixty_four_fits_one_landscape_page():
    rounds, size = [], 32
    names = [f"Player {n}" for n in range(1, 65)]
    while size >= 1:
        boxes = [outcome.BracketBox(names[2 * i], names[2 * i + 1], "25", "3", "A") for i in range(size)]
        rounds.append(outcome.BracketRound(f"Round of {2 * size}", boxes))
        size //= 2
    data = outcome.bracket_sheet(Heading("Bracket"), rounds, champion="Player 1")
    document = pypdfium2.PdfDocument(data)
    assert len(document) == 1
    width, height = document[0].get_size()
    assert width > height  # landscape
    text = page_text(data)
    assert "Player 64" in text and "Round of 64" in text


# ---------------------------------------------------------------- from the database


def played_knockout(tournament, secretary):
    """A published knockout of four with a third-place match, every match confirmed, side A winning."""
    event = EventFactory(tournament=tournament, name="Men's singles", rule_set="icf")
    for seed, (name, club, country) in enumerate(
        [
            ("Anil", "Mumbai CC", "IND"),
            ("Hans", "Berlin CC", "GER"),
            ("Léa", "Paris CC", "FRA"),
            ("Ravi", "Pune CC", "IND"),
        ],
        start=1,
    ):
        player = entry(event, (name, "Test"), country=country, club=club)
        player.seed = seed
        player.save()
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT, third_place_match=True)
    draw_stage(stage)
    publish_stage(stage)
    for number in (1, 2, 3):
        for match in Match.objects.filter(stage=stage, round__number=number):
            record_result(match, [(25, 10), (25, 12)], confirm=True, user=secretary)
    return stage


@pytest.mark.django_db
def test_stage_placings_pdf_of_a_played_knockout(client, tournament, secretary):
    stage = played_knockout(tournament, secretary)
    final = Match.objects.get(stage=stage, round__number=2)
    third = Match.objects.get(stage=stage, round__number=3)
    text = pdf_text(get_pdf(client, "print-stage-placings", tournament.slug, stage.pk))
    expected = [
        ("1", final.entry_a),
        ("2", final.entry_b),
        ("3", third.entry_a),
        ("4", third.entry_b),
    ]
    lines = text.splitlines()
    table = lines[lines.index("Country") + 1 :][:16]
    clubs = {e.pk: e.members.first().player.club.name for _, e in expected}
    countries = {e.pk: e.members.first().player.country for _, e in expected}
    assert table == [value for place, e in expected for value in (place, e.name, clubs[e.pk], countries[e.pk])]
    assert "Provisional: this stage is not finished yet." in lines


@pytest.mark.django_db
def test_event_placings_pdf_puts_the_final_stage_first(client, tournament, secretary):
    event = EventFactory(tournament=tournament, name="Open", rule_set="icf")
    for seed, name in enumerate(["Anil", "Bela", "Chen", "Dev"], start=1):
        player = entry(event, (name, "Test"))
        player.seed = seed
        player.save()
    swiss = Stage.objects.create(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=1)
    publish_round(draw_stage(swiss))
    for match in Match.objects.filter(stage=swiss).exclude(entry_b=None):
        record_result(match, [(25, 10), (25, 12)], confirm=True, user=secretary)
    swiss.status = Stage.Status.FINISHED
    swiss.save()
    final = Stage.objects.create(
        event=event, order=2, name="Final", kind=Stage.Kind.KNOCKOUT, source=swiss, qualifiers=2
    )
    draw_stage(final)
    publish_stage(final)
    match = Match.objects.get(stage=final)
    record_result(match, [(10, 25), (12, 25)], confirm=True, user=secretary)
    lines = pdf_text(get_pdf(client, "print-event-placings", tournament.slug, event.pk)).splitlines()
    # The final's winner and loser, then the Swiss losers in the Swiss order (level on points, Buchholz, net and
    # total score: by name, the Swiss standings' last tie-break).
    swiss_losers = sorted(m.entry_b.name for m in Match.objects.filter(stage=swiss).exclude(entry_b=None))
    order = [match.entry_b.name, match.entry_a.name, *swiss_losers]
    assert lines[lines.index("Country") + 1 :] == [
        value for place, name in enumerate(order, start=1) for value in (str(place), name, "Mumbai CC", "IND")
    ]
    assert "Provisional: not every stage of this event is finished yet." in lines


@pytest.mark.django_db
def test_bracket_pdf_of_a_played_knockout_and_none_for_other_stages(client, tournament, secretary):
    stage = played_knockout(tournament, secretary)
    final = Match.objects.get(stage=stage, round__number=2)
    lines = pdf_text(get_pdf(client, "print-bracket", tournament.slug, stage.pk)).splitlines()
    assert lines[1:4] == ["Bracket · KO", tournament.name, "Men's singles"]
    assert ["Semi final", "Final", "Winner"] == lines[5:8]
    assert "Third place" in lines
    assert lines.count(final.entry_a.name) == 3  # semi-final, final and the winner's column
    robin = knockout(tournament, size=4).event.stages.create(order=2, name="Robin", kind=Stage.Kind.ROUND_ROBIN)
    assert client.get(reverse("print-bracket", args=[tournament.slug, robin.pk])).status_code == 404


@pytest.mark.django_db
def test_outcomes_of_a_draft_tournament_are_hidden_from_visitors(client):
    draft = TournamentFactory(status="draft")
    stage = knockout(draft, size=4)
    for name, arg in (
        ("print-bracket", stage.pk),
        ("print-stage-placings", stage.pk),
        ("print-event-placings", stage.event_id),
    ):
        assert client.get(reverse(name, args=[draft.slug, arg])).status_code == 404
