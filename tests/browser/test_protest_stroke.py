"""A protest about one stroke, on a phone: the umpire kept the board stroke by stroke, types the board protested,
sees only that board's strokes in words, chooses one (or chooses it first, and its board is filled in), and the
protest shows the stroke with what the engine says followed it."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from matches.strokes.services import add_stroke, start_board
from protests.models import Protest
from stages.models import Match
from tests.browser.conftest import PHONE, log_in, page_width, shot
from tests.factories import ProtestSettingsFactory, TournamentFactory, UserFactory
from tests.helpers import make_match
from tests.matches.strokes.conftest import WHOLE_BOARD

STRIKER = {"kind": "stroke", "own": 1, "striker": True}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_umpire_cites_a_stroke_of_the_board_kept_stroke_by_stroke(live_server, phone):
    umpire = UserFactory(username="umpire")
    tournament = TournamentFactory(status="published", name="City Open")
    tournament.umpires.add(umpire)
    ProtestSettingsFactory(tournament=tournament, fee_amount="500.00", fee_currency="INR")
    match = make_match(tournament, "icf", umpire=umpire, status=Match.Status.CALLED)
    start_board(match, user=umpire)
    for seq, stroke in enumerate(WHOLE_BOARD, 1):  # board 1: A wins it, stroke by stroke
        add_stroke(match, stroke, user=umpire, seq=seq)
    start_board(match, user=umpire)  # board 2: B breaks, A pockets his own c/m with the striker
    for seq, stroke in enumerate([{"kind": "stroke"}, STRIKER], 1):
        add_stroke(match, stroke, user=umpire, seq=seq)

    log_in(phone, live_server, "umpire", reverse("protest-log", args=[tournament.slug, match.pk]))
    choice = phone.locator("#id_stroke_no")
    expect(choice).to_be_visible()
    expect(choice.locator("optgroup")).to_have_count(2)  # no board typed yet: every kept board's strokes
    phone.locator("#id_game_no").fill("1")
    phone.locator("#id_board_no").fill("3")  # not kept stroke by stroke: nothing to choose
    expect(choice).to_be_hidden()
    phone.locator("#id_board_no").fill("2")
    expect(choice).to_be_visible()
    expect(choice.locator("optgroup:not([hidden])")).to_have_count(1)
    choice.select_option(label=f"Stroke 2: {match.entry_a}: 1 own c/m, the striker")
    phone.get_by_label("Name of the protester").fill("R. Kumar")
    phone.get_by_label("Decision appealed against").fill("The striker went in after the c/m.")
    phone.get_by_label("Scrutiny fee of 500.00 INR paid now").check()
    assert page_width(phone) <= PHONE["width"]
    shot(phone, "protest-stroke-form")
    phone.get_by_role("button", name="Log the protest").click()

    expect(phone.get_by_text(f"Stroke 2 of the board: {match.entry_a}: 1 own c/m, the striker")).to_be_visible()
    expect(phone.locator(".protest-stroke")).to_contain_text("ICF 73: The c/m A pocketed comes back: B places it")
    protest = Protest.objects.get()
    assert (protest.game_no, protest.board_no, protest.stroke_no) == (1, 2, 2)
    shot(phone, "protest-stroke-detail")

    # Chosen first, the stroke fills in its board.
    phone.goto(live_server.url + reverse("protest-log", args=[tournament.slug, match.pk]))
    phone.locator("#id_stroke_no").select_option("1-1-4")
    expect(phone.locator("#id_game_no")).to_have_value("1")
    expect(phone.locator("#id_board_no")).to_have_value("1")
