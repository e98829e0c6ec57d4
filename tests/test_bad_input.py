"""Bad input gets a 400, a 404 or a message, never a 500: numbers that str.isdigit() accepts but int() refuses
("²"), numbers too large for their column, NUL bytes (PostgreSQL refuses them in text), and a round deleted while a
result is being entered in it."""

import threading
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.urls import reverse
from rest_framework.authtoken.models import Token

from core.errors import ServiceError
from core.numbers import INT_MAX, object_id, whole_number
from matches.scoring.models import Game
from matches.scoring.services import record_result
from stages.models import Match, Round, Stage
from stages.services import delete_last_round, draw_stage, publish_round
from tests.factories import EntryFactory, EventFactory, StageFactory, TournamentFactory, UserFactory
from tests.helpers import make_match
from tournaments.importing import ImportFailed, parse_entries

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "number"),
    [("12", 12), ("007", 7), ("0", 0), (str(INT_MAX), INT_MAX)]
    + [
        (bad, None)
        for bad in ("", "²", "①", "١٢", "-1", "+1", " 1", "1 ", "1.0", "1e3", "abc", "1\x00", str(INT_MAX + 1))
    ],
)
def test_whole_number_takes_plain_ascii_digits_within_the_range(text, number):
    assert whole_number(text) == number


def test_whole_number_keeps_to_the_range_and_refuses_what_is_not_text():
    assert whole_number("5", 1, 4) is None and whole_number("0", 1) is None and whole_number("4", 1, 4) == 4
    assert whole_number(None) is None and whole_number(5) is None
    assert object_id("0") is None and object_id("9" * 19) is None and object_id(str(2**63 - 1)) == 2**63 - 1


def swiss_round(tournament, entries=4):
    """A Swiss stage with its first round drawn and published."""
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in range(1, entries + 1):
        EntryFactory(event=event, seed=seed)
    stage = StageFactory(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    rnd = draw_stage(stage)
    publish_round(rnd)
    return stage, rnd


# ---------------------------------------------------------------- numbers in pages' query strings and forms


@pytest.mark.parametrize("value", ["²", "abc", "1\x00", "99999999999999999999999"])
def test_a_bad_event_on_the_personal_links_page_is_a_404(client, tournament, secretary, value):
    client.force_login(secretary)
    response = client.get(reverse("player-links", args=[tournament.slug]), {"event": value})
    assert response.status_code == (400 if "\x00" in value else 404)


@pytest.mark.parametrize("value", ["²", "0", "201", "abc", "99999999999999999999999"])
def test_a_bad_count_of_blank_score_cards_is_a_400(client, tournament, secretary, value):
    client.force_login(secretary)
    event = EventFactory(tournament=tournament)
    response = client.get(reverse("print-blank-score-cards", args=[tournament.slug, event.pk]), {"count": value})
    assert response.status_code == 400
    assert b"whole number of cards" in response.content


@pytest.mark.parametrize("action", ["stage-swap", "stage-publish"])
@pytest.mark.parametrize("value", ["²", "abc", "1\x00", "99999999999999999999999"])
def test_a_bad_round_on_a_stage_action_is_a_404(client, tournament, secretary, action, value):
    stage, _ = swiss_round(tournament)
    client.force_login(secretary)
    response = client.post(reverse(action, args=[tournament.slug, stage.pk]), {"round": value})
    assert response.status_code == 404


def test_a_nul_byte_in_a_query_string_is_a_400_on_pages_and_in_json_under_the_api(client, tournament, secretary):
    client.force_login(secretary)
    page = client.get(f"/t/{tournament.slug}/", {"next": "a\x00"})
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")
    token = Token.objects.create(user=secretary).key
    api = client.get(f"/api/tournaments/{tournament.slug}/protests/?status=%00", HTTP_AUTHORIZATION=f"Token {token}")
    assert api.status_code == 400 and api.json() == {"detail": "Bad request."}


# ---------------------------------------------------------------- NUL bytes in forms, API fields and CSV files


def test_a_nul_byte_in_a_form_field_is_a_form_message(client):
    response = client.post(reverse("login"), {"username": "asha\x00", "password": "x"})
    assert response.status_code == 200
    assert "Null characters are not allowed." in response.content.decode()


def test_a_nul_byte_in_an_api_field_is_a_400_with_the_field(client, secretary):
    token = Token.objects.create(user=secretary).key
    body = {"name": "Open\x00", "slug": "open-nul", "start_date": "2026-01-01", "end_date": "2026-01-02"}
    response = client.post(
        "/api/tournaments/", body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )
    assert response.status_code == 400
    assert response.json()["name"] == ["Null characters are not allowed."]


def test_a_csv_row_with_a_nul_byte_is_refused_by_line():
    with pytest.raises(ImportFailed) as failure:
        parse_entries("first_name,last_name\nAsha,Rao\nRa\x00vi,Kumar\nMeena,\x00\n", team_size=1)
    assert [error.split(":")[0] for error in failure.value.errors] == ["line 3", "line 4"]
    assert "NUL byte" in failure.value.errors[0]
    with pytest.raises(ImportFailed, match="line 1: holds a NUL byte"):
        parse_entries("first_\x00name\nAsha\n", team_size=1)


def test_csv_numbers_that_are_not_plain_or_too_large_are_refused_by_line():
    text = f"first_name,rating,seed\nAsha,²,1\nRavi,{INT_MAX + 1},2\nMeena,1,0\nJoy,{INT_MAX},{INT_MAX}\n"
    with pytest.raises(ImportFailed) as failure:
        parse_entries(text, team_size=1)
    assert failure.value.errors == [
        "line 2: rating must be a whole number of at least 0, not '²'",
        f"line 3: rating must be at most {INT_MAX}, not '{INT_MAX + 1}'",
        "line 4: seed must be a whole number of at least 1, not '0'",
    ]


def test_uploading_a_csv_with_a_nul_byte_shows_the_line_and_saves_nothing(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    upload = SimpleUploadedFile("e.csv", b"first_name,last_name\nAsha,R\x00ao\n", content_type="text/csv")
    page = client.post(reverse("event-import-page", args=[tournament.slug, event.pk]), {"file": upload})
    assert page.status_code == 200 and "line 2: holds a NUL byte" in page.content.decode()
    assert event.entries.count() == 0


def test_the_api_import_refuses_a_nul_byte_and_a_rating_too_large(client, tournament, secretary):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}
    upload = SimpleUploadedFile("e.csv", b"first_name,rating\nAsha\x00,1\nRavi,99999999999\n", content_type="text/csv")
    response = client.post(url, {"file": upload}, **auth)
    assert response.status_code == 400
    assert response.json()["file"] == [
        "line 2: holds a NUL byte: save the file as CSV text (UTF-8), not as a spreadsheet or UTF-16",
        f"line 3: rating must be at most {INT_MAX}, not '99999999999'",
    ]
    assert event.entries.count() == 0


# ---------------------------------------------------------------- a round deleted while a result is entered


postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite locks the whole database: no two writers at once"
)


def delete_in_thread(stage, outcome, **options):
    def run():
        try:
            outcome["deleted"] = delete_last_round(stage, **options)
        except Exception as error:  # the test reports whatever the losing side got
            outcome["error"] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.5)  # long enough to reach the match being written and wait for it
    return thread


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("confirm", [True, False])
def test_deleting_the_round_while_a_result_is_entered_waits_for_it(confirm):
    """The result's transaction holds its match; the deletion waits, then counts the result (asking to confirm)
    or deletes it with the round: no game is left pointing at a deleted match (that was an IntegrityError)."""
    stage, rnd = swiss_round(TournamentFactory(status="published"))
    match = rnd.matches.exclude(entry_b=None).first()
    outcome = {}

    with transaction.atomic():
        record_result(match, [(25, 10), (25, 12)], confirm=True, user=UserFactory())
        thread = delete_in_thread(stage, outcome, confirm_results=confirm)
    thread.join(10)
    if confirm:
        assert outcome == {"deleted": 1}
        assert not Round.objects.filter(pk=rnd.pk).exists() and not Game.objects.filter(match_id=match.pk).exists()
    else:
        assert "1 result(s)" in str(outcome["error"]) and type(outcome["error"]).__name__ == "ResultsToConfirm"
        assert Match.objects.filter(pk=match.pk).exists() and Game.objects.filter(match_id=match.pk).count() == 2


def test_a_result_for_a_match_whose_round_was_deleted_meanwhile_is_refused_not_a_500(tournament):
    match = make_match(tournament)
    match.round.delete()
    with pytest.raises(ServiceError, match="no longer exists"):
        record_result(match, [(25, 10)], confirm=True)
