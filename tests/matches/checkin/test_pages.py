"""Late arrivals (ICF 143): the round's check-in page (big "Reported" buttons, deadline and countdown, forfeits,
the chief referee's "Cancel forfeit") and the check-in API."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.checkin import services as late
from stages.models import Match, Stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, RoundFactory, UserFactory
from tests.helpers import make_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief(tournament):
    user = UserFactory()
    tournament.chief_referees.add(user)
    return user


def called(tournament, minutes_ago=0, **fields):
    """An ICF match announced `minutes_ago` (ICF 143(i): 15 minutes to report)."""
    at = timezone.now() - timedelta(minutes=minutes_ago)
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=at, table=7, **fields)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


def desk_url(match):
    return reverse("round-checkin", args=[match.stage.event.tournament.slug, match.round_id])


def api(match, action):
    return f"/api/tournaments/{match.stage.event.tournament.slug}/matches/{match.pk}/{action}/"


def test_the_desk_shows_tables_deadlines_and_big_report_buttons(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    page = client.get(desk_url(match)).content.decode()
    assert "Table 7" in page and str(match.entry_a) in page and str(match.entry_b) in page
    assert f'data-deadline="{timezone.localtime(match.report_deadline).isoformat()}"' in page
    assert page.count('class="report-button"') == 2 and "ICF 143(i)" in page


def test_the_desk_is_for_umpires_and_officials(client, tournament):
    match = called(tournament)
    assert client.get(desk_url(match)).status_code == 302  # log in first
    client.force_login(UserFactory())
    assert client.get(desk_url(match)).status_code == 403


def test_reporting_from_the_desk(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    response = client.post(desk_url(match), {"action": "report", "match": match.pk, "side": "b"})
    assert response.status_code == 302 and response.url.endswith(f"#match-{match.pk}")
    match.refresh_from_db()
    assert match.reported_b_at is not None and match.reported_a_at is None
    page = client.get(desk_url(match)).content.decode()
    assert "Reported " in page and page.count('class="report-button"') == 1


def test_a_late_report_shows_the_desk_again_with_the_law(client, tournament, umpire):
    match = called(tournament, minutes_ago=20, umpire=umpire)
    client.force_login(umpire)
    response = client.post(desk_url(match), {"action": "report", "match": match.pk, "side": "a"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "ICF 143(i): the reporting deadline was" in page and f'id="match-{match.pk}"' in page
    match.refresh_from_db()
    assert match.reported_a_at is None


def test_another_umpire_cannot_report_for_an_assigned_match(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    other = UserFactory()
    tournament.umpires.add(other)
    client.force_login(other)
    response = client.post(desk_url(match), {"action": "report", "match": match.pk, "side": "a"})
    assert response.status_code == 403


def test_the_chief_referee_cancels_a_forfeit_from_the_desk(client, tournament, chief, umpire):
    match = called(tournament, minutes_ago=20, umpire=umpire)
    late.apply_forfeits()
    client.force_login(umpire)
    page = client.get(desk_url(match)).content.decode()
    assert "Both sides lost by forfeit" in page and "Cancel forfeit" not in page
    assert client.post(desk_url(match), {"action": "cancel", "match": match.pk, "reason": "x"}).status_code == 403
    client.force_login(chief)
    assert "Cancel forfeit" in client.get(desk_url(match)).content.decode()
    response = client.post(desk_url(match), {"action": "cancel", "match": match.pk, "reason": "", "reported": ["a"]})
    assert response.status_code == 400 and "Give the reason" in response.content.decode()
    assert '<details class="cancel-forfeit" open>' in response.content.decode()
    data = {"action": "cancel", "match": match.pk, "reason": "Hall opened late", "reported": ["a", "b"]}
    assert client.post(desk_url(match), data).status_code == 302
    match.refresh_from_db()
    assert (match.status, match.forfeited) == (Match.Status.CALLED, "")
    assert match.reported_a_at and match.reported_b_at


def test_a_swiss_desk_offers_withdraw_and_keep(client, tournament, chief):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    rnd = RoundFactory(stage__event=event, stage__kind=Stage.Kind.SWISS)
    match = MatchFactory(round=rnd, entry_a=EntryFactory(event=event), entry_b=EntryFactory(event=event))
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.WALKOVER, forfeited="b", winner=match.entry_a, score_a=25, score_b=0
    )
    client.force_login(chief)
    assert "Withdraw from later rounds" in client.get(desk_url(match)).content.decode()
    client.post(desk_url(match), {"action": "withdraw", "match": match.pk, "side": "b"})
    match.entry_b.refresh_from_db()
    assert match.entry_b.withdrawn
    assert "Keep in later rounds" in client.get(desk_url(match)).content.decode()
    client.post(desk_url(match), {"action": "keep", "match": match.pk, "side": "b"})
    match.entry_b.refresh_from_db()
    assert not match.entry_b.withdrawn


def test_the_desk_refreshes_itself(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    url = desk_url(match) + "?fragment=1"
    first = client.get(url)
    assert first.status_code == 200 and "<html" not in first.content.decode()
    version = {"X-Live-Version": first["X-Live-Version"]}
    assert client.get(url, headers=version).status_code == 204  # nothing changed
    late.report(match, "a", umpire)
    second = client.get(url, headers=version)
    assert second.status_code == 200 and "Reported " in second.content.decode()


# ---------------------------------------------------------------- API


def test_api_report_and_round_list(api_client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    api_client.force_authenticate(umpire)
    response = api_client.post(api(match, "report"), {"side": "a"}, format="json")
    assert response.status_code == 200, response.data
    assert response.data["sides"]["a"]["state"] == "reported" and response.data["sides"]["b"]["state"] == "waiting"
    listing = api_client.get(f"/api/tournaments/{tournament.slug}/rounds/{match.round_id}/checkin/")
    assert listing.status_code == 200 and listing.data["law"] == "ICF 143(i)"
    assert [m["id"] for m in listing.data["matches"]] == [match.pk]
    assert api_client.post(api(match, "report"), {"side": "x"}, format="json").status_code == 400


def test_api_refuses_a_late_report_with_the_law_and_strangers(api_client, tournament, umpire):
    match = called(tournament, minutes_ago=16, umpire=umpire)
    api_client.force_authenticate(umpire)
    response = api_client.post(api(match, "report"), {"side": "a"}, format="json")
    assert response.status_code == 400 and "ICF 143(i)" in response.data["side"][0]
    api_client.force_authenticate(UserFactory())
    assert api_client.post(api(match, "report"), {"side": "a"}, format="json").status_code == 403
    assert api_client.get(f"/api/tournaments/{tournament.slug}/rounds/{match.round_id}/checkin/").status_code == 403
    api_client.force_authenticate(None)
    assert api_client.post(api(match, "report"), {"side": "a"}, format="json").status_code in (401, 403)


def test_api_cancel_forfeit(api_client, tournament, umpire, chief):
    match = called(tournament, minutes_ago=16, umpire=umpire)
    late.report(match, "a", umpire, at=match.report_deadline)
    late.apply_forfeits()
    api_client.force_authenticate(umpire)
    assert api_client.post(api(match, "cancel-forfeit"), {"reason": "x"}, format="json").status_code == 403
    api_client.force_authenticate(chief)
    response = api_client.post(api(match, "cancel-forfeit"), {"reported": ["b"]}, format="json")
    assert response.status_code == 400 and "reason" in response.data
    response = api_client.post(api(match, "cancel-forfeit"), {"reason": "Delay", "reported": ["b"]}, format="json")
    assert response.status_code == 200, response.data
    assert response.data["status"] == "called" and response.data["sides"]["b"]["state"] == "reported"
    response = api_client.post(api(match, "cancel-forfeit"), {"reason": "again"}, format="json")
    assert response.status_code == 400 and "not forfeited" in response.data["status"][0]


def test_api_withdrawal_is_for_swiss_forfeits(api_client, tournament, chief):
    match = called(tournament, minutes_ago=16)
    late.apply_forfeits()
    api_client.force_authenticate(chief)
    response = api_client.post(api(match, "withdrawal"), {"side": "a", "withdrawn": True}, format="json")
    assert response.status_code == 400 and "Swiss" in response.data["stage"][0]
