"""A tournament's time zone (Tournament.time_zone): its pages, printed sheets and e-mails give the times of the place
where it is played, whatever the site's zone; the zone is an IANA name, checked on the form and in the API."""

from datetime import UTC, datetime

import pypdfium2
import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from players.news import tell_match_players
from stages.models import Stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, PlayerFactory, RoundFactory, StageFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HALF_PAST_FOUR_UTC = datetime(2026, 12, 5, 4, 30, tzinfo=UTC)  # 10:00 in Kolkata (UTC+05:30)


@pytest.fixture
def kolkata_match(tournament, settings):
    settings.TIME_ZONE = "UTC"
    tournament.time_zone = "Asia/Kolkata"
    tournament.save()
    stage = StageFactory(event=EventFactory(tournament=tournament), kind=Stage.Kind.SWISS)
    rnd = RoundFactory(stage=stage, number=1)
    asha = PlayerFactory(first_name="Asha", last_name="Rao", email="asha@example.org")
    return MatchFactory(
        round=rnd,
        entry_a=EntryFactory(event=stage.event, members=[asha]),
        entry_b=EntryFactory(event=stage.event),
        table=5,
        planned_at=HALF_PAST_FOUR_UTC,
    )


def pdf_text(data):
    document = pypdfium2.PdfDocument(data)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_the_round_page_shows_the_tournaments_time(client, kolkata_match):
    page = client.get(reverse("round-detail", args=[kolkata_match.stage.event.tournament.slug, kolkata_match.round_id]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "10:00" in text and "04:30" not in text


def test_the_pairings_pdf_shows_the_tournaments_time(client, kolkata_match):
    tournament = kolkata_match.stage.event.tournament
    answer = client.get(reverse("print-pairings", args=[tournament.slug, kolkata_match.round_id]))
    assert answer.status_code == 200
    text = pdf_text(b"".join(answer.streaming_content) if answer.streaming else answer.content)
    assert "10:00" in text and "04:30" not in text


def test_the_e_mail_gives_the_tournaments_time(kolkata_match, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert tell_match_players([kolkata_match.pk], "drawn") >= 1
    (sent,) = mail.outbox
    assert sent.to == ["asha@example.org"]
    assert "Table 5 at 10:00." in sent.body


def test_the_next_request_is_back_in_the_sites_zone(client, kolkata_match):
    client.get(reverse("round-detail", args=[kolkata_match.stage.event.tournament.slug, kolkata_match.round_id]))
    assert str(timezone.get_current_timezone()) == "UTC"  # the thread serves other tournaments next


def test_a_new_tournament_takes_the_sites_zone(settings):
    settings.TIME_ZONE = "Europe/Paris"
    tournament = Tournament.objects.create(name="Paris Open", start_date="2026-12-05", end_date="2026-12-06")
    assert tournament.time_zone == "Europe/Paris"


def test_the_form_checks_the_zone(client, secretary, tournament):
    client.force_login(secretary)
    url = reverse("tournament-edit", args=[tournament.slug])
    fields = {"name": tournament.name, "venue": "Hall", "start_date": "2026-12-05", "end_date": "2026-12-06"}
    fields |= {"status": "published", "language": ""}
    refused = client.post(url, {**fields, "time_zone": "Mars/Olympus"})
    assert "Mars/Olympus" in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.time_zone == "UTC"
    assert client.post(url, {**fields, "time_zone": "Asia/Kolkata"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.time_zone == "Asia/Kolkata"


def test_the_api_reads_and_checks_the_zone(api_client, secretary, tournament):
    api_client.force_login(secretary)
    url = f"/api/tournaments/{tournament.slug}/"
    assert api_client.get(url).json()["time_zone"] == "UTC"
    refused = api_client.patch(url, {"time_zone": "Asia/Nowhere"}, format="json")
    assert refused.status_code == 400 and list(refused.json()) == ["time_zone"]
    assert api_client.patch(url, {"time_zone": "Asia/Kolkata"}, format="json").json()["time_zone"] == "Asia/Kolkata"
