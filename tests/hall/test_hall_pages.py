"""The hall display (t/<slug>/hall/): public and read-only; its state answer (clocks, views chosen, announcement);
the secretary's settings page, refused to anyone else, showing the form again on bad input."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from hall import selectors, services
from hall.errors import HallError
from hall.models import HallDisplay, HallView
from matches.scheduling.models import RoundClock
from stages.models import Match, Round, Stage
from tests import factories as f
from tests.helpers import knockout, make_round

pytestmark = pytest.mark.django_db


def hall_url(tournament, name="tournament-hall"):
    return reverse(name, args=[tournament.slug])


def ecc_round(tournament, matches=3):
    """A published ECC Swiss round with `matches` matches at tables 1, 2, ..."""
    rnd = make_round(tournament, "ecc", Stage.Kind.SWISS, status=Round.Status.PUBLISHED)
    for number in range(1, matches + 1):
        f.MatchFactory(round=rnd, number=number, table=number)
    return rnd


def test_the_hall_display_is_public_and_shows_the_pairings_by_table(client, tournament):
    rnd = ecc_round(tournament)
    match = rnd.matches.get(number=2)
    response = client.get(hall_url(tournament))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-hall-view="pairings"' in page
    assert match.entry_a.name in page and match.entry_b.name in page
    assert "site-header" not in page  # no header: a screen, not a page to browse
    assert "Tap to allow sound" in page
    assert "<script>" not in page and " style=" not in page  # the Content-Security-Policy allows neither


def test_a_draft_tournament_has_no_hall_display_for_the_public(client):
    tournament = f.TournamentFactory(status="draft")
    assert client.get(hall_url(tournament)).status_code == 404
    assert client.get(hall_url(tournament, "tournament-hall-state")).status_code == 404


def test_the_live_fragment_answers_unchanged_with_204(client, tournament):
    ecc_round(tournament)
    first = client.get(hall_url(tournament) + "?fragment=1")
    assert first.status_code == 200
    again = client.get(hall_url(tournament) + "?fragment=1", HTTP_X_LIVE_VERSION=first["X-Live-Version"])
    assert again.status_code == 204


def test_the_state_gives_the_clock_bells_of_the_running_round(client, tournament):
    """ECC 39-41: the start, the first bell 50 minutes later, the second 7 minutes after it."""
    rnd = ecc_round(tournament)
    clock = f.RoundClockFactory(round=rnd)
    state = client.get(hall_url(tournament, "tournament-hall-state")).json()
    assert [c["id"] for c in state["clocks"]] == [clock.pk]
    shown = state["clocks"][0]
    assert shown["time_limit"] is True
    started, first, second = (
        timezone.datetime.fromisoformat(shown[k]) for k in ("started_at", "first_bell_at", "second_bell_at")
    )
    assert first - started == timedelta(minutes=50) and second - first == timedelta(minutes=7)
    assert state["views"] == list(HallView.values) and state["rotation_seconds"] == 15
    assert state["announcement"] == ""


def test_a_clock_leaves_the_screen_ten_minutes_after_its_second_bell(tournament):
    rnd = ecc_round(tournament)
    start = timezone.now() - timedelta(minutes=70)
    f.RoundClockFactory(round=rnd, started_at=start)
    assert selectors.hall_state(tournament, now=start + timedelta(minutes=66))["clocks"]
    assert not selectors.hall_state(tournament, now=start + timedelta(minutes=68))["clocks"]


def test_views_show_results_standings_brackets_called_matches_and_free_tables(client, tournament):
    f.VenueFactory(tournament=tournament, tables=6)
    rnd = ecc_round(tournament, matches=2)
    called = rnd.matches.get(number=1)
    called.status, called.called_at = Match.Status.CALLED, timezone.now()
    called.save()
    played = rnd.matches.get(number=2)
    played.status, played.score_a, played.score_b, played.winner = Match.Status.CONFIRMED, 25, 9, played.entry_a
    played.confirmed_at = timezone.now()
    played.save()
    stage = knockout(tournament)
    page = client.get(hall_url(tournament)).content.decode()
    for key in HallView.values:
        assert f'data-hall-view="{key}"' in page, key
    views = selectors.hall_views(None, tournament, HallView.values)
    by_key = {view["key"]: view["data"] for view in views}
    assert by_key["called"] == [called]
    assert by_key["free_tables"] == [2, 3, 4, 5, 6]  # table 1 has the called match; table 2's is over
    assert [line["match"] for line in by_key["results"]] == [played]
    assert [block["stage"] for block in by_key["brackets"]] == [stage]
    assert [block["stage"] for block in by_key["standings"]] == [rnd.stage]


def test_only_the_views_the_secretary_chose_are_shown(client, tournament):
    ecc_round(tournament)
    f.HallDisplayFactory(tournament=tournament, views=[HallView.FREE_TABLES])
    page = client.get(hall_url(tournament)).content.decode()
    assert 'data-hall-view="free_tables"' in page
    assert 'data-hall-view="pairings"' not in page


def test_an_announcement_shows_until_its_time(tournament, secretary):
    now = timezone.now()
    services.announce(tournament, "  Lunch   at 13:00 ", minutes=30, user=secretary, now=now)
    assert selectors.hall_state(tournament, now=now + timedelta(minutes=29))["announcement"] == "Lunch at 13:00"
    assert selectors.hall_state(tournament, now=now + timedelta(minutes=31))["announcement"] == ""
    services.announce(tournament, "Final at table 1", user=secretary, now=now)
    assert selectors.hall_state(tournament, now=now + timedelta(days=2))["announcement"] == "Final at table 1"
    services.clear_announcement(tournament, user=secretary)
    assert selectors.hall_state(tournament)["announcement"] == ""
    assert HallDisplay.objects.get(tournament=tournament).updated_by == secretary


@pytest.mark.parametrize(
    ("views", "seconds", "field"),
    [([], 15, "views"), (["pairings", "nonsense"], 15, "views"), (["pairings"], 2, "rotation_seconds")],
)
def test_the_service_refuses_bad_settings(tournament, views, seconds, field):
    with pytest.raises(HallError) as refused:
        services.update_hall(tournament, views=views, rotation_seconds=seconds)
    assert refused.value.field == field
    assert not HallDisplay.objects.filter(tournament=tournament).exists()


def test_only_a_secretary_opens_the_settings(client, tournament):
    url = hall_url(tournament, "hall-settings")
    assert client.get(url).status_code == 302  # to the log-in page
    client.force_login(f.UserFactory())
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "clear"}).status_code == 403


def test_the_secretary_saves_views_and_rotation(client, tournament, secretary):
    client.force_login(secretary)
    url = hall_url(tournament, "hall-settings")
    assert client.get(url).status_code == 200
    response = client.post(url, {"action": "views", "views": ["standings", "pairings"], "rotation_seconds": "8"})
    assert response.status_code == 302
    hall = HallDisplay.objects.get(tournament=tournament)
    assert hall.views == ["pairings", "standings"] and hall.rotation_seconds == 8
    state = client.get(hall_url(tournament, "tournament-hall-state")).json()
    assert state["views"] == ["pairings", "standings"] and state["rotation_seconds"] == 8


@pytest.mark.parametrize(
    "data",
    [
        {"action": "views", "rotation_seconds": "15"},
        {"action": "views", "views": ["pairings"], "rotation_seconds": "1"},
        {"action": "views", "views": ["pairings"], "rotation_seconds": "abc"},
        {"action": "views", "views": ["nonsense"], "rotation_seconds": "15"},
        {"action": "announce", "announcement": ""},
        {"action": "announce", "announcement": "x" * 281},
        {"action": "announce", "announcement": "Lunch", "minutes": "0"},
    ],
)
def test_bad_input_shows_the_form_again_with_its_message(client, tournament, secretary, data):
    client.force_login(secretary)
    response = client.post(hall_url(tournament, "hall-settings"), data)
    assert response.status_code == 200
    form = response.context["views_form" if data["action"] == "views" else "announcement_form"]
    assert form.errors
    page = response.content.decode()
    assert 'role="alert"' in page
    for messages in form.errors.values():
        assert all(str(message).replace("'", "&#x27;") in page for message in messages)
    assert not HallDisplay.objects.filter(tournament=tournament).exists()


def test_the_secretary_puts_an_announcement_on_the_display_and_clears_it(client, tournament, secretary):
    client.force_login(secretary)
    url = hall_url(tournament, "hall-settings")
    client.post(url, {"action": "announce", "announcement": "Round 3 starts at 14:30", "minutes": "20"})
    state = client.get(hall_url(tournament, "tournament-hall-state")).json()
    assert state["announcement"] == "Round 3 starts at 14:30" and state["announcement_until"]
    assert "Round 3 starts at 14:30" in client.get(url).content.decode()
    client.post(url, {"action": "clear"})
    assert client.get(hall_url(tournament, "tournament-hall-state")).json()["announcement"] == ""


def test_the_tournament_page_links_the_hall_display(client, tournament, secretary):
    assert hall_url(tournament) not in client.get(tournament.get_absolute_url()).content.decode()  # no events yet
    f.EventFactory(tournament=tournament)
    assert hall_url(tournament) in client.get(tournament.get_absolute_url()).content.decode()
    client.force_login(secretary)
    assert hall_url(tournament, "hall-settings") in client.get(tournament.get_absolute_url()).content.decode()


def test_clocks_are_read_from_the_scheduling_floor(tournament):
    rnd = ecc_round(tournament)
    now = timezone.now()
    RoundClock.objects.create(round=rnd, started_at=now, first_bell_at=now, second_bell_at=now)
    (clock,) = selectors.hall_state(tournament)["clocks"]
    assert clock["time_limit"] is False  # a plain countdown: one end, rung once
