"""The public round page and the secretary's scheduling on it, and the scheduling / clock API: who may read, who
may change, refusals shown as form errors (pages) or 400 field errors (API)."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from matches.models import ResultChange
from matches.scheduling.models import RoundClock
from matches.scheduling.services import call_round, schedule_round
from stages.models import Match, Round
from tests.factories import (
    MatchFactory,
    PlayerFactory,
    RoundClockFactory,
    UserFactory,
    VenueFactory,
)
from tests.helpers import make_round
from tournaments.models import Venue

pytestmark = pytest.mark.django_db

NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def rnd(tournament):
    """A published ICF round of three matches scheduled on two tables from 9:00: #1 table 1 at 9:00 and #3 table 1
    at 10:00 umpired by Uma, #2 self-umpired at table 2, 9:00."""
    VenueFactory(tournament=tournament, tables=2, match_minutes=60, rest_minutes=10)
    umpire = UserFactory(username="uma")
    PlayerFactory(first_name="Uma", last_name="Umpire", user=umpire)
    tournament.umpires.add(umpire)
    rnd = make_round(tournament, "icf", number=1)
    for number in (1, 2, 3):
        MatchFactory(round=rnd, number=number, self_umpired=number == 2)
    schedule_round(rnd, NINE)
    return rnd


def page_url(rnd, name="round-detail"):
    return reverse(name, args=[rnd.stage.event.tournament.slug, rnd.pk])


def api(rnd, tail):
    return f"/api/tournaments/{rnd.stage.event.tournament.slug}/{tail}"


def test_public_page_lists_pairings_by_time_and_table_with_umpire_and_clock(client, rnd):
    Match.objects.filter(round=rnd, number=1).update(status=Match.Status.CONFIRMED, score_a=25, score_b=10)
    response = client.get(page_url(rnd))
    assert response.status_code == 200
    html = response.content.decode()
    first, second, third = (rnd.matches.get(number=n) for n in (1, 2, 3))
    # 09:00 table 1, 09:00 table 2, 10:00 table 1.
    positions = [html.index(f'id="match-{m.pk}"') for m in (first, second, third)]
    assert positions == sorted(positions)
    assert "Table 1" in html and "Table 2" in html and "Sat 10:00" in html
    assert "Umpire: Uma Umpire" in html and "25–10" in html and "Confirmed" in html
    assert "data-round-clock" in html and "Clock not started" in html
    assert "Schedule the round" not in html and "Move" not in html  # secretaries only


def test_clock_on_the_page_counts_down_from_the_stored_times(client, rnd):
    RoundClockFactory(round=rnd, started_at=timezone.now() - timedelta(minutes=10, seconds=1))
    html = client.get(page_url(rnd)).content.decode()
    assert "Time to the first bell" in html
    assert '<span class="clock-time">39:59</span>' in html
    assert "scheduling/clock.js" in html and f'data-url="{api(rnd, f"rounds/{rnd.pk}/clock/")}"' in html


def test_preview_round_is_hidden_from_everyone_but_secretaries(client, rnd, secretary):
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.DRAFT)
    assert client.get(page_url(rnd)).status_code == 404
    assert APIClient().get(api(rnd, f"rounds/{rnd.pk}/schedule/")).status_code == 404
    client.force_login(secretary)
    assert client.get(page_url(rnd)).status_code == 200


def test_stage_page_links_to_its_rounds(client, rnd):
    html = client.get(rnd.stage.get_absolute_url()).content.decode()
    assert page_url(rnd) in html


def test_secretary_schedules_a_round_from_the_page(client, secretary, tournament):
    VenueFactory(tournament=tournament, tables=4)
    rnd = make_round(tournament, matches=1)
    client.force_login(secretary)
    assert "Schedule the round" in client.get(page_url(rnd)).content.decode()
    response = client.post(page_url(rnd, "round-schedule"), {"start": "2026-12-05T14:30", "keep_tables": "on"})
    assert response.status_code == 302 and response.url == page_url(rnd)
    match = rnd.matches.get()
    assert (match.table, match.planned_at) == (1, NINE.replace(hour=14, minute=30))
    # A bad table range comes back on the form, with what was typed.
    response = client.post(page_url(rnd, "round-schedule"), {"start": "2026-12-05T16:00", "first_table": "9"})
    html = response.content.decode()
    assert response.status_code == 200 and "Choose tables from 1 to 4" in html
    assert 'value="2026-12-05T16:00"' in html and 'value="9"' in html


def test_a_refused_move_shows_the_clash_on_the_form_and_saves_nothing(client, secretary, rnd):
    client.force_login(secretary)
    third, second = rnd.matches.get(number=3), rnd.matches.get(number=2)
    url = reverse("match-move", args=[rnd.stage.event.tournament.slug, third.pk])
    response = client.post(url, {f"m{third.pk}-table": "2", f"m{third.pk}-planned_at": "2026-12-05T09:30"})
    html = response.content.decode()
    assert response.status_code == 200
    assert f"Table 2 is taken by Round 1 match 2 ({second.entry_a} v {second.entry_b}) at table 2" in html
    assert 'value="2026-12-05T09:30"' in html and '<details class="match-edit" open>' in html
    third.refresh_from_db()
    assert (third.table, third.planned_at) == (1, NINE + timedelta(hours=1))
    response = client.post(url, {f"m{third.pk}-table": "2", f"m{third.pk}-planned_at": "2026-12-05T10:00"})
    assert response.status_code == 302 and response.url == f"{page_url(rnd)}#match-{third.pk}"
    third.refresh_from_db()
    assert third.table == 2


def test_secretary_sets_an_umpire_and_calls_the_round(client, secretary, rnd):
    client.force_login(secretary)
    first = rnd.matches.get(number=1)
    url = reverse("match-umpire", args=[rnd.stage.event.tournament.slug, first.pk])
    assert client.post(url, {f"u{first.pk}-umpire": "", f"u{first.pk}-reason": "no umpire"}).status_code == 302
    first.refresh_from_db()
    assert first.umpire is None and first.changes.filter(what=ResultChange.What.UMPIRE).exists()
    response = client.post(page_url(rnd, "round-call"), follow=True)
    assert "Round 1 called: 3 matches announced." in response.content.decode()
    assert set(rnd.matches.values_list("status", flat=True)) == {Match.Status.CALLED}
    response = client.post(page_url(rnd, "round-clock"), follow=True)
    assert "The clock of Round 1 runs." in response.content.decode()
    assert RoundClock.objects.filter(round=rnd).exists()


def test_pages_refuse_other_people(client, rnd):
    first = rnd.matches.get(number=1)
    slug = rnd.stage.event.tournament.slug
    posts = [
        page_url(rnd, "round-schedule"),
        page_url(rnd, "round-call"),
        page_url(rnd, "round-clock"),
        reverse("match-move", args=[slug, first.pk]),
        reverse("match-umpire", args=[slug, first.pk]),
    ]
    assert all(client.post(url).status_code == 302 for url in posts)  # to the login page
    client.force_login(UserFactory())
    assert [client.post(url).status_code for url in posts] == [403] * 5
    assert client.get(reverse("venue-edit", args=[slug])).status_code == 403


def test_venue_page_edits_the_hall(client, secretary, rnd):
    client.force_login(secretary)
    url = reverse("venue-edit", args=[rnd.stage.event.tournament.slug])
    response = client.post(url, {"tables": "1", "match_minutes": "60", "rest_minutes": "10"})
    assert response.status_code == 200 and "Table 2 is booked for Round 1 match 2" in response.content.decode()
    response = client.post(f"{url}?next={page_url(rnd)}", {"tables": "6", "match_minutes": "57", "rest_minutes": "5"})
    assert response.status_code == 302 and response.url == page_url(rnd)
    venue = Venue.objects.get(tournament=rnd.stage.event.tournament)
    assert (venue.tables, venue.match_minutes, venue.rest_minutes) == (6, 57, 5)


# ---------------------------------------------------------------- API


@pytest.fixture
def secretary_api(secretary):
    client = APIClient()
    client.force_authenticate(secretary)
    return client


def test_api_reads_the_schedule_and_the_clock(rnd):
    body = APIClient().get(api(rnd, f"rounds/{rnd.pk}/schedule/")).json()
    assert body["round"] == {"id": rnd.pk, "number": 1, "name": "Round 1", "status": "published"}
    assert [(m["number"], m["table"], m["planned_at"]) for m in body["matches"]] == [
        (1, 1, "2026-12-05T09:00:00Z"),
        (2, 2, "2026-12-05T09:00:00Z"),
        (3, 1, "2026-12-05T10:00:00Z"),
    ]
    assert body["matches"][0]["umpire_name"] == "Uma Umpire" and body["clock"]["phase"] == "none"
    RoundClockFactory(round=rnd)
    clock = APIClient().get(api(rnd, f"rounds/{rnd.pk}/clock/")).json()
    assert clock["phase"] == "running" and clock["time_limit"] is True and 2995 <= clock["seconds_left"] <= 3000


def test_api_schedule_move_call_and_clock_for_the_secretary(secretary_api, rnd):
    body = secretary_api.post(
        api(rnd, f"rounds/{rnd.pk}/schedule/"), {"start": "2026-12-05T13:00:00Z"}, format="json"
    ).json()
    assert [m["planned_at"] for m in body["matches"]] == [
        "2026-12-05T13:00:00Z",
        "2026-12-05T13:00:00Z",
        "2026-12-05T14:00:00Z",
    ]
    third = rnd.matches.get(number=3)
    response = secretary_api.post(
        api(rnd, f"matches/{third.pk}/move/"), {"table": 2, "planned_at": "2026-12-05T14:00:00Z"}, format="json"
    )
    assert response.status_code == 200 and response.json()["table"] == 2
    response = secretary_api.post(api(rnd, f"rounds/{rnd.pk}/call/"))
    assert response.status_code == 200 and {m["status"] for m in response.json()["matches"]} == {"called"}
    response = secretary_api.post(api(rnd, f"rounds/{rnd.pk}/clock/"))
    assert response.status_code == 201 and response.json()["phase"] == "running"
    assert secretary_api.post(api(rnd, f"rounds/{rnd.pk}/clock/")).json() == {
        "round": [f"The clock of Round 1 started at {timezone.localtime(RoundClock.objects.get().started_at):%H:%M}."]
    }


def test_api_conflicts_are_400_with_field_errors(secretary_api, rnd):
    third, second = rnd.matches.get(number=3), rnd.matches.get(number=2)
    response = secretary_api.post(
        api(rnd, f"matches/{third.pk}/move/"), {"table": 2, "planned_at": "2026-12-05T09:30:00Z"}, format="json"
    )
    first = rnd.matches.get(number=1)
    assert response.status_code == 400
    assert response.json() == {
        "table": [
            f"Table 2 is taken by Round 1 match 2 ({second.entry_a} v {second.entry_b}) at table 2, "
            "Sat 05 Dec 09:00–10:00."
        ],
        "umpire": [
            f"Umpire Uma Umpire is at Round 1 match 1 ({first.entry_a} v {first.entry_b}) at table 1, "
            "Sat 05 Dec 09:00–10:00."
        ],
    }
    response = secretary_api.post(api(rnd, f"matches/{third.pk}/move/"), {"table": 0}, format="json")
    assert response.status_code == 400 and set(response.json()) == {"table", "planned_at"}
    response = secretary_api.post(api(rnd, f"rounds/{rnd.pk}/schedule/"), {}, format="json")
    assert response.status_code == 400 and "start" in response.json()
    uma = first.umpire
    Match.objects.filter(pk=second.pk).update(self_umpired=False)
    response = secretary_api.post(api(rnd, f"matches/{second.pk}/umpire/"), {"umpire": uma.pk}, format="json")
    assert response.status_code == 400 and response.json()["umpire"][0].startswith("Umpire Uma Umpire is at Round 1")


def test_api_writes_are_for_secretaries(rnd):
    first = rnd.matches.get(number=1)
    client = APIClient()
    client.force_authenticate(UserFactory())
    writes = [
        ("post", f"rounds/{rnd.pk}/schedule/", {"start": "2026-12-05T13:00:00Z"}),
        ("post", f"rounds/{rnd.pk}/call/", {}),
        ("post", f"rounds/{rnd.pk}/clock/", {}),
        ("post", f"matches/{first.pk}/move/", {"table": 1, "planned_at": "2026-12-05T13:00:00Z"}),
        ("post", f"matches/{first.pk}/umpire/", {"umpire": None}),
        ("put", "venue/", {"tables": 3, "match_minutes": 60, "rest_minutes": 10}),
    ]
    assert [getattr(client, verb)(api(rnd, tail), data, format="json").status_code for verb, tail, data in writes] == [
        403
    ] * 6
    assert [
        getattr(APIClient(), verb)(api(rnd, tail), data, format="json").status_code for verb, tail, data in writes
    ] == [403] * 6
    assert not RoundClock.objects.exists() and rnd.matches.filter(status=Match.Status.CALLED).count() == 0


def test_api_venue_get_and_put(secretary_api, rnd):
    hall = {"tables": 2, "match_minutes": 60, "rest_minutes": 10, "sessions": []}
    assert APIClient().get(api(rnd, "venue/")).json() == hall
    response = secretary_api.put(api(rnd, "venue/"), {"tables": 1, "match_minutes": 60, "rest_minutes": 10})
    assert response.status_code == 400 and response.json()["tables"][0].startswith("Table 2 is booked for Round 1")
    response = secretary_api.put(api(rnd, "venue/"), {"tables": 0, "match_minutes": 60, "rest_minutes": 10})
    assert response.status_code == 400 and "tables" in response.json()
    response = secretary_api.put(api(rnd, "venue/"), {"tables": 5, "match_minutes": 57, "rest_minutes": 3})
    assert response.json() == {"tables": 5, "match_minutes": 57, "rest_minutes": 3, "sessions": []}


def test_api_venue_refuses_sizes_no_hall_has(secretary_api, rnd):
    response = secretary_api.put(api(rnd, "venue/"), {"tables": 409, "match_minutes": 409, "rest_minutes": 32768})
    assert response.status_code == 400 and set(response.json()) == {"rest_minutes"}
    response = secretary_api.put(api(rnd, "venue/"), {"tables": 1000, "match_minutes": 60, "rest_minutes": 10})
    assert response.status_code == 400 and set(response.json()) == {"tables"}


def test_the_public_round_page_refreshes_its_pairings_by_itself(client, tournament):
    rnd = make_round(tournament, "ecc", matches=2)
    url = reverse("round-detail", args=[tournament.slug, rnd.pk])
    page = client.get(url).content.decode()
    assert f'data-live-url="{url}?fragment=1"' in page
    version = re.search(r'data-live-version="([0-9a-f]+)"', page)[1]
    assert client.get(f"{url}?fragment=1", HTTP_X_LIVE_VERSION=version).status_code == 204
    call_round(rnd)
    fresh = client.get(f"{url}?fragment=1", HTTP_X_LIVE_VERSION=version)
    assert fresh.status_code == 200 and "<html" not in fresh.content.decode()
