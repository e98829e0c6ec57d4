"""Protest API: who may log, lodge, decide and read; refusals as 400 with field errors."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator

from protests import services
from protests.models import Protest
from tests.api.test_schema_documented import documented_errors
from tests.factories import UserFactory

from .conftest import linked_user, played_match

pytestmark = pytest.mark.django_db


def url(tournament, path=""):
    return f"/api/tournaments/{tournament.slug}/protests/{path}"


def oral_body(match_, **values):
    body = {
        "match": match_.pk,
        "game_no": 1,
        "board_no": 4,
        "side": "B",
        "role": "captain",
        "protester_name": "R. Kumar",
        "decision_appealed": "Foul called on B's last stroke.",
        "fee_paid": True,
    }
    return {**body, **values}


def written_body():
    return {"written_text": "The striker did not touch the queen.", "point_appealed": "The foul on board 4."}


@pytest.fixture
def match(tournament, umpire, fee):
    return played_match(tournament, umpire, finished_at=timezone.now() - timedelta(minutes=14))


def test_umpire_logs_with_the_fee_lodges_and_the_chief_referee_decides(api_client, tournament, umpire, chief, match):
    api_client.force_authenticate(umpire)
    logged = api_client.post(url(tournament), oral_body(match), format="json")
    assert logged.status_code == 201, logged.data
    body = logged.data
    assert (body["status"], body["fee_status"], body["fee_amount"], body["fee_currency"]) == (
        "oral",
        "held",
        "500.00",
        "INR",
    )
    assert body["role"] == "captain" and body["logged_by"] == "umpire1" and body["written_deadline"]
    lodged = api_client.post(url(tournament, f"{body['id']}/written/"), written_body(), format="json")
    assert lodged.status_code == 200 and lodged.data["status"] == "lodged"
    assert lodged.data["due_at"] is not None and lodged.data["overdue"] is False

    refused = api_client.post(url(tournament, f"{body['id']}/decision/"), {"outcome": "upheld", "reason": "x"})
    assert refused.status_code == 403 and "never the umpire" in refused.data["detail"]
    api_client.force_authenticate(chief)
    decided = api_client.post(
        url(tournament, f"{body['id']}/decision/"), {"outcome": "upheld", "reason": "Wrong call."}, format="json"
    )
    assert decided.status_code == 200, decided.data
    assert (decided.data["status"], decided.data["fee_status"], decided.data["decided_by"]) == (
        "upheld",
        "refunded",
        "chief1",
    )


def test_a_late_written_protest_is_a_400_naming_the_deadline(api_client, tournament, umpire, fee):
    ended = timezone.now() - timedelta(minutes=16)
    match = played_match(tournament, umpire, finished_at=ended)
    protest = services.log_oral_protest(
        match, game_no=1, board_no=4, side="B", protester_name="X", decision_appealed="Y", fee_paid=True, user=umpire
    )
    api_client.force_authenticate(umpire)
    response = api_client.post(url(tournament, f"{protest.pk}/written/"), written_body(), format="json")
    assert response.status_code == 400
    message = response.data["written_text"][0]
    assert message.startswith("ICF 146: the written protest was due within 15 minutes of the end of game 1 board 4")
    assert f"by {services.clock(ended + timedelta(minutes=15))};" in message


def test_icf_145_a_protest_without_the_fee_is_a_400_naming_the_law_and_nothing_is_saved(
    api_client, tournament, umpire, match
):
    api_client.force_authenticate(umpire)
    for body in (oral_body(match, fee_paid=False), {k: v for k, v in oral_body(match).items() if k != "fee_paid"}):
        refused = api_client.post(url(tournament), body, format="json")
        assert refused.status_code == 400
        assert refused.data["fee_paid"][0].startswith("ICF 145: no protest is entertained without payment")
    match.refresh_from_db()
    assert not Protest.objects.exists() and not match.result_withheld
    # The old path that let a fee follow later is gone.
    logged = api_client.post(url(tournament), oral_body(match), format="json").data["id"]
    assert api_client.post(url(tournament, f"{logged}/fee/")).status_code == 404


def test_bad_input_is_a_400_with_field_errors(api_client, tournament, umpire, match):
    api_client.force_authenticate(umpire)
    response = api_client.post(url(tournament), {"match": match.pk, "side": "C", "game_no": 0}, format="json")
    assert response.status_code == 400
    assert {"side", "game_no", "board_no", "protester_name", "decision_appealed"} <= set(response.data)
    unknown = api_client.post(url(tournament), oral_body(match, match=999999), format="json")
    assert unknown.status_code == 400 and unknown.data == {"match": ["No such match in this tournament."]}
    no_board = api_client.post(url(tournament), oral_body(match, board_no=9), format="json")
    assert no_board.status_code == 400 and "no board 9" in no_board.data["board_no"][0]
    protest_id = api_client.post(url(tournament), oral_body(match), format="json").data["id"]
    api_client.force_authenticate(UserFactory(is_superuser=True))
    bad = api_client.post(url(tournament, f"{protest_id}/decision/"), {"outcome": "maybe"}, format="json")
    assert bad.status_code == 400 and {"outcome", "reason"} == set(bad.data)


def test_only_the_match_umpire_or_an_official_logs_a_protest(api_client, tournament, umpire, chief, match):
    assert api_client.post(url(tournament), oral_body(match), format="json").status_code in (401, 403)
    other_umpire = UserFactory()
    tournament.umpires.add(other_umpire)
    api_client.force_authenticate(other_umpire)
    assert api_client.post(url(tournament), oral_body(match), format="json").status_code == 403
    api_client.force_authenticate(chief)
    assert api_client.post(url(tournament), oral_body(match), format="json").status_code == 201


def test_icf_149_a_protest_cannot_be_deleted(api_client, tournament, umpire, match):
    api_client.force_authenticate(umpire)
    protest_id = api_client.post(url(tournament), oral_body(match), format="json").data["id"]
    api_client.force_authenticate(UserFactory(is_superuser=True))
    response = api_client.delete(url(tournament, f"{protest_id}/"))
    assert response.status_code == 405 and response.data["detail"].startswith("ICF 149")
    assert Protest.objects.filter(pk=protest_id).exists()


def test_players_read_the_protests_of_their_own_match_only(api_client, tournament, umpire, match):
    player_user = linked_user(match.entry_a)
    api_client.force_authenticate(umpire)
    protest_id = api_client.post(url(tournament), oral_body(match), format="json").data["id"]

    api_client.force_authenticate(player_user)
    assert [p["id"] for p in api_client.get(url(tournament)).data] == [protest_id]
    read = api_client.get(url(tournament, f"{protest_id}/")).data
    assert read["status"] == "oral" and read["photos"] is None  # the photos are for the officials only
    assert api_client.post(url(tournament, f"{protest_id}/written/"), written_body()).status_code == 403

    stranger = UserFactory()
    api_client.force_authenticate(stranger)
    assert api_client.get(url(tournament)).data == []
    assert api_client.get(url(tournament, f"{protest_id}/")).status_code == 404
    api_client.force_authenticate(None)
    assert api_client.get(url(tournament)).status_code in (401, 403)


def test_list_filters_by_status_and_match(api_client, tournament, umpire, match):
    api_client.force_authenticate(umpire)
    first = api_client.post(url(tournament), oral_body(match), format="json").data["id"]
    api_client.post(url(tournament, f"{first}/written/"), written_body(), format="json")
    second = api_client.post(url(tournament), oral_body(match, side="A"), format="json").data["id"]
    assert [p["id"] for p in api_client.get(url(tournament), {"status": "lodged"}).data] == [first]
    assert [p["id"] for p in api_client.get(url(tournament), {"match": match.pk}).data] == [first, second]
    assert api_client.get(url(tournament), {"match": "x"}).data == []


def test_ledger_and_fee_settings(api_client, tournament, umpire, chief, secretary, match):
    api_client.force_authenticate(umpire)
    api_client.post(url(tournament), oral_body(match), format="json")
    assert api_client.get(url(tournament, "ledger/")).status_code == 403
    assert api_client.get(url(tournament, "fee/")).data == {"fee_amount": "500.00", "fee_currency": "INR"}
    assert api_client.put(url(tournament, "fee/"), {"fee_amount": "10", "fee_currency": "EUR"}).status_code == 403

    api_client.force_authenticate(chief)
    ledger = api_client.get(url(tournament, "ledger/"))
    assert ledger.status_code == 200
    assert ledger.data["totals"] == [
        {"currency": "INR", "paid": "500.00", "held": "500.00", "refunded": "0.00", "forfeited": "0.00"}
    ]
    assert len(ledger.data["protests"]) == 1
    assert api_client.put(url(tournament, "fee/"), {"fee_amount": "10", "fee_currency": "EUR"}).status_code == 403

    api_client.force_authenticate(secretary)
    changed = api_client.put(url(tournament, "fee/"), {"fee_amount": "10", "fee_currency": "eur"}, format="json")
    assert changed.status_code == 200 and changed.data == {"fee_amount": "10.00", "fee_currency": "EUR"}
    bad = api_client.put(url(tournament, "fee/"), {"fee_amount": "0", "fee_currency": "E1"}, format="json")
    assert bad.status_code == 400 and set(bad.data) == {"fee_amount"}
    bad = api_client.put(url(tournament, "fee/"), {"fee_amount": "5", "fee_currency": "E1"}, format="json")
    assert bad.status_code == 400 and "three letters" in bad.data["fee_currency"][0]


@pytest.fixture(scope="module")
def schema():
    return json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))


def test_the_fee_setting_answers_as_documented_set_or_not(api_client, schema, tournament, secretary):
    """Until a secretary sets the fee, both of its fields are null, and the schema says they may be."""
    api_client.force_authenticate(secretary)
    path = "/api/tournaments/{tournament_slug}/protests/fee/"
    unset = api_client.get(url(tournament, "fee/"))
    assert unset.data == {"fee_amount": None, "fee_currency": None}
    assert documented_errors(schema, "get", path, unset) == []
    api_client.put(url(tournament, "fee/"), {"fee_amount": "10", "fee_currency": "EUR"}, format="json")
    set_ = api_client.get(url(tournament, "fee/"))
    assert set_.data == {"fee_amount": "10.00", "fee_currency": "EUR"}
    assert documented_errors(schema, "get", path, set_) == []
