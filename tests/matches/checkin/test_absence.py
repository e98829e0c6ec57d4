"""Absence is established, never inferred from silence: a self-umpired round called "by claims" forfeits nobody who
said nothing; a side loses for lateness only once the desk, the umpire or the present opponent said it is absent.
Umpired rounds ("desk") forfeit the unmarked side at the law's deadline as before (ICF 143(i)), and a round's
lateness forfeits are undone in one step by the chief referee."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from core.errors import NotAllowed, ServiceError
from matches.checkin import absence
from matches.checkin import services as late
from matches.models import ResultChange
from matches.scheduling.services import call_round
from matches.scoring.services import record_toss
from players import links
from stages.models import Match
from tests.factories import PlayerFactory, UserFactory
from tests.helpers import make_round

pytestmark = pytest.mark.django_db

S = Match.Status


@pytest.fixture
def chief(tournament):
    user = UserFactory()
    tournament.chief_referees.add(user)
    return user


def called_round(tournament, rule_set, check_in=None, matches=4):
    rnd = make_round(tournament, rule_set, matches=matches)
    call_round(rnd, check_in=check_in)
    matches = list(rnd.matches.order_by("number"))
    assert all(m.report_deadline for m in matches)
    return rnd, matches


def past_every_deadline(matches):
    return max(m.report_deadline for m in matches) + timedelta(minutes=1)


def test_a_self_umpired_round_is_called_by_claims_and_silence_forfeits_nobody(tournament):
    rnd, matches = called_round(tournament, "ecc")
    assert {m.check_in for m in matches} == {"claims"}
    assert late.apply_forfeits(now=past_every_deadline(matches)) == 0
    assert set(rnd.matches.values_list("status", flat=True)) == {S.CALLED}


def test_an_umpired_round_is_called_by_the_desk_and_the_unmarked_lose_as_before(tournament, umpire):
    rnd, matches = called_round(tournament, "icf")
    assert {m.check_in for m in matches} == {"desk"}
    late.report(matches[0], "a", umpire)
    late.report(matches[0], "b", umpire)
    assert late.apply_forfeits(now=past_every_deadline(matches)) == 3  # ICF 143(i): the silent tables lose
    assert rnd.matches.filter(status=S.WALKOVER).count() == 3


def test_the_secretary_may_choose_the_desk_for_a_self_umpired_round(tournament):
    rnd, matches = called_round(tournament, "ecc", check_in="desk")
    assert late.apply_forfeits(now=past_every_deadline(matches)) == 4  # ECC 18: nobody marked, everybody lost


def test_an_unknown_mode_is_refused(tournament):
    rnd = make_round(tournament, "ecc", matches=1)
    with pytest.raises(ServiceError) as refused:
        call_round(rnd, check_in="silence")
    assert refused.value.field == "check_in"


def test_the_present_opponent_says_the_other_is_absent_from_the_deadline_on(tournament):
    rnd, (match, *_others) = called_round(tournament, "ecc")
    with pytest.raises(ServiceError) as early:
        absence.declare_absent(match, "b", by_side="a", now=match.report_deadline - timedelta(minutes=1))
    assert "ECC 18" in early.value.message and "after that" in early.value.message
    match = absence.declare_absent(match, "b", by_side="a", now=match.report_deadline + timedelta(seconds=30))
    assert match.status == S.WALKOVER and match.forfeited == "b" and match.winner_id == match.entry_a_id
    assert match.reported_a_at is not None  # the claimant was at the board
    assert match.changes.filter(what=ResultChange.What.ABSENT).count() == 1
    with pytest.raises(ServiceError):
        absence.declare_absent(match, "a", by_side="b")  # decided: nobody left to wait for


def test_a_claim_before_the_deadline_by_the_desk_takes_effect_at_the_deadline(tournament, umpire):
    rnd, (match, *_others) = called_round(tournament, "ecc")
    match = absence.declare_absent(match, "a", user=umpire, now=match.report_deadline - timedelta(minutes=2))
    assert match.status == S.CALLED and match.declared_absent == "a"
    assert late.apply_forfeits(now=match.report_deadline + timedelta(seconds=1)) == 1
    match.refresh_from_db()
    assert match.forfeited == "a"  # only the side declared absent: B said nothing and is not punished for it


def test_a_side_that_reported_cannot_be_declared_absent_and_strangers_may_not_declare(tournament, umpire):
    rnd, (match, *_others) = called_round(tournament, "ecc")
    late.report(match, "b", umpire)
    with pytest.raises(ServiceError) as refused:
        absence.declare_absent(match, "b", user=umpire)
    assert "reported at the board" in refused.value.message
    with pytest.raises(NotAllowed):
        absence.declare_absent(match, "a", user=UserFactory())


def test_a_toss_proves_both_sides_present(tournament, umpire):
    rnd, (match, *_others) = called_round(tournament, "icf", matches=1)
    record_toss(match, "a", "break", user=umpire)
    assert late.apply_forfeits(now=match.report_deadline + timedelta(minutes=5)) == 0
    match.refresh_from_db()
    assert match.status == S.CALLED and match.reported_a_at and match.reported_b_at


def test_the_chief_referee_undoes_a_rounds_lateness_forfeits_in_one_step(tournament, chief, umpire):
    rnd, matches = called_round(tournament, "ecc", check_in="desk")
    late.apply_forfeits(now=past_every_deadline(matches))
    with pytest.raises(NotAllowed):
        absence.cancel_round_forfeits(rnd, umpire, "They were playing.")
    with pytest.raises(ServiceError):
        absence.cancel_round_forfeits(rnd, chief, " ")
    cancelled = absence.cancel_round_forfeits(rnd, chief, "They were playing: nobody tapped the desk.")
    assert len(cancelled) == 4
    for match in rnd.matches.all():
        assert match.status == S.CALLED and not match.forfeited and match.reported_a_at and match.reported_b_at
        assert match.changes.filter(what=ResultChange.What.FORFEIT_CANCELLED).count() == 1
    assert late.apply_forfeits(now=timezone.now() + timedelta(hours=1)) == 0  # present: never forfeited again


# ---------------------------------------------------------------- the officials' API


def api(tournament, path):
    return f"/api/tournaments/{tournament.slug}/{path}"


def test_the_call_takes_check_in_and_refuses_anything_else(api_client, tournament, secretary):
    rnd = make_round(tournament, "ecc", matches=2)
    api_client.force_authenticate(secretary)
    refused = api_client.post(api(tournament, f"rounds/{rnd.pk}/call/"), {"check_in": "maybe"}, format="json")
    assert refused.status_code == 400 and "check_in" in refused.json()
    called = api_client.post(api(tournament, f"rounds/{rnd.pk}/call/"), {"check_in": "desk"}, format="json")
    assert called.status_code == 200
    assert set(rnd.matches.values_list("check_in", flat=True)) == {"desk"}


def test_absent_and_cancel_forfeits_through_the_api(api_client, tournament, umpire, chief):
    rnd, (match, *_others) = called_round(tournament, "ecc")
    Match.objects.filter(round=rnd).update(report_deadline=timezone.now() - timedelta(minutes=1))
    api_client.force_authenticate(umpire)
    answer = api_client.post(api(tournament, f"matches/{match.pk}/absent/"), {"side": "b"}, format="json")
    assert answer.status_code == 200
    match.refresh_from_db()
    assert match.status == S.WALKOVER and match.forfeited == "b"
    bad = api_client.post(api(tournament, f"matches/{match.pk}/absent/"), {"side": "c"}, format="json")
    assert bad.status_code == 400 and "side" in bad.json()
    url = api(tournament, f"rounds/{rnd.pk}/cancel-forfeits/")
    assert api_client.post(url, {"reason": "B was there."}, format="json").status_code == 403
    api_client.force_authenticate(chief)
    assert api_client.post(url, {}, format="json").status_code == 400
    done = api_client.post(url, {"reason": "B was there."}, format="json")
    assert done.status_code == 200 and done.json() == {"round": rnd.pk, "cancelled": [match.pk]}
    match.refresh_from_db()
    assert match.status == S.CALLED and not match.declared_absent


# ---------------------------------------------------------------- the pages


def test_the_call_form_offers_both_ways_and_the_message_counts_the_unmarked(client, tournament, secretary):
    rnd = make_round(tournament, "ecc", matches=3)
    client.force_login(secretary)
    page = client.get(reverse("round-detail", args=[tournament.slug, rnd.pk])).content.decode()
    assert 'name="check_in" value="claims" checked' in page and 'value="desk"' in page
    called = client.post(reverse("round-call", args=[tournament.slug, rnd.pk]), {"check_in": "claims"}, follow=True)
    said = called.content.decode()
    assert "By claims: 6 sides are not marked at the desk, and none loses for that" in said
    assert set(rnd.matches.values_list("check_in", flat=True)) == {"claims"}


def test_the_desk_marks_a_side_absent_and_the_chief_cancels_the_rounds_forfeits(client, tournament, chief):
    rnd, (match, *_others) = called_round(tournament, "ecc", check_in="desk")
    Match.objects.filter(round=rnd).update(report_deadline=timezone.now() - timedelta(minutes=1))
    client.force_login(chief)
    desk = reverse("round-checkin", args=[tournament.slug, rnd.pk])
    page = client.get(desk).content.decode()
    assert "Called by the desk" in page and "A is absent" in page
    late.report(match, "b", chief, reason="At the table.")
    client.post(desk, {"action": "absent", "match": match.pk, "side": "a"})
    match.refresh_from_db()
    assert match.forfeited == "a"
    late.apply_forfeits(now=timezone.now())
    page = client.get(desk).content.decode()
    assert "4 matches of this round were lost for lateness" in page
    done = client.post(reverse("round-cancel-forfeits", args=[tournament.slug, rnd.pk]), {"reason": "All there."})
    assert done.status_code == 302
    assert not rnd.matches.filter(status=S.WALKOVER).exists()


def test_the_opponent_says_not_here_from_their_personal_page(client, tournament):
    rnd, (match, *_others) = called_round(tournament, "ecc", matches=1)
    player = PlayerFactory()
    member = match.entry_a.members.first()
    member.player = player
    member.save()
    Match.objects.filter(pk=match.pk).update(table=3)
    page_url = links.personal_link_url(tournament, player)
    before = client.get(page_url).content.decode()
    assert "My opponent is not here" not in before  # the law's time still runs
    Match.objects.filter(pk=match.pk).update(report_deadline=timezone.now() - timedelta(seconds=5))
    page = client.get(page_url).content.decode()
    assert "My opponent is not here" in page
    assert '<p class="window-late">' not in page  # by claims, silence is no lateness: no "ask the chief referee"
    checkin_url = reverse("player-self-checkin", args=[tournament.slug, page_url.rstrip("/").split("/")[-1]])
    client.post(checkin_url, {"match": match.pk, "claim": "absent"})
    match.refresh_from_db()
    assert match.status == S.WALKOVER and match.forfeited == "b" and match.winner_id == match.entry_a_id


def test_rules_without_a_late_arrival_law_are_not_asked_who_says_a_player_is_absent(client, tournament, secretary):
    rnd = make_round(tournament, "office", matches=1)
    client.force_login(secretary)
    page = client.get(reverse("round-detail", args=[tournament.slug, rnd.pk])).content.decode()
    assert "Call the round" in page  # called as ever, with nothing to choose: office rules forfeit nobody late
    assert 'name="check_in"' not in page and "Who says a player is absent?" not in page
