"""Self check-in (ICF 143(i), ECC 18, queen2 ¶10): the player's own tap "I am at table N" reports their side, only
inside the reporting window: from the call (or 30 minutes before the planned time) to the deadline, exactly at the
deadline still in time. Outside it the page says why. The desk sees it and can undo it, with a reason."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.errors import ServiceError
from matches.checkin import self_checkin as own
from matches.checkin import services as late
from matches.models import ResultChange
from players.links import personal_link_url, revoke_personal_link
from stages.models import Match, Round, Stage
from tests.factories import (
    EntryFactory,
    EventFactory,
    MatchFactory,
    PlayerFactory,
    RoundClockFactory,
    RoundFactory,
    UserFactory,
)
from tests.helpers import make_match

pytestmark = pytest.mark.django_db

T = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
SECOND = timedelta(seconds=1)


def player_of(match, side="a"):
    return getattr(match, f"entry_{side}").players.first()


def icf_called(tournament, **fields):
    """ICF 143(i): announced at T, table 4: the window runs from T to T + 15 minutes."""
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=T, table=4, **fields)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


def ecc_started(tournament, **fields):
    """ECC 18: called ("Start") at T; 6 minutes to be at the board."""
    match = make_match(tournament, "ecc", kind=Stage.Kind.SWISS, status=Match.Status.CALLED, called_at=T, table=4)
    RoundClockFactory(round=match.round, started_at=T)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


def queen2_planned(tournament, **fields):
    """queen2 ¶10: planned at T, report by T - 5 minutes; not called: the window opens 30 minutes before T."""
    match = make_match(tournament, "queen2", planned_at=T, table=4, **fields)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


WINDOWS = [
    (icf_called, T, T + timedelta(minutes=15)),
    (ecc_started, T, T + timedelta(minutes=6)),
    (queen2_planned, T - timedelta(minutes=30), T - timedelta(minutes=5)),
]


@pytest.mark.parametrize(("build", "opens", "deadline"), WINDOWS)
def test_the_window_opens_and_closes_at_its_boundaries(tournament, build, opens, deadline):
    match = build(tournament)
    assert own.window(match, "a", opens - SECOND).state == own.EARLY
    assert own.window(match, "a", opens).state == own.OPEN
    assert own.window(match, "a", deadline).state == own.OPEN  # exactly at the deadline is in time
    assert own.window(match, "a", deadline + SECOND).state == own.LATE


@pytest.mark.parametrize(("build", "opens", "deadline"), WINDOWS)
def test_a_tap_at_the_deadline_counts_as_reported_and_one_second_later_is_refused(tournament, build, opens, deadline):
    match = build(tournament)
    own.self_report(match, player_of(match, "a"), at=deadline)
    with pytest.raises(ServiceError, match="reporting deadline was"):
        own.self_report(match, player_of(match, "b"), at=deadline + SECOND)
    match.refresh_from_db()
    assert (match.reported_a_at, match.reported_b_at) == (deadline, None)
    change = match.changes.get(what=ResultChange.What.REPORTED)
    assert change.after["side"] == "a" and change.user is None
    assert player_of(match, "a").full_name in change.reason
    assert late.apply_forfeits(now=deadline + timedelta(minutes=1)) == 1  # B was not there: ECC 18 / ICF 143(i)
    match.refresh_from_db()
    assert match.forfeited == "b"


def test_too_early_is_refused_with_the_opening_time(tournament):
    match = queen2_planned(tournament)
    with pytest.raises(ServiceError, match="opens at"):
        own.self_report(match, player_of(match), at=T - timedelta(minutes=31))
    assert Match.objects.get(pk=match.pk).reported_a_at is None


def test_no_table_and_not_called_say_why(tournament):
    match = make_match(tournament, "icf")  # scheduled, no table, no time
    assert own.window(match, "a", T).state == own.NO_TABLE
    match.table = 3
    match.save()
    assert own.window(match, "a", T).state == own.EARLY and own.window(match, "a", T).opens_at is None
    with pytest.raises(ServiceError, match="when your match is called"):
        own.self_report(match, player_of(match), at=T)


def test_a_preview_round_or_a_match_under_way_takes_no_tap(tournament):
    match = icf_called(tournament)
    Round.objects.filter(pk=match.round_id).update(status=Round.Status.DRAFT)
    match.round.refresh_from_db()
    assert own.window(match, "a", T).state == own.CLOSED


def test_a_second_tap_changes_nothing_and_a_stranger_is_refused(tournament):
    match = icf_called(tournament)
    own.self_report(match, player_of(match), at=T + SECOND)
    own.self_report(match, player_of(match), at=T + 2 * SECOND)
    assert Match.objects.get(pk=match.pk).reported_a_at == T + SECOND
    with pytest.raises(ServiceError, match="do not play"):
        own.self_report(match, PlayerFactory(), at=T)


def test_doubles_either_partner_reports_the_pair(tournament):
    event = EventFactory(tournament=tournament, rule_set="icf", kind="doubles")
    a = EntryFactory(event=event)
    rnd = RoundFactory(stage__event=event)
    match = MatchFactory(round=rnd, entry_a=a, status=Match.Status.CALLED, called_at=T, table=2)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    second_partner = a.players.order_by("-memberships__position").first()
    assert own.window(match, "a", T).doubles
    own.self_report(match, second_partner, at=T)
    match.refresh_from_db()
    assert match.reported_a_at == T and match.reported_b_at is None


def test_the_desk_undoes_a_check_in_with_a_reason_and_the_side_then_forfeits(tournament, secretary):
    match = icf_called(tournament)
    own.self_report(match, player_of(match), at=T)
    with pytest.raises(ServiceError, match="reason"):
        late.undo_report(match, "a", secretary, " ")
    late.undo_report(match, "a", secretary, "Not at the table")
    match.refresh_from_db()
    assert match.reported_a_at is None
    undo = match.changes.filter(what=ResultChange.What.REPORTED).last()
    assert (undo.after["undone"], undo.user, undo.reason) == (True, secretary, "Not at the table")
    with pytest.raises(ServiceError, match="nothing to undo"):
        late.undo_report(match, "a", secretary, "again")
    assert late.apply_forfeits(now=T + timedelta(minutes=16)) == 1
    match.refresh_from_db()
    assert match.forfeited == "ab"


# ---------------------------------------------------------------- the pages


def live_called(tournament, minutes_ago=1, table=9):
    at = timezone.now() - timedelta(minutes=minutes_ago)
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=at, table=table)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


def test_the_personal_page_offers_the_button_and_the_desk_sees_the_tap(client, tournament, secretary):
    match = live_called(tournament)
    url = personal_link_url(tournament, player_of(match))
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "I am at table 9" in html and 'class="self-checkin-form"' in html
    answer = client.post(f"{url}checkin/", {"match": match.pk})  # no CSRF token: the link is the credential
    assert answer.status_code == 302 and answer["Location"].endswith("#next-match")
    assert "reported at the board" in client.get(url).content.decode()
    assert Match.objects.get(pk=match.pk).reported_a_at is not None
    client.force_login(secretary)
    desk = client.get(reverse("round-checkin", args=[tournament.slug, match.round_id])).content.decode()
    assert "Undo A check-in" in desk
    undo = {"action": "undo", "match": match.pk, "side": "a", "reason": "Seen at the bar"}
    assert client.post(reverse("round-checkin", args=[tournament.slug, match.round_id]), undo).status_code == 302
    assert Match.objects.get(pk=match.pk).reported_a_at is None


def test_outside_the_window_the_page_says_why_and_offers_no_button(client, tournament):
    match = live_called(tournament, minutes_ago=20)  # ICF 143(i): 15 minutes, passed
    html = client.get(personal_link_url(tournament, player_of(match))).content.decode()
    assert "has passed" in html and "self-checkin-form" not in html
    other = make_match(tournament, "icf")  # no table yet
    html = client.get(personal_link_url(tournament, player_of(other))).content.decode()
    assert "No table yet" in html and "self-checkin-form" not in html


def test_a_revoked_link_checks_nobody_in(client, tournament):
    match = live_called(tournament)
    player = player_of(match)
    url = personal_link_url(tournament, player)
    revoke_personal_link(tournament, player)
    assert client.post(f"{url}checkin/", {"match": match.pk}).status_code == 404
    assert Match.objects.get(pk=match.pk).reported_a_at is None


def test_the_api_undoes_a_report_for_the_match_umpire(api_client, tournament, umpire):
    match = live_called(tournament)
    match.umpire = umpire
    match.save()
    own.self_report(match, player_of(match, "b"))
    api_client.force_authenticate(umpire)
    url = reverse("match-undo-report-api", args=[tournament.slug, match.pk])
    assert api_client.post(url, {"side": "b"}, format="json").status_code == 400  # a reason is required
    response = api_client.post(url, {"side": "b", "reason": "Wrong table"}, format="json")
    assert response.status_code == 200
    assert response.json()["sides"]["b"]["state"] == "waiting"
    assert Match.objects.get(pk=match.pk).reported_b_at is None


def test_a_signed_in_player_checks_in_from_their_own_page(tournament):
    match = live_called(tournament, table=5)
    player = player_of(match, "b")
    player.user = UserFactory()
    player.save()
    client = Client(enforce_csrf_checks=True)  # signed in, the form carries the CSRF token
    client.force_login(player.user)
    html = client.get(reverse("my-schedule", args=[tournament.slug])).content.decode()
    assert "I am at table 5" in html
    form = html.split('class="self-checkin-form"', 1)[1].split("</form>", 1)[0]
    token = form.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    post = {"match": match.pk, "csrfmiddlewaretoken": token}
    assert client.post(reverse("my-self-checkin", args=[tournament.slug]), post).status_code == 302
    assert Match.objects.get(pk=match.pk).reported_b_at is not None
