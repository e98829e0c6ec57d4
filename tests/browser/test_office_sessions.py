"""The office league's secretary sets the hall's playing hours on a phone and books the group stage into them: four
tables, Saturday afternoon and Sunday with a lunch break, never at night. The venue page refuses overlapping
sessions at its top and keeps what was typed; the schedule form starts at the first session on the venue's four
tables, says how many matches went to Sunday's sessions, and asks for no umpire (the league has none)."""

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from demo import office
from stages.models import Match, Stage
from stages.services import draw_stage, publish_stage
from tests.browser.conftest import PHONE, log_in
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory, VenueFactory

SHOTS = "/tmp/h-b/office-sessions-{}.png"
DESKTOP = {"width": 1280, "height": 900}
SESSIONS = "2026-12-05 12:30-18:00\n2026-12-06 09:00-11:00\n2026-12-06 12:00-18:00"


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_office_league_is_booked_into_two_days_of_sessions_on_a_phone(live_server, phone):
    page = phone
    secretary = UserFactory(username="secretary")
    tournament = TournamentFactory(status="published", name="Office Carrom League")
    tournament.secretaries.add(secretary)
    VenueFactory(tournament=tournament, tables=16)  # the hall as first guessed: a board for every pair
    event = EventFactory(tournament=tournament, name="Office singles", rule_set="office")
    for seed, name in enumerate(office.PLAYERS, 1):
        first, last = office.split_name(name)
        EntryFactory(event=event, seed=seed, members=[PlayerFactory(first_name=first, last_name=last)])
    stage = Stage.objects.create(event=event, name="Groups", kind=Stage.Kind.GROUPS, group_count=4)
    draw_stage(stage)
    publish_stage(stage)
    log_in(page, live_server, "secretary", f"/t/{tournament.slug}/venue/")

    # The hall: 4 tables, 20-minute one-board games (office, Game Rules), and its sessions; overlapping ones first.
    page.fill("#id_tables", "4")
    page.fill("#id_match_minutes", "20")
    page.fill("#id_rest_minutes", "5")
    page.fill("#id_sessions", SESSIONS + "\n2026-12-06 10:30-12:30")
    page.get_by_role("button", name="Save").click()
    errors = page.locator(".form-errors")
    expect(errors).to_contain_text("Sessions 2 and 4 overlap (Sun 06 Dec 09:00–11:00 and Sun 06 Dec 10:30–12:30).")
    expect(errors).to_contain_text("Sessions 3 and 4 overlap (Sun 06 Dec 12:00–18:00 and Sun 06 Dec 10:30–12:30).")
    assert errors.bounding_box()["y"] < page.locator("#id_tables").bounding_box()["y"]
    expect(page.locator("#id_sessions")).to_have_value(SESSIONS + "\n2026-12-06 10:30-12:30")
    expect(page.locator("#id_tables")).to_have_value("4")
    fits(page)
    page.screenshot(path=SHOTS.format("venue-refused-phone"), full_page=True)
    page.fill("#id_sessions", SESSIONS)
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".message.success")).to_contain_text("Venue saved.")
    page.goto(f"{live_server.url}/t/{tournament.slug}/venue/")
    expect(page.locator(".session-room")).to_contain_text("Sat 05 Dec 12:30–18:00: room for 64 matches at most")
    fits(page)
    page.screenshot(path=SHOTS.format("venue-phone"), full_page=True)

    # The group stage: the form starts at the first session, on the venue's 4 tables.
    page.goto(live_server.url + stage.get_absolute_url())
    page.get_by_role("link", name="Schedule the stage").click()
    expect(page.locator("#schedule_start")).to_have_value("2026-12-05T12:30")
    expect(page.locator("#schedule_last_table")).to_have_value("4")
    expect(page.locator(".session-list")).to_contain_text("Sun 06 Dec 12:00–18:00")
    expect(page.get_by_text("The tournament has no umpire: no umpires are given.")).to_be_visible()
    fits(page)
    page.screenshot(path=SHOTS.format("schedule-phone"), full_page=True)
    page.get_by_role("button", name="Schedule").click()
    expect(page.locator(".message.success")).to_contain_text("Groups: 105 matches scheduled.")
    carried = page.locator(".message.info")
    expect(carried).to_contain_text("carried to the Sunday 06 Dec 09:00 session.")
    expect(carried).to_contain_text("carried to the Sunday 06 Dec 12:00 session.")
    expect(page.locator(".message.warning")).to_have_count(0)
    expect(page.get_by_text("no umpire")).to_have_count(0)
    fits(page)
    page.screenshot(path=SHOTS.format("scheduled-phone"))

    matches = list(stage.matches.exclude(status=Match.Status.BYE))
    sessions = [
        (datetime(2026, 12, 5, 12, 30, tzinfo=UTC), datetime(2026, 12, 5, 18, tzinfo=UTC)),
        (datetime(2026, 12, 6, 9, tzinfo=UTC), datetime(2026, 12, 6, 11, tzinfo=UTC)),
        (datetime(2026, 12, 6, 12, tzinfo=UTC), datetime(2026, 12, 6, 18, tzinfo=UTC)),
    ]
    assert len(matches) == 105 and {m.table for m in matches} == {1, 2, 3, 4}
    outside = [
        m
        for m in matches
        if not any(s <= m.planned_at and m.planned_at + timedelta(minutes=20) <= e for s, e in sessions)
    ]
    assert outside == []
    assert {m.planned_at.date() for m in matches} == {sessions[0][0].date(), sessions[1][0].date()}

    # The round page: tables and times, no umpire asked for.
    page.goto(f"{live_server.url}/t/{tournament.slug}/rounds/{stage.rounds.order_by('number').last().pk}/")
    expect(page.get_by_text("No umpire yet")).to_have_count(0)
    expect(page.locator("select[name$=umpire]")).to_have_count(0)
    fits(page)
    page.screenshot(path=SHOTS.format("round-phone"), full_page=True)

    page.set_viewport_size(DESKTOP)
    page.screenshot(path=SHOTS.format("round-desktop"))
    page.goto(f"{live_server.url}/t/{tournament.slug}/venue/")
    fits(page)
    page.screenshot(path=SHOTS.format("venue-desktop"), full_page=True)
    page.goto(f"{live_server.url}/t/{tournament.slug}/stages/{stage.pk}/schedule/")
    page.screenshot(path=SHOTS.format("schedule-desktop"), full_page=True)
    assert PHONE["width"] == 390
