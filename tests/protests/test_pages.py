"""Protest pages: the umpire logs and attaches the written text, the decision queue counts down,
officials keep the ledger, players see the status; refusals come back on the form with nothing lost."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from matches.scoring.scorecard import add_board
from matches.scoring.services import confirm_result
from protests import services
from protests.models import Protest
from protests.templatetags.protest_tags import countdown
from stages.models import Stage
from tests.factories import UserFactory
from tests.helpers import game_25_0

from .conftest import linked_user, played_match

pytestmark = pytest.mark.django_db


def page(name, tournament, *args):
    return reverse(name, args=[tournament.slug, *args])


def oral_form(**values):
    data = {
        "game_no": 1,
        "board_no": 4,
        "side": "B",
        "role": "player",
        "protester_name": "R. Kumar",
        "decision_appealed": "Foul called on B's last stroke.",
        "fee_paid": "on",
    }
    data.update(values)
    return data


def log(match, umpire, **values):
    values = {"side": "B", "protester_name": "R. Kumar", "decision_appealed": "Foul called.", **values}
    return services.log_oral_protest(match, game_no=1, board_no=4, fee_paid=True, user=umpire, **values)


@pytest.fixture
def match(tournament, umpire, fee):
    return played_match(tournament, umpire, finished_at=timezone.now() - timedelta(minutes=2))


def test_umpire_logs_a_protest_at_the_board_and_attaches_the_written_text(client, tournament, umpire, match):
    client.force_login(umpire)
    form = client.get(page("protest-log", tournament, match.pk)).content.decode()
    assert "Scrutiny fee of 500.00 INR paid now" in form and f"B: {match.entry_b}" in form
    response = client.post(page("protest-log", tournament, match.pk), oral_form())
    protest = Protest.objects.get()
    assert response.status_code == 302 and response.url == page("protest-detail", tournament, protest.pk)
    detail = client.get(response.url).content.decode()
    assert "Attach the written protest" in detail and 'class="countdown"' in detail and "min left" in detail
    assert "Decision</h2>" not in detail  # the umpire of the match does not decide (ICF 151)
    response = client.post(
        page("protest-written", tournament, protest.pk), {"written_text": "Facts.", "point_appealed": "Point."}
    )
    assert response.status_code == 302
    protest.refresh_from_db()
    assert protest.status == Protest.Status.LODGED and protest.received_by == umpire
    detail = client.get(response.url).content.decode()
    assert "result withheld (protest, ICF 150)" in detail and "Decision due" in detail


def test_a_refused_protest_comes_back_on_the_form_with_nothing_lost(client, tournament, umpire, match):
    client.force_login(umpire)
    response = client.post(page("protest-log", tournament, match.pk), oral_form(board_no=9))
    body = response.content.decode()
    assert response.status_code == 200 and "Game 1 has no board 9" in body
    assert "Foul called on B&#x27;s last stroke." in body and 'value="R. Kumar"' in body
    assert not Protest.objects.exists()


def test_a_late_written_protest_is_refused_on_the_page_with_its_deadline(client, tournament, umpire, fee):
    ended = timezone.now() - timedelta(minutes=20)
    protest = log(played_match(tournament, umpire, finished_at=ended), umpire)
    client.force_login(umpire)
    response = client.post(
        page("protest-written", tournament, protest.pk), {"written_text": "My facts.", "point_appealed": "My point."}
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert f"by {services.clock(ended + timedelta(minutes=15))}; it was handed in at" in body
    assert "My facts." in body and "My point." in body
    protest.refresh_from_db()
    assert protest.status == Protest.Status.ORAL


def test_icf_145_a_protest_offered_without_the_fee_is_refused_on_the_form_and_nothing_saved(
    client, tournament, umpire, match
):
    client.force_login(umpire)
    form = client.get(page("protest-log", tournament, match.pk)).content.decode()
    assert "ICF 145: no protest is entertained without payment of the scrutiny fee." in form
    data = oral_form()
    del data["fee_paid"]
    refused = client.post(page("protest-log", tournament, match.pk), data)
    body = refused.content.decode()
    assert refused.status_code == 200
    refusal = "ICF 145: no protest is entertained without payment of the scrutiny fee (500.00 INR)"
    assert body.count(refusal) == 1  # once, at the top of the form, above its first field, naming its field
    assert body.index(refusal) < body.index('name="game_no"') and 'href="#id_fee_paid"' in body
    assert 'name="fee_paid" aria-invalid="true"' in body or 'aria-invalid="true" id="id_fee_paid"' in body
    assert 'value="R. Kumar"' in body  # the form comes back as typed
    match.refresh_from_db()
    assert not Protest.objects.exists() and not match.result_withheld


def test_the_chief_referee_decides_from_the_queue_and_the_umpire_cannot(client, tournament, umpire, chief, match):
    protest = services.lodge_written(log(match, umpire), "Facts.", "Point.", umpire)
    client.force_login(umpire)
    assert (
        client.post(page("protest-decide", tournament, protest.pk), {"outcome": "upheld", "reason": "x"}).status_code
        == 403
    )
    client.force_login(chief)
    queue = client.get(page("protest-queue", tournament)).content.decode()
    assert "Decision awaited" in queue and f"#{protest.pk}" in queue and "min left" in queue
    assert page("protest-ledger", tournament) in queue
    missing = client.post(page("protest-decide", tournament, protest.pk), {"outcome": "upheld"})
    assert missing.status_code == 200 and "This field is required" in missing.content.decode()
    response = client.post(
        page("protest-decide", tournament, protest.pk), {"outcome": "upheld", "reason": "Wrong call."}
    )
    assert response.status_code == 302
    protest.refresh_from_db()
    assert protest.status == Protest.Status.UPHELD and protest.fee_status == Protest.Fee.REFUNDED
    detail = client.get(response.url).content.decode()
    assert "Replay from board" in detail and "Result released" in detail


def test_queue_marks_overdue_protests(client, tournament, umpire, chief, match):
    protest = services.lodge_written(log(match, umpire), "Facts.", "Point.", umpire)
    Protest.objects.filter(pk=protest.pk).update(due_at=timezone.now() - timedelta(minutes=5))
    services.flag_overdue()
    client.force_login(chief)
    queue = client.get(page("protest-queue", tournament)).content.decode()
    assert "overdue by 5 min" in queue and "overdue, officials notified" in queue


def test_players_see_their_protests_and_strangers_none(client, tournament, umpire, match):
    protest = log(match, umpire)
    player = linked_user(match.entry_a)
    client.force_login(player)
    queue = client.get(page("protest-queue", tournament)).content.decode()
    assert f"#{protest.pk}" in queue and "Fee ledger" not in queue
    detail = client.get(page("protest-detail", tournament, protest.pk)).content.decode()
    assert "Oral (written protest awaited)" in detail and "Attach the written protest" not in detail
    assert client.get(page("protest-log", tournament, match.pk)).status_code == 403
    client.force_login(UserFactory())
    assert f"#{protest.pk}" not in client.get(page("protest-queue", tournament)).content.decode()
    assert client.get(page("protest-detail", tournament, protest.pk)).status_code == 403
    client.logout()
    assert client.get(page("protest-queue", tournament)).status_code == 302  # to the login page


def test_ledger_page_for_officials_and_the_fee_set_by_a_secretary(client, tournament, umpire, chief, secretary, match):
    services.lodge_written(log(match, umpire), "Facts.", "Point.", umpire)
    client.force_login(umpire)
    assert client.get(page("protest-ledger", tournament)).status_code == 403
    client.force_login(chief)
    ledger = client.get(page("protest-ledger", tournament)).content.decode()
    assert "<td>INR</td>" in ledger and ledger.count("500.00") >= 3 and "Set the fee" not in ledger
    assert (
        client.post(page("protest-set-fee", tournament), {"fee_amount": "1", "fee_currency": "EUR"}).status_code == 403
    )
    client.force_login(secretary)
    bad = client.post(page("protest-set-fee", tournament), {"fee_amount": "5", "fee_currency": "E1"})
    assert bad.status_code == 200 and "three letters" in bad.content.decode() and 'value="E1"' in bad.content.decode()
    good = client.post(page("protest-set-fee", tournament), {"fee_amount": "25", "fee_currency": "eur"})
    assert good.status_code == 302
    assert "25.00 EUR with every protest" in client.get(page("protest-ledger", tournament)).content.decode()


def test_the_stage_page_shows_a_withheld_result_as_withheld_not_final(client, tournament, umpire, chief, fee):
    match = played_match(tournament, umpire, finished_at=timezone.now(), kind=Stage.Kind.SWISS)
    Stage.objects.filter(pk=match.stage_id).update(status=Stage.Status.DRAWN)
    for board in game_25_0("A"):
        add_board(match, None, board, user=umpire)
    protest = services.lodge_written(log(match, umpire), "Facts.", "Point.", umpire)
    confirm_result(match, user=umpire)
    stage_page = client.get(match.stage.get_absolute_url()).content.decode()
    assert "withheld (protest)" in stage_page and "2–0 (50–3)" not in stage_page
    services.decide(protest, "overruled", "Rightly called.", chief)
    assert "2–0 (50–3)" in client.get(match.stage.get_absolute_url()).content.decode()


def test_the_match_protests_include_shows_status_to_all_and_links_to_those_concerned(tournament, umpire, match):
    protest = services.lodge_written(log(match, umpire), "Secret facts.", "Point.", umpire)
    match.refresh_from_db()
    anonymous = render_to_string("protests/_match_protests.html", {"match": match, "user": AnonymousUser()})
    assert "Result withheld (protest)" in anonymous and "Lodged (decision awaited)" in anonymous
    assert "Secret facts." not in anonymous and page("protest-detail", tournament, protest.pk) not in anonymous
    assert "Log a protest" not in anonymous
    for_umpire = render_to_string("protests/_match_protests.html", {"match": match, "user": umpire})
    assert page("protest-detail", tournament, protest.pk) in for_umpire
    assert page("protest-log", tournament, match.pk) in for_umpire


def test_countdown_text():
    now = timezone.now()
    assert countdown(now + timedelta(minutes=42, seconds=10), now) == "42 min left"
    assert countdown(now + timedelta(seconds=30), now) == "30 s left"
    assert countdown(now - timedelta(seconds=30), now) == "due now"
    assert countdown(now - timedelta(minutes=3), now) == "overdue by 3 min"
    assert countdown(None) == ""
