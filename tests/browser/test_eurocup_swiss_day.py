"""A whole self-umpired Eurocup Swiss day in a real browser: five rounds of 64 players, paired, published and called
("Start", ECC 18) from the pages, results typed at the desk grid, and nobody ever taps "I am at table": called by
claims, silence forfeits nobody. In round 3 one player says from their phone "My opponent is not here" (after the
ECC 18 deadline): that opponent loses by forfeit, and the chief referee undoes it in one step from the desk."""

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from matches.checkin.services import apply_forfeits
from matches.models import ResultChange
from players.links import personal_link_url
from stages.models import Match, Stage
from tests.browser.conftest import PHONE, log_in, new_page, type_round_results
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory

ROUNDS = 5


def silence_forfeits_nobody(rnd):
    """The worker's run long after every deadline of the round (ECC 18: 6 minutes after "Start")."""
    apply_forfeits(now=timezone.now() + timedelta(hours=2))
    return rnd.matches.filter(status=Match.Status.WALKOVER).count()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_self_umpired_swiss_day_forfeits_nobody_by_silence(live_server, browser):
    rng = random.Random(5)
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Eurocup singles", rule_set="ecc")
    for seed in range(1, 65):
        EntryFactory(event=event, seed=seed, members=[PlayerFactory()])
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=ROUNDS)

    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, "secretary", stage.get_absolute_url())
    for number in range(1, ROUNDS + 1):
        desk.goto(live_server.url + stage.get_absolute_url())
        desk.get_by_role("button", name="Pair round 1" if number == 1 else "Pair next round").click()
        desk.get_by_role("button", name=f"Publish round {number}").first.click()
        rnd = stage.rounds.get(number=number)
        desk.goto(live_server.url + reverse("round-detail", args=[tournament.slug, rnd.pk]))
        expect(desk.locator('input[name="check_in"][value="claims"]')).to_be_checked()  # ECC: self-umpired
        desk.get_by_role("button", name='Call the round ("Start")').click()
        expect(desk.locator(".message.success")).to_contain_text("By claims: 64 sides are not marked at the desk")
        assert silence_forfeits_nobody(rnd) == 0

        if number == 3:
            match = rnd.matches.exclude(entry_b=None).select_related("entry_a").order_by("table").first()
            claimant = match.entry_a.members.get().player
            Match.objects.filter(pk=match.pk).update(report_deadline=timezone.now() - timedelta(seconds=5))
            phone = new_page(browser, PHONE)
            phone.goto(live_server.url + personal_link_url(tournament, claimant))
            phone.get_by_role("button", name="My opponent is not here").click()
            expect(phone.locator(".message.success")).to_contain_text("has lost by forfeit")
            phone.screenshot(path="/tmp/swiss-day-claim.png")
            assert Match.objects.get(pk=match.pk).forfeited == "b"

            desk.goto(live_server.url + reverse("round-checkin", args=[tournament.slug, rnd.pk]))
            desk.get_by_label("Reason (kept in each match's history)").fill("B was at the next table: a mix-up.")
            desk.get_by_role("button", name="Cancel the round's lateness forfeits").click()
            expect(desk.locator(".message.success")).to_contain_text("1 lateness forfeit of Round 3 cancelled")
            desk.screenshot(path="/tmp/swiss-day-desk.png")
            assert silence_forfeits_nobody(rnd) == 0

        type_round_results(desk, live_server, tournament, rnd, rng)

    played = Match.objects.filter(stage=stage).exclude(entry_b=None)
    assert played.count() == ROUNDS * 32
    assert set(played.values_list("status", flat=True)) == {Match.Status.CONFIRMED}
    changes = ResultChange.objects.filter(match__stage=stage)
    assert changes.filter(what=ResultChange.What.FORFEIT).count() == 1
    assert changes.filter(what=ResultChange.What.FORFEIT_CANCELLED).count() == 1
