"""The check-in desk keeps up with a 64-player hall: one person with a 390-px phone checks in the 64 players of an
ECC Swiss round on 32 tables, well inside ECC 18's 6 minutes after "Start".

Three matches are checked in side by side as players come to the desk one by one, found with the search box (by name,
and by table number); the 29 other tables by "Both present", with the filter "not reported yet" on so the next open
table is always at the top. The hand-work is counted (taps, characters typed) and timed: the seconds measured here
(the browser waiting for every answer, as the person would) plus a person's pace for each tap and each character
must stay under 2 minutes. No tap loads a page."""

import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from matches.checkin.selectors import search_key
from stages.models import Match
from tests.browser.conftest import PHONE, log_in
from tests.factories import UserFactory
from tests.matches.checkin.hall import eurocup_hall

# A person's pace at the desk: reading the row and tapping, typing one character of a search.
SECONDS_PER_TAP = 1.5
SECONDS_PER_CHARACTER = 0.3
BUDGET_SECONDS = 120


class Desk:
    """The phone at the desk, counting what the person does."""

    def __init__(self, page):
        self.page, self.taps, self.characters = page, 0, 0
        self.search = page.get_by_placeholder("Player or table number")

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def find(self, text):
        """Tap the search box, clear it, type `text`."""
        self.tap(self.search)
        self.search.fill("")
        self.search.press_sequentially(text)
        self.characters += len(text)

    def row(self, match):
        return self.page.locator(f"#match-{match.pk}")


def query_for(name, hall):
    """What the desk types to find a player: the surname, or the whole name when a player at another table has a
    name holding it too (Smit and Smith)."""
    surname = name.split()[-1]
    tables = {m.table for m in hall for e in (m.entry_a, m.entry_b) if search_key(surname) in search_key(e.name)}
    return surname if len(tables) == 1 else name


def check_in_side_by_side(desk, match, hall, by_table=False):
    """Side A then side B arrive at the desk separately; the desk finds each by name (or by table number)."""
    for side in ("a", "b"):
        entry = getattr(match, f"entry_{side}")
        desk.find(str(match.table) if by_table else query_for(entry.name, hall))
        row = desk.row(match)
        expect(desk.page.locator(".checkin-match:visible")).to_have_count(1)
        desk.tap(row.get_by_role("button", name=f"Mark {side.upper()} reported"))
        expect(row.locator(f".checkin-side.state-reported:has(#name-{match.pk}-{side})")).to_contain_text("Reported")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_one_phone_checks_in_a_64_player_hall_within_two_minutes(live_server, phone):
    umpire = UserFactory(username="desk")
    tournament, rnd = eurocup_hall(umpire=umpire)
    matches = list(rnd.matches.select_related("entry_a", "entry_b").order_by("table"))
    assert len(matches) == 32 and {m.status for m in matches} == {Match.Status.CALLED}

    page = phone
    documents, blocked = [], []
    page.on("request", lambda request: request.resource_type == "document" and documents.append(request.url))
    page.on("console", lambda message: "Content Security Policy" in message.text and blocked.append(message.text))
    log_in(page, live_server, "desk", reverse("round-checkin", args=[tournament.slug, rnd.pk]))
    expect(page.get_by_role("button", name="Both present")).to_have_count(32)
    pages_loaded = len(documents)
    desk = Desk(page)
    started = time.monotonic()

    # Players arriving one by one: found by surname (accents and all), or by the table number they were given.
    singles = [matches[4], matches[17], matches[26]]
    check_in_side_by_side(desk, singles[0], matches)
    check_in_side_by_side(desk, singles[1], matches)
    check_in_side_by_side(desk, singles[2], matches, by_table=True)

    # The rest of the hall at once: empty the search, show only the tables still waiting, "Both present" on the
    # first one shown until none is left (each done table leaves the list).
    desk.find("")
    desk.tap(page.get_by_label("Not reported yet"))
    both = page.locator(".checkin-match:visible").get_by_role("button", name="Both present")
    for left in range(29, 0, -1):
        expect(page.locator(".checkin-match:visible")).to_have_count(left)
        desk.tap(both.first)
    expect(page.locator(".checkin-match:visible")).to_have_count(0)
    expect(page.locator(".no-match")).to_be_visible()
    seconds = time.monotonic() - started

    budget = seconds + desk.taps * SECONDS_PER_TAP + desk.characters * SECONDS_PER_CHARACTER
    print(
        f"\nCheck-in of 64 players on 32 tables: {desk.taps} taps, {desk.characters} characters typed, "
        f"{seconds:.1f} s measured in the browser, {budget:.1f} s with a person's pace "
        f"({SECONDS_PER_TAP} s a tap, {SECONDS_PER_CHARACTER} s a character); budget {BUDGET_SECONDS} s"
    )
    assert budget < BUDGET_SECONDS
    assert len(documents) == pages_loaded  # no tap loaded a page
    assert blocked == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    rows = Match.objects.filter(round=rnd)
    assert rows.filter(reported_a_at__isnull=False, reported_b_at__isnull=False).count() == 32
    assert not rows.exclude(forfeited="").exists()
    # The page shown again: every table reads as done.
    page.reload()
    expect(page.locator(".checkin-match.done")).to_have_count(32)
    expect(page.locator(".desk-summary")).to_contain_text("64 of 64 players at the board")
