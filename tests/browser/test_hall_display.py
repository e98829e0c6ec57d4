"""The hall display on a 1920 × 1080 screen: an ECC Swiss round called ("Start") with its clock's bells a few seconds
ahead (ECC 39-41: the start, the first bell, the second bell). The screen is tapped once to allow sound; the test
listens for the audio the page plays (every unmuted HTMLMediaElement.play, with its bell) and watches the views
turn. Each bell rings once, and not again after a reload; an announcement the secretary pushes shows without one.
Screenshots at 1920 × 1080 and 1280 × 720."""

import time
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from hall import services as hall_services
from hall.models import HallDisplay, HallView
from matches.scheduling.models import RoundClock
from matches.scheduling.services import call_round, schedule_round
from matches.scoring.services import record_result
from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tests.browser.conftest import PHONE, log_in, new_page, page_width, shot
from tests.factories import EntryFactory, EventFactory
from tests.helpers import knockout
from tournaments.venue import venue_of

FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}

# Every unmuted play() of a media element, with its bell and when: the sound the hall hears. (The page starts each
# bell muted inside the tap, so that browsers asking a gesture per element let it ring later: not a ring.)
LISTEN = """
window.__rings = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  if (!this.muted) window.__rings.push({ bell: this.dataset.bell || this.src, at: Date.now() });
  return play.apply(this, arguments);
};
"""


def eurocup_day(tournament, secretary):
    """An ECC Swiss round of 16 called at 8 tables (its clock started), two results in; and an ICF knockout."""
    event = EventFactory(tournament=tournament, rule_set="ecc", name="Eurocup singles")
    for seed in range(1, 17):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS)
    draw_stage(stage)
    publish_stage(stage)
    venue = venue_of(tournament)
    venue.tables = 12
    venue.save()
    rnd = stage.rounds.get(number=1)
    schedule_round(rnd, timezone.now(), user=secretary)
    call_round(rnd, user=secretary)
    for match in rnd.matches.exclude(entry_b=None).order_by("number")[:2]:
        record_result(match, [(25, 7)], confirm=True, user=secretary)
    knockout(tournament)
    return rnd


def bells_ahead(rnd, start_in):
    """The round's clock moved so that its start, first and second bells ring `start_in`, +4 and +8 seconds from
    now (the real ones are 50 and 7 minutes apart, ECC 39-41). Returns the three times."""
    start = timezone.now() + timedelta(seconds=start_in)
    first, second = start + timedelta(seconds=4), start + timedelta(seconds=8)
    RoundClock.objects.filter(round=rnd).update(started_at=start, first_bell_at=first, second_bell_at=second)
    return start, first, second


def views_seen(page, seconds, shots=None):
    """The views on the screen, sampled twice a second for `seconds`, each change once (a screenshot of each, named
    `shots`-view, when `shots` is given)."""
    seen = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = page.evaluate("document.body.dataset.view || ''")
        if view and (not seen or seen[-1] != view):
            seen.append(view)
            if shots:
                page.wait_for_timeout(300)
                shot(page, f"{shots}-{view}")
        page.wait_for_timeout(500)
    return seen


def test_the_hall_display_rings_the_ecc_bells_and_turns_through_its_views(
    browser, phone, live_server, tournament, secretary
):
    rnd = eurocup_day(tournament, secretary)
    HallDisplay.objects.create(tournament=tournament, rotation_seconds=5)
    start, first, second = bells_ahead(rnd, start_in=6)
    hall = new_page(browser, FULL_HD)
    hall.add_init_script(LISTEN)
    # The Content-Security-Policy's refusals, a script's errors, a file of the page that failed to load (as a
    # response: the console's "Failed to load resource" also counts the favicon, which the site has none of).
    errors = []
    hall.on(
        "console",
        lambda message: (
            message.type == "error"
            and not message.text.startswith("Failed to load resource")
            and errors.append(message.text)
        ),
    )
    hall.on("pageerror", lambda error: errors.append(str(error)))
    hall.on("response", lambda response: response.status >= 400 and errors.append(f"{response.status} {response.url}"))
    url = live_server.url + reverse("tournament-hall", args=[tournament.slug])
    hall.goto(url)
    tap = hall.get_by_role("button", name="Tap to allow sound")
    expect(tap).to_be_visible()  # the browser wants a gesture before any sound: the page asks
    tap.click()
    expect(tap).to_be_hidden()

    clock = hall.locator(".hall-clock")
    expect(clock).to_have_count(1)
    expect(clock.locator("[data-round]")).to_contain_text("Eurocup singles · Round 1")
    seen = views_seen(hall, 14, shots="hall-1920x1080")  # start at +6 s, first bell at +10 s, second at +14 s
    rings = hall.evaluate("window.__rings")
    assert [ring["bell"] for ring in rings] == ["start", "first", "second"], rings
    for ring, due in zip(rings, (start, first, second), strict=True):
        # Rung at its time (the page sets its clock by the server's; the grace is 20 s, the poll a quarter second).
        assert -500 <= ring["at"] - due.timestamp() * 1000 <= 3000, (ring, due)
    assert hall.locator("audio[data-bell]").count() == 3
    assert hall.evaluate("[...document.querySelectorAll('audio[data-bell]')].every(a => a.error === null)")
    assert errors == [], "\n".join(errors)

    # Reloaded right after the second bell, within its grace: no bell rings twice on this screen.
    hall.reload()
    hall.get_by_role("button", name="Tap to allow sound").click()
    hall.wait_for_timeout(2_500)
    assert hall.evaluate("window.__rings") == []
    clock = hall.locator(".hall-clock")
    expect(clock.locator("[data-label]")).to_have_text("Second bell: play stops")
    expect(clock.locator("[data-time]")).to_have_text("00:00")

    # Five-second turns over 14 seconds: at least three views, each followed by the next the settings list.
    assert len(seen) >= 3, seen
    order = list(HallView.values)
    for shown, following in zip(seen, seen[1:], strict=False):
        assert order[(order.index(shown) + 1) % len(order)] == following, seen
    for key in HallView.values:  # every view has something to show here, so every one is on the page
        assert hall.locator(f'[data-hall-view="{key}"]').count() == 1, key
    shot(hall, "hall-1920x1080")

    # The secretary pushes an announcement from the phone: on the screen within a few seconds, without a reload.
    settings_url = reverse("hall-settings", args=[tournament.slug])
    log_in(phone, live_server, secretary.username, settings_url)
    phone.get_by_label("Announcement across the screen").fill("Round 2 at 14:30, tables 1-8")
    phone.get_by_label("For how many minutes").fill("0")
    phone.get_by_role("button", name="Show on the display").click()
    expect(phone.get_by_role("alert")).to_contain_text("Ensure this value is greater than or equal to 1")
    phone.get_by_label("For how many minutes").fill("10")
    phone.get_by_role("button", name="Show on the display").click()
    expect(phone.locator(".message.success")).to_have_text("The announcement is on the display.")
    assert page_width(phone) <= PHONE["width"]
    shot(phone, "hall-settings-phone")
    expect(hall.locator("[data-announcement]")).to_have_text("Round 2 at 14:30, tables 1-8", timeout=8_000)
    # ... and a view turned off leaves the turns.
    hall_services.update_hall(tournament, views=[HallView.PAIRINGS, HallView.FREE_TABLES], rotation_seconds=5)
    hall.wait_for_timeout(4_000)
    assert set(views_seen(hall, 11)) <= {"pairings", "free_tables"}
    # Tables 3-8 have their called matches; 1 and 2 are free again, their results in.
    expect(hall.locator('[data-hall-view="free_tables"] li')).to_have_text(["1", "2", "9", "10", "11", "12"])
    shot(hall, "hall-1920x1080-announcement")

    hall_services.update_hall(tournament, views=[HallView.BRACKETS, HallView.CALLED], rotation_seconds=5)
    small = new_page(browser, HD)
    small.goto(url)
    small.get_by_role("button", name="Tap to allow sound").click()
    expect(small.locator(".hall-clock")).to_have_count(1)
    assert set(views_seen(small, 11, shots="hall-1280x720")) == {"brackets", "called"}
    expect(small.locator("[data-announcement]")).to_be_visible()
    assert small.evaluate("document.documentElement.scrollWidth") <= HD["width"]
    shot(small, "hall-1280x720")
