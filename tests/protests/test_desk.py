"""The referee's desk around protests: the summary rejection of an abusive protest (ICF 148) with its disciplinary
report, two officials deciding at once, the photos a written protest carries (officials only), both instants of
ICF 151(c) on the decision queue, and what a rule set without protests (ECC, office) offers instead."""

import importlib
import io
import os
from datetime import timedelta

import pytest
from django.apps import apps
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from core.errors import Conflict, NotAllowed, ServiceError
from matches.conduct.models import DisciplinaryReport
from protests import evidence, services
from protests.models import Protest, ProtestPhoto
from stages.models import Match
from tests.factories import UserFactory
from tests.helpers import make_match

from .conftest import T0, linked_user, minutes, played_match

pytestmark = pytest.mark.django_db
P = Protest.Status


def oral(match, user, at=T0, **fields):
    values = {"side": "B", "protester_name": "R. Kumar", "decision_appealed": "Foul called.", **fields}
    board = values.pop("board", 4)
    return services.log_oral_protest(match, game_no=1, board_no=board, fee_paid=True, user=user, at=at, **values)


def png(name="board.png", size=(40, 30), image_format="PNG"):
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, image_format)
    return SimpleUploadedFile(name, buffer.getvalue(), content_type="image/png")


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def stored_files(root):
    return [name for _dirs, _sub, files in os.walk(root) for name in files]


# ---------------------------------------------------------------- ICF 148: abusive protests


def test_icf_148_abusive_protest_rejected_summarily_before_its_written_form_opens_a_report(
    tournament, umpire, chief, fee
):
    match = played_match(tournament, umpire)
    protest = oral(match, umpire)  # its written window still open: only ICF 148 may reject it now
    with pytest.raises(ServiceError, match="awaits its written form"):
        services.decide(protest, "rejected", "Not in time.", chief, at=minutes(1))
    with pytest.raises(NotAllowed, match="never the umpire"):
        services.decide(protest, "abusive", "Abuse.", umpire, at=minutes(1))
    rejected = services.decide(protest, "abusive", "Insults to the umpire in the protest.", chief, at=minutes(1))
    assert (rejected.status, rejected.abusive, rejected.fee_status) == (P.REJECTED, True, Protest.Fee.FORFEITED)
    report = DisciplinaryReport.objects.get(protest_id=protest.pk)
    assert (report.law, report.side, report.match_id) == ("ICF 148", "b", match.pk)
    assert report.player_id == match.entry_b.members.get().player_id and report.opened_by == chief
    assert "Insults to the umpire" in report.note
    with pytest.raises(Conflict, match=r"already decided \(rejected as abusive\)"):
        services.decide(protest, "abusive", "Again.", chief)
    assert DisciplinaryReport.objects.count() == 1


def test_icf_148_a_lodged_abusive_protest_releases_the_withheld_result(tournament, umpire, chief, fee):
    match = played_match(tournament, umpire)
    protest = services.lodge_written(oral(match, umpire), "You are all crooks.", "Everything.", umpire, minutes(1))
    assert Match.objects.get(pk=match.pk).result_withheld
    services.decide(protest, "abusive", "Abusive language (ICF 148).", chief, at=minutes(2))
    assert not Match.objects.get(pk=match.pk).result_withheld


def test_queen2_takes_icf_148_by_p21(tournament, umpire, chief, fee):
    match = make_match(tournament, rule_set="queen2", umpire=umpire, status=Match.Status.IN_PLAY)
    protest = oral(match, umpire, board=2, board_completed_at=T0)
    services.decide(protest, "abusive", "Abuse.", chief, at=minutes(1))
    assert DisciplinaryReport.objects.get(protest_id=protest.pk).law == "ICF 148 (queen2 ¶21)"


def test_abusive_from_the_api_and_the_page(api_client, client, tournament, umpire, chief, fee):
    match = played_match(tournament, umpire)
    first, second = oral(match, umpire), oral(match, umpire, side="A")
    api_client.force_authenticate(chief)
    answer = api_client.post(
        f"/api/tournaments/{tournament.slug}/protests/{first.pk}/decision/",
        {"outcome": "abusive", "reason": "Abusive language."},
        format="json",
    )
    assert answer.status_code == 200 and (answer.data["status"], answer.data["abusive"]) == ("rejected", True)
    client.force_login(chief)
    page = reverse("protest-decide", args=[tournament.slug, second.pk])
    assert client.post(page, {"outcome": "abusive", "reason": "Abuse."}).status_code == 302
    detail = client.get(reverse("protest-detail", args=[tournament.slug, second.pk])).content.decode()
    assert "Rejected summarily as abusive (ICF 148); a disciplinary report is opened." in detail
    assert DisciplinaryReport.objects.count() == 2


# ---------------------------------------------------------------- two officials at once


def test_two_officials_deciding_at_once_one_wins_the_other_gets_the_protest_as_it_stands(
    api_client, client, tournament, umpire, chief, secretary, fee
):
    match = played_match(tournament, umpire)
    protest = services.lodge_written(oral(match, umpire), "Facts.", "Point.", umpire, minutes(1))
    seen_by_secretary = Protest.objects.get(pk=protest.pk)  # both read it undecided
    services.decide(protest, "overruled", "Rightly called.", chief, at=minutes(2))
    with pytest.raises(Conflict, match=r"already decided \(overruled\)"):
        services.decide(seen_by_secretary, "upheld", "Wrongly called.", secretary, at=minutes(3))
    assert Protest.objects.get(pk=protest.pk).status == P.OVERRULED

    api_client.force_authenticate(secretary)
    late = api_client.post(
        f"/api/tournaments/{tournament.slug}/protests/{protest.pk}/decision/",
        {"outcome": "upheld", "reason": "Wrongly called."},
        format="json",
    )
    assert late.status_code == 409
    assert late.data["status"] == ["This protest is already decided (overruled)."]
    assert (late.data["protest"]["status"], late.data["protest"]["decided_by"]) == ("overruled", "chief1")

    client.force_login(secretary)
    decide = reverse("protest-decide", args=[tournament.slug, protest.pk])
    response = client.post(decide, {"outcome": "upheld", "reason": "Wrongly called."}, follow=True)
    body = response.content.decode()
    assert "This protest is already decided (overruled)." in body and "Rightly called." in body
    assert Match.objects.get(pk=match.pk).status == match.status  # no replay happened


def test_bad_decision_input_saves_nothing(tournament, umpire, chief, fee):
    protest = services.lodge_written(oral(played_match(tournament, umpire), umpire), "F.", "P.", umpire, minutes(1))
    for outcome, reason in (("maybe", "x"), ("upheld", "  ")):
        with pytest.raises(ServiceError):
            services.decide(protest, outcome, reason, chief, at=minutes(2))
    assert Protest.objects.get(pk=protest.pk).status == P.LODGED
    assert not DisciplinaryReport.objects.exists()


# ---------------------------------------------------------------- evidence: photos, officials only


def test_photos_of_the_written_protest_are_images_only_and_shown_to_officials_only(
    api_client, client, tournament, umpire, chief, fee, media
):
    match = played_match(tournament, umpire)
    protest = oral(match, umpire)
    api_client.force_authenticate(umpire)
    photos = f"/api/tournaments/{tournament.slug}/protests/{protest.pk}/photos/"
    added = api_client.post(photos, {"image": png(), "caption": "The signed protest"}, format="multipart")
    assert added.status_code == 201, added.data
    assert (added.data["image_format"], added.data["width"], added.data["height"]) == ("PNG", 40, 30)
    photo = ProtestPhoto.objects.get()
    assert default_storage.exists(photo.image.name) and photo.image.name.startswith(f"protests/{protest.pk}/")
    assert "board" not in photo.image.name  # never the uploader's file name

    # A text file named .jpg, a broken image, a TIFF: refused with the reason, nothing stored.
    fake = SimpleUploadedFile("board.jpg", b"not an image at all", content_type="image/jpeg")
    broken = SimpleUploadedFile("board.png", png().read()[:60], content_type="image/png")
    tiff = png("scan.tif", image_format="TIFF")
    for bad in (fake, broken, tiff):
        refused = api_client.post(photos, {"image": bad}, format="multipart")
        assert refused.status_code == 400 and refused.data["image"] == [
            "This file is not a photo (JPEG, PNG, WebP or GIF image)."
        ]
    assert ProtestPhoto.objects.count() == 1 and len(stored_files(media)) == 1

    # Served to the officials and umpires; 404 to a player of the match and to anyone else.
    file_url = added.data["url"]
    api_client.force_authenticate(chief)
    served = api_client.get(file_url)
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert served["Cache-Control"] == "private, no-store"
    assert b"".join(served.streaming_content) == photo.image.open("rb").read()
    assert api_client.get(f"/api/tournaments/{tournament.slug}/protests/{protest.pk}/").data["photos"][0]["url"]
    for outsider in (linked_user(match.entry_b), UserFactory()):
        api_client.force_authenticate(outsider)
        assert api_client.get(file_url).status_code == 404
        assert api_client.get(photos).status_code == 404
        client.force_login(outsider)
        page_url = reverse("protest-photo", args=[tournament.slug, protest.pk, photo.pk])
        assert client.get(page_url).status_code == 404
    api_client.force_authenticate(None)
    assert api_client.get(file_url).status_code in (401, 403)
    # Never under a public media URL.
    assert client.get(f"/media/{photo.image.name}").status_code == 404


def test_photo_size_and_count_limits_and_no_photo_after_the_decision(tournament, umpire, chief, fee, media, settings):
    protest = oral(played_match(tournament, umpire), umpire)
    settings.PROTEST_PHOTO_MAX_BYTES = len(png().read())
    assert evidence.add_photo(protest, png(), umpire).size == settings.PROTEST_PHOTO_MAX_BYTES  # at the limit
    big = png(size=(400, 300))
    with pytest.raises(ServiceError, match=r"a protest photo is at most [0-9,]+ bytes"):
        evidence.add_photo(protest, big, umpire)
    settings.PROTEST_PHOTOS_MAX = 2
    evidence.add_photo(protest, png(), umpire)
    with pytest.raises(ServiceError, match="at most 2 photos"):
        evidence.add_photo(protest, png(), umpire)
    with pytest.raises(ServiceError, match="ICF 144"):
        evidence.add_photo(protest, png(), UserFactory())
    services.decide(protest, "abusive", "Abuse.", chief, at=minutes(1))
    settings.PROTEST_PHOTOS_MAX = 9
    with pytest.raises(ServiceError, match="decided; its evidence is closed"):
        evidence.add_photo(protest, png(), umpire)
    assert ProtestPhoto.objects.count() == 2 and len(stored_files(media)) == 2


def test_photo_from_the_page_and_shown_on_the_detail_for_officials(client, tournament, umpire, chief, fee, media):
    match = played_match(tournament, umpire)
    protest = oral(match, umpire)
    client.force_login(umpire)
    add = reverse("protest-add-photo", args=[tournament.slug, protest.pk])
    refused = client.post(add, {"image": SimpleUploadedFile("x.jpg", b"text", content_type="image/jpeg")})
    assert refused.status_code == 200 and "This file is not a photo" in refused.content.decode()
    assert client.post(add, {"image": png(), "caption": "Signed paper"}).status_code == 302
    photo = ProtestPhoto.objects.get()
    src = reverse("protest-photo", args=[tournament.slug, protest.pk, photo.pk])
    client.force_login(chief)
    detail = client.get(reverse("protest-detail", args=[tournament.slug, protest.pk])).content.decode()
    assert "Photos (officials only)" in detail and src in detail and "Signed paper" in detail
    assert client.get(src).status_code == 200
    client.force_login(linked_user(match.entry_b))
    detail = client.get(reverse("protest-detail", args=[tournament.slug, protest.pk])).content.decode()
    assert src not in detail and "Photos (officials only)" not in detail


def test_a_photo_body_may_exceed_the_general_upload_limit_up_to_the_photo_limit(client, tournament, umpire, settings):
    settings.UPLOAD_MAX_BYTES = 1000
    client.force_login(umpire)
    add = reverse("protest-add-photo", args=[tournament.slug, 1])
    headers = {"CONTENT_LENGTH": str(settings.PROTEST_PHOTO_MAX_BYTES)}
    assert client.post(add, **headers).status_code != 413
    too_big = {"CONTENT_LENGTH": str(settings.PROTEST_PHOTO_MAX_BYTES + 65537)}
    assert client.post(add, **too_big).status_code == 413
    assert client.post(reverse("protest-log", args=[tournament.slug, 1]), **headers).status_code == 413


# ---------------------------------------------------------------- ICF 151(c) on the queue; rule sets without protests


def test_the_decision_queue_shows_both_instants(client, tournament, umpire, chief, fee):
    now = timezone.localtime(timezone.now()).replace(microsecond=0)
    match = played_match(tournament, umpire, finished_at=now - timedelta(minutes=5))
    protest = oral(match, umpire, at=now - timedelta(minutes=4))
    waiting = oral(match, umpire, side="A", at=now - timedelta(minutes=3))
    services.lodge_written(protest, "Facts.", "Point.", umpire, now - timedelta(minutes=2))
    client.force_login(chief)
    queue = client.get(reverse("protest-queue", args=[tournament.slug])).content.decode()
    oral_at, lodged_at = (now - timedelta(minutes=4)).strftime("%H:%M:%S"), (now - timedelta(minutes=2))
    assert f"Oral protest {oral_at} (ICF 145) · written protest lodged {lodged_at:%H:%M:%S} (ICF 146)" in queue
    assert f"Decision due by {lodged_at + timedelta(hours=1):%H:%M:%S}" in queue
    waiting_at = (now - timedelta(minutes=3)).strftime("%H:%M:%S")
    assert f"Oral protest {waiting_at} (ICF 145) · written protest not yet lodged" in queue
    assert Protest.objects.get(pk=waiting.pk).due_at is None


@pytest.mark.parametrize("rule_set", ["ecc", "office"])
def test_no_protest_is_offered_where_the_rule_set_has_none_and_the_page_says_why(
    client, tournament, umpire, fee, rule_set
):
    match = make_match(tournament, rule_set=rule_set, umpire=umpire, status=Match.Status.IN_PLAY)
    client.force_login(umpire)
    page = client.get(reverse("protest-log", args=[tournament.slug, match.pk])).content.decode()
    reason = str(match.stage.event.rules.no_protest_reason)
    assert reason in page.replace("&#x27;", "'") and "Log the protest" not in page
    box = Template("{% include 'protests/_match_protests.html' %}").render(Context({"match": match, "user": umpire}))
    assert "Log a protest" not in box and reason in box.replace("&#x27;", "'")


def test_the_migration_moves_the_hour_to_the_written_protest(tournament, umpire, fee):
    match = played_match(tournament, umpire)
    lodged = services.lodge_written(oral(match, umpire), "Facts.", "Point.", umpire, minutes(10))
    waiting = oral(match, umpire, side="A")
    Protest.objects.filter(pk=lodged.pk).update(due_at=minutes(60))  # as the old reading stored it
    Protest.objects.filter(pk=waiting.pk).update(due_at=minutes(60))
    importlib.import_module("protests.migrations.0002_referee_readings").due_from_written(apps, None)
    assert Protest.objects.get(pk=lodged.pk).due_at == minutes(70)
    assert Protest.objects.get(pk=waiting.pk).due_at is None
