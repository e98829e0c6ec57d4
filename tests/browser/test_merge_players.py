"""Merging two records of one person on a 390-px phone: the secretary finds "Asha Rao" twice by name, compares the
two side by side, confirms, and the kept record plays in both tournaments; nothing is wider than the phone. And a
tournament in Kolkata shows its round's times in its own zone."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from stages.models import Stage
from tests.browser.conftest import log_in, page_width, shot
from tests.factories import (
    ClubFactory,
    EntryFactory,
    EventFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import EntryMember, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_secretary_merges_asha_rao_entered_twice(phone, live_server):
    secretary = UserFactory(secretary=True)
    club = ClubFactory(name="Mumbai Carrom Association")
    kept = PlayerFactory(first_name="Asha", last_name="Rao", club=club, guid="a" * 32)
    merged = PlayerFactory(first_name="Asha", last_name="Rao", club=None, guid=None)
    PlayerFactory(first_name="Ravi", last_name="Rao", club=club)
    for player, name in ((kept, "Mumbai Open"), (merged, "Pune Open")):
        tournament = TournamentFactory(name=name, status="published")
        tournament.secretaries.add(secretary)
        EntryFactory(event=EventFactory(tournament=tournament, name="Women's singles"), members=[player])

    url = reverse("players-merge")
    log_in(phone, live_server, secretary.username, url)
    phone.get_by_role("searchbox").fill("asha rao")
    phone.get_by_role("button", name="Search").click()
    phone.get_by_label(f"Keep {kept.full_name}").first.check()
    phone.locator(f'input[name="merged"][value="{merged.pk}"]').check()
    phone.get_by_role("button", name="Compare").click()
    expect(phone.locator("table.merge-pair")).to_contain_text("Pune Open · Women's singles")
    shot(phone, "merge-players-side-by-side")
    assert page_width(phone) <= 390

    phone.get_by_role("button", name="Merge", exact=True).click()
    expect(phone.locator(".message.success")).to_contain_text("Asha Rao merged into Asha Rao.")
    shot(phone, "merge-players-done")
    assert list(Player.objects.filter(first_name="Asha").values_list("pk", flat=True)) == [kept.pk]
    assert EntryMember.objects.filter(player=kept).count() == 2


def test_a_round_in_kolkata_shows_kolkata_time(phone, live_server):
    secretary = UserFactory(secretary=True)
    tournament = TournamentFactory(name="Kolkata Open", status="published", time_zone="UTC")
    tournament.secretaries.add(secretary)
    stage = StageFactory(event=EventFactory(tournament=tournament), kind=Stage.Kind.SWISS)
    rnd = RoundFactory(stage=stage, number=1)
    MatchFactory(round=rnd, table=1, planned_at=datetime(2026, 12, 5, 4, 30, tzinfo=UTC))

    log_in(phone, live_server, secretary.username, reverse("tournament-edit", args=[tournament.slug]))
    phone.get_by_label("Time zone").select_option("Asia/Kolkata")
    shot(phone, "tournament-time-zone")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator("main")).to_contain_text("times in Asia/Kolkata")
    phone.goto(live_server.url + reverse("round-detail", args=[tournament.slug, rnd.pk]))

    expect(phone.locator("main")).to_contain_text("10:00")
    shot(phone, "round-in-kolkata")
