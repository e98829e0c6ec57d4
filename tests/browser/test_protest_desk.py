"""A protest at the board on a phone: offered without the scrutiny fee it is refused at once naming ICF 145 and
nothing is recorded; with the fee it is logged, the umpire photographs the signed paper, and the chief referee sees
the photo, served to officials only."""

import io
import re

import pytest
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect

from matches.scoring.scorecard import add_board
from protests.models import Protest, ProtestPhoto
from tests.browser.conftest import PHONE, log_in
from tests.factories import ProtestSettingsFactory, TournamentFactory, UserFactory
from tests.helpers import GAME_25_3, make_match


def jpeg():
    buffer = io.BytesIO()
    Image.new("RGB", (120, 80), (30, 90, 160)).save(buffer, "JPEG")
    return buffer.getvalue()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_fee_less_protest_refused_then_logged_with_a_photo_the_chief_referee_sees(
    live_server, phone, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    umpire, chief = UserFactory(username="umpire"), UserFactory(username="chief")
    tournament = TournamentFactory(status="published", name="City Open")
    tournament.umpires.add(umpire)
    tournament.chief_referees.add(chief)
    ProtestSettingsFactory(tournament=tournament, fee_amount="500.00", fee_currency="INR")
    match = make_match(tournament, "icf", umpire=umpire)
    for board in GAME_25_3:
        add_board(match, None, board, user=umpire)

    log_in(phone, live_server, "umpire", reverse("protest-log", args=[tournament.slug, match.pk]))
    phone.locator("#id_game_no").fill("1")
    phone.locator("#id_board_no").fill("4")
    phone.get_by_label("Name of the protester").fill("R. Kumar")
    phone.get_by_label("Decision appealed against").fill("Foul called on the last stroke.")
    phone.get_by_role("button", name="Log the protest").click()
    expect(
        phone.get_by_text("ICF 145: no protest is entertained without payment of the scrutiny fee (500.00")
    ).to_be_visible()
    assert not Protest.objects.exists()
    phone.get_by_label("Scrutiny fee of 500.00 INR paid now").check()
    phone.get_by_role("button", name="Log the protest").click()
    # Its number is its id: not 1 where earlier tests used the sequence (PostgreSQL never rolls one back).
    expect(phone.get_by_text(re.compile(r"Protest #\d+ logged\."))).to_be_visible()
    protest = Protest.objects.get()
    expect(phone.get_by_text(f"Protest #{protest.pk} logged.")).to_be_visible()
    phone.locator("#id_image").set_input_files({"name": "signed.jpg", "mimeType": "image/jpeg", "buffer": jpeg()})
    phone.get_by_label("What it shows").fill("The signed protest")
    phone.get_by_role("button", name="Attach the photo").click()
    expect(phone.get_by_text("Photo attached to the protest.")).to_be_visible()
    assert ProtestPhoto.objects.count() == 1

    referee = phone.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    log_in(referee, live_server, "chief", reverse("protest-detail", args=[tournament.slug, protest.pk]))
    image = referee.get_by_role("img", name="The signed protest")
    expect(image).to_be_visible()
    assert image.evaluate("img => img.naturalWidth") == 120  # served to the chief referee
    referee.screenshot(path="/tmp/protest-photo-chief.png", full_page=True)
    assert referee.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    referee.context.close()
