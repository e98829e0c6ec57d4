"""A player who withheld consent, in the browser: the secretary records it on the player's privacy page; then the
public event page, the stage page, the standings PDF (read with poppler's pdftotext) and the CSV export show her as
initials and club, her real last name nowhere."""

import shutil
import subprocess

import pytest
from django.urls import reverse

from tests.browser.conftest import PHONE, log_in, new_page, shot
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory
from tests.helpers import play_round_robin

SHOWN = "Z. Q. (Mumbai CC)"


@pytest.mark.django_db(transaction=True)
def test_a_player_who_withheld_consent_is_initials_and_club_everywhere_public(browser, live_server):
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext not found (apt-get install poppler-utils)")
    secretary = UserFactory(secretary=True)
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    event = EventFactory(tournament=tournament, name="Open singles")
    zelda = PlayerFactory(first_name="Zelda", last_name="Quixotic", club=ClubFactory(name="Mumbai CC"))
    EntryFactory(event=event, seed=1, members=[zelda])
    for seed in (2, 3, 4):
        EntryFactory(event=event, seed=seed)
    stage = play_round_robin(event, secretary)

    desk = new_page(browser, {"width": 1280, "height": 900})
    log_in(desk, live_server, secretary.username, reverse("player-links", args=[tournament.slug]))
    desk.locator(f"#player-{zelda.pk}").get_by_role("link", name="Privacy and data").click()
    desk.get_by_label("Publish the name, club and country").uncheck()
    desk.get_by_label("Where the answer came from").select_option("delegate")
    desk.get_by_role("button", name="Record the consent").click()
    assert SHOWN in desk.locator(".shown-name").inner_text()
    assert "Federation delegate" in desk.content()
    shot(desk, "privacy-page")

    public = new_page(browser, PHONE)
    public.goto(f"{live_server.url}{reverse('event-detail', args=[tournament.slug, event.pk])}")
    assert SHOWN in public.locator("main").inner_text() and "Quixotic" not in public.content()
    shot(public, "event-page")
    public.goto(f"{live_server.url}{reverse('stage-detail', args=[tournament.slug, stage.pk])}")
    assert SHOWN in public.locator("main").inner_text() and "Quixotic" not in public.content()
    shot(public, "stage-page")

    pdf = public.request.get(f"{live_server.url}{reverse('print-standings', args=[tournament.slug, stage.pk])}")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf.body(), capture_output=True, check=True).stdout.decode()
    assert SHOWN in text and "Quixotic" not in text
    csv = public.request.get(
        f"{live_server.url}{reverse('export-stage-standings-csv', args=[tournament.slug, stage.pk])}"
    )
    assert csv.ok and SHOWN in csv.text() and "Quixotic" not in csv.text()

    # The officials' own page keeps her name.
    desk.goto(f"{live_server.url}{reverse('player-links', args=[tournament.slug])}")
    assert "Zelda Quixotic" in desk.locator(f"#player-{zelda.pk}").inner_text()
