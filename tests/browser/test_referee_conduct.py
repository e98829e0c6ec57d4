"""The referee's desk on a phone: the umpire of a match warns a player twice for distracting his opponent and then
records the loss of the entire match under ICF 143(h) ("more than twice, despite Umpire's warning"); the chief
referee then reads the tournament's disciplinary record."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from stages.models import Match
from tests.browser.conftest import PHONE, log_in
from tests.factories import TournamentFactory, UserFactory
from tests.helpers import make_match


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_umpire_warns_twice_records_143h_and_the_chief_referee_reads_the_record(live_server, phone):
    umpire, chief = UserFactory(username="umpire"), UserFactory(username="chief")
    tournament = TournamentFactory(status="published", name="City Open")
    tournament.umpires.add(umpire)
    tournament.chief_referees.add(chief)
    match = make_match(tournament, "icf", umpire=umpire, status=Match.Status.IN_PLAY)
    offender = match.entry_a.members.get().player

    log_in(phone, live_server, "umpire", reverse("match-card", args=[tournament.slug, match.pk]))
    phone.get_by_role("link", name="Conduct: warnings, loss of the match, concession, rest").click()
    side_a = phone.locator("section.conduct-player").first
    expect(side_a.get_by_role("heading")).to_contain_text(str(offender))
    warn = side_a.get_by_role("button", name="Warn (ICF 143(h))")
    for count in ("1 warning", "2 warnings"):
        warn.click()
        expect(phone.get_by_text("Warning recorded.")).to_be_visible()
        expect(phone.locator("section.conduct-player").first).to_contain_text(count)
    side_a = phone.locator("section.conduct-player").first
    side_a.get_by_text("Loss of the entire match").click()
    side_a.get_by_label("What happened (optional)").fill("knocked on the frame a third time")
    phone.screenshot(path="/tmp/conduct-umpire-panel.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    side_a.get_by_role("button", name="ICF 143(h) · Distracted the opponent more than twice, despite warnings").click()
    expect(phone.get_by_role("status")).to_contain_text(f"{offender} lost the entire match under ICF 143(h)")
    phone.screenshot(path="/tmp/conduct-umpire-loss.png", full_page=True)
    match.refresh_from_db()
    assert match.status == Match.Status.WALKOVER and match.winner_id == match.entry_b_id

    referee = phone.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    log_in(referee, live_server, "chief", reverse("tournament-detail", args=[tournament.slug]))
    referee.get_by_role("link", name="Disciplinary record").click()
    person = referee.locator("section.conduct-record", has_text=str(offender))
    expect(person.locator("tbody tr")).to_have_count(3)
    expect(person).to_contain_text("Loss of the entire match")
    expect(person).to_contain_text("knocked on the frame a third time")
    referee.screenshot(path="/tmp/conduct-record.png", full_page=True)
    referee.context.close()
