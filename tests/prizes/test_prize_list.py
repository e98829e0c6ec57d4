"""The prize list: the PDF beside the placings PDF, the API's GET …/prizes/, and the prize rules set from the event
page and the API (PUT …/prize-categories/), validated once by prizes.services."""

from datetime import date

import pytest
from django.urls import reverse

from printing import pdf as printing
from printing.pdf import Heading
from prizes import pdf as prize_pdf
from prizes.models import PrizeCategory
from tests.factories import EntryFactory, EventFactory, PlayerFactory, PrizeCategoryFactory, UserFactory
from tests.helpers import play_round_robin
from tests.printing.test_pdf import pdf_text
from tests.printing.test_views import get_pdf
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def readable_pdfs(monkeypatch):
    monkeypatch.setattr(printing, "COMPRESS", False)


def test_prize_sheet_prints_each_block_with_prize_place_name_club_country_and_the_note():
    heading = Heading("Prize list · Doubles", tournament="Mumbai Open 2026", lines=["A pair is eligible ..."])
    blocks = [
        prize_pdf.PrizeBlock("Overall", "1 prize", [prize_pdf.PrizeLine("1", "1", "Anil Sharma", "Mumbai CC", "IND")]),
        prize_pdf.PrizeBlock(
            "Junior",
            "Under 18 on Dec. 5, 2026. 2 prizes.",
            [prize_pdf.PrizeLine("1=", "3=", "Léa Martin", "Paris CC", "FRA")],
            "Not considered, no date of birth: Asha Rao.",
        ),
        prize_pdf.PrizeBlock("Veteran", "50 or older on Dec. 5, 2026. 1 prize."),
    ]
    assert pdf_text(prize_pdf.prize_sheet(heading, blocks)).splitlines() == [
        "Mumbai Open 2026 · Prize list · Doubles · page 1",
        "Prize list · Doubles",
        "Mumbai Open 2026",
        "A pair is eligible ...",
        "Overall",
        "1 prize",
        "Prize",
        "Place",
        "Name",
        "Club",
        "Country",
        "1",
        "1",
        "Anil Sharma",
        "Mumbai CC",
        "IND",
        "Junior",
        "Under 18 on Dec. 5, 2026. 2 prizes.",
        "Prize",
        "Place",
        "Name",
        "Club",
        "Country",
        "1=",
        "3=",
        "Léa Martin",
        "Paris CC",
        "FRA",
        "Not considered, no date of birth: Asha Rao.",
        "Veteran",
        "50 or older on Dec. 5, 2026. 1 prize.",
        "No prize winners yet.",
    ]


# ---------------------------------------------------------------- a played doubles event


def pair(event, seed, *people):
    club, _ = Club.objects.get_or_create(name="Mumbai CC", defaults={"country": "IND"})
    players = [
        PlayerFactory(first_name=first, last_name="", sex=sex, date_of_birth=born, club=club, country="IND")
        for first, sex, born in people
    ]
    return EntryFactory(event=event, seed=seed, members=players)


@pytest.fixture
def doubles(tournament, secretary):
    """A finished round robin of three pairs, the lower seed always winning: 1 Anil & Bela (mixed, Bela without a
    date of birth), 2 Chitra & Devi (women, Devi a junior), 3 Esha & Farah (women, both juniors)."""
    event = EventFactory(tournament=tournament, name="Doubles", kind=Event.Kind.DOUBLES, overall_prizes=1)
    pair(event, 1, ("Anil", "M", date(2009, 1, 1)), ("Bela", "F", None))
    pair(event, 2, ("Chitra", "F", date(1990, 1, 1)), ("Devi", "F", date(2010, 1, 1)))
    pair(event, 3, ("Esha", "F", date(2011, 1, 1)), ("Farah", "F", date(2012, 1, 1)))
    PrizeCategoryFactory(event=event, kind="women", prizes=1)
    PrizeCategoryFactory(event=event, kind="junior", prizes=1, age_limit=18)
    play_round_robin(event, secretary)
    return event


def sheet_lines(client, event):
    """The sheet's lines but the footer and the "Printed ..." time."""
    text = pdf_text(get_pdf(client, "print-event-prizes", event.tournament.slug, event.pk)).splitlines()
    return [line for line in text[1:] if not line.startswith("Printed ")]


def test_prize_list_pdf_of_a_doubles_event(client, doubles):
    assert sheet_lines(client, doubles) == [
        "Prize list · Doubles",
        doubles.tournament.name,
        "A pair is eligible for a category when both partners are.",
        "Overall",
        "1 prize",
        "Prize",
        "Place",
        "Name",
        "Club",
        "Country",
        "1",
        "1",
        "Anil & Bela",
        "Mumbai CC",
        "IND",
        "Women",
        "Players recorded as female. 1 prize.",
        "Prize",
        "Place",
        "Name",
        "Club",
        "Country",
        "1",
        "2",
        "Chitra & Devi",
        "Mumbai CC",
        "IND",
        "Junior",
        "Under 18 on Dec. 5, 2026. 1 prize.",
        "Prize",
        "Place",
        "Name",
        "Club",
        "Country",
        "1",
        "3",
        "Esha & Farah",
        "Mumbai CC",
        "IND",
        "Not considered, no date of birth: Anil & Bela.",
    ]


def test_prize_list_api(api_client, doubles):
    url = reverse("api-event-prizes", args=[doubles.tournament.slug, doubles.pk])
    response = api_client.get(url)
    assert response.status_code == 200
    ids = {entry.seed: entry.pk for entry in doubles.entries.all()}

    def winner(prize, place, seed, name):
        return {
            "prize": prize,
            "prize_shared": False,
            "place": place,
            "place_shared": False,
            "entry": ids[seed],
            "name": name,
            "club": "Mumbai CC",
            "country": "IND",
        }

    assert response.json() == {
        "provisional": False,
        "overall_winners_excluded": False,
        "sections": [
            {
                "kind": "overall",
                "title": "Overall",
                "prizes": 1,
                "rule": "1 prize",
                "winners": [winner(1, 1, 1, "Anil & Bela")],
                "not_considered": [],
                "not_considered_for_want_of": "",
            },
            {
                "kind": "women",
                "title": "Women",
                "prizes": 1,
                "rule": "Players recorded as female. 1 prize.",
                "winners": [winner(1, 2, 2, "Chitra & Devi")],
                "not_considered": [],
                "not_considered_for_want_of": "",
            },
            {
                "kind": "junior",
                "title": "Junior",
                "prizes": 1,
                "rule": "Under 18 on Dec. 5, 2026. 1 prize.",
                "winners": [winner(1, 3, 3, "Esha & Farah")],
                "not_considered": [{"entry": ids[1], "name": "Anil & Bela", "place": 1}],
                "not_considered_for_want_of": "date_of_birth",
            },
        ],
    }


def test_excluding_overall_winners_is_said_on_the_sheet_and_the_pair_set_on_the_event_page(client, doubles):
    client.force_login(doubles.tournament.secretaries.get())
    url = reverse("event-prizes-page", args=[doubles.tournament.slug, doubles.pk])
    assert client.get(url).status_code == 200
    response = client.post(
        url,
        {
            "overall_prizes": "2",
            "overall_winners_excluded": "on",
            "women_awarded": "on",
            "women_prizes": "2",
            "veteran_awarded": "on",
            "veteran_prizes": "1",
            "veteran_age_limit": "35",
        },
    )
    assert response.status_code == 302
    assert [(c.kind, c.prizes, c.age_limit) for c in doubles.prize_categories.all()] == [
        ("veteran", 1, 35),
        ("women", 2, None),
    ]
    page = client.get(doubles.get_absolute_url()).content.decode()
    assert "Overall prize winners do not take a category" in page
    assert "Veteran: 35 or older on Dec. 5, 2026. 1 prize." in page
    text = sheet_lines(client, doubles)
    women = text.index("Women")
    # The first two pairs won the overall prizes: the women's go to the third pair only (the mixed pair is no
    # women's pair anyway).
    assert text[women + 7 :] == [
        "1",
        "3",
        "Esha & Farah",
        "Mumbai CC",
        "IND",
        "Veteran",
        "35 or older on Dec. 5, 2026. 1 prize.",
        "No prize winners yet.",
    ]
    assert "Overall prize winners do not take a category's prize (one prize per person)." in text


def test_the_page_reshows_a_bad_rule_with_its_message_and_changes_nothing(client, doubles):
    client.force_login(doubles.tournament.secretaries.get())
    url = reverse("event-prizes-page", args=[doubles.tournament.slug, doubles.pk])
    response = client.post(
        url,
        {
            "overall_prizes": "3",
            "junior_awarded": "on",
            "junior_prizes": "3",
            "junior_age_limit": "18",
            "junior_born_on_or_after": "2008-01-01",
        },
    )
    assert response.status_code == 200
    assert "A junior category needs either an age (under) or a date of birth (on or after), not both." in (
        response.content.decode().replace("&#x27;", "'")
    )
    assert sorted(doubles.prize_categories.values_list("kind", flat=True)) == ["junior", "women"]
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403


def test_the_api_replaces_the_rules_and_refuses_bad_ones_with_field_errors(api_client, doubles, secretary):
    url = reverse("api-event-prize-categories", args=[doubles.tournament.slug, doubles.pk])
    body = {
        "overall_prizes": 0,
        "overall_winners_excluded": True,
        "categories": [{"kind": "junior", "prizes": 2, "born_on_or_after": "2008-12-05"}],
    }
    assert api_client.put(url, body, format="json").status_code == 403
    api_client.force_authenticate(secretary)
    response = api_client.put(url, body, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {
        "overall_prizes": 0,
        "overall_winners_excluded": True,
        "categories": [
            {
                "kind": "junior",
                "prizes": 2,
                "age_limit": None,
                "born_on_or_after": "2008-12-05",
                "rule": "Born on or after Dec. 5, 2008. 2 prizes.",
            }
        ],
    }
    assert list(PrizeCategory.objects.filter(event=doubles).values_list("kind", flat=True)) == ["junior"]
    bad = {"overall_prizes": 3, "categories": [{"kind": "veteran", "prizes": 3}]}
    response = api_client.put(url, bad, format="json")
    assert response.status_code == 400
    assert response.json() == {"categories": ["Veteran: A veteran category needs the age its players have reached."]}
    twice = {"overall_prizes": 3, "categories": [{"kind": "women"}, {"kind": "women"}]}
    assert api_client.put(url, twice, format="json").json() == {"categories": ["Each category at most once."]}
    assert api_client.put(url, {"categories": [{"kind": "men"}]}, format="json").status_code == 400
    assert list(PrizeCategory.objects.filter(event=doubles).values_list("kind", flat=True)) == ["junior"]
