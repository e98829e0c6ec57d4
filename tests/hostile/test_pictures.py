"""Hostile pictures through every path that takes one: a written protest's photo (its page and the API) and the
portraits and emblems of a SoL backup (the upload page, the API and `import_sol`). A PNG of 9,400 x 9,500 pixels
in a few hundred kilobytes once took a worker from 165 to 522 MiB: each picture is now judged from its header,
refused with a clear message (or, in a backup, left out) within tests.hostile.bounds, and what is stored is a copy
Pillow wrote from the pixels alone, served as the image it is."""

import functools
import html
import io
import os
import zipfile

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from PIL import Image

from history.sol.models import Picture
from protests import services
from protests.models import ProtestPhoto
from tests.factories import ProtestSettingsFactory
from tests.helpers import protest_photo
from tests.history.sol import shapes
from tests.hostile import picture_files as pictures
from tests.hostile.bounds import measured
from tests.protests.conftest import T0, played_match
from tournaments.models import Club

pytestmark = pytest.mark.django_db

TOO_MANY_PIXELS = (
    "This photo has more pixels than the 16,777,216 a protest photo may have (16.8 million): send it at a smaller "
    "size; a phone's usual photo size will do."
)
ANIMATED = "This image is animated: attach a still photo (JPEG, PNG, WebP or GIF)."
NOT_A_PHOTO = "This file is not a photo (JPEG, PNG, WebP or GIF image)."
CASES = [
    (pictures.reported_png, "board.png", TOO_MANY_PIXELS),
    (pictures.just_over_png, "board.png", TOO_MANY_PIXELS),
    (pictures.animated_gif, "board.gif", ANIMATED),
    (pictures.animated_png, "board.png", ANIMATED),
    (pictures.animated_webp, "board.webp", ANIMATED),
    (pictures.text_bomb, "board.png", NOT_A_PHOTO),
]
IDS = [make.__name__ for make, _name, _message in CASES]


@functools.cache
def made(make):
    return make()


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def stored_files(root):
    return [name for _dirs, _sub, files in os.walk(root) for name in files]


@pytest.fixture
def protest(tournament, umpire, media):
    ProtestSettingsFactory(tournament=tournament, fee_amount="500.00", fee_currency="INR")
    match = played_match(tournament, umpire)
    return services.log_oral_protest(
        match, game_no=1, board_no=4, fee_paid=True, user=umpire, at=T0, side="B", protester_name="R. Kumar",
        decision_appealed="Foul called.",
    )  # fmt: skip


def photos_api(protest):
    return f"/api/tournaments/{protest.match.stage.event.tournament.slug}/protests/{protest.pk}/photos/"


@pytest.mark.parametrize("make, name, message", CASES, ids=IDS)
def test_the_protest_page_refuses_each_hostile_picture(client, umpire, protest, media, make, name, message):
    client.force_login(umpire)
    url = reverse("protest-add-photo", args=[protest.match.stage.event.tournament.slug, protest.pk])
    upload = SimpleUploadedFile(name, made(make))
    with measured() as cost:
        response = client.post(url, {"image": upload})
    assert response.status_code == 200 and message in html.unescape(response.content.decode())
    assert cost.within_bounds(), cost
    assert not ProtestPhoto.objects.exists() and not stored_files(media)


@pytest.mark.parametrize("make, name, message", CASES, ids=IDS)
def test_the_api_refuses_each_hostile_picture_with_a_json_400(api_client, umpire, protest, media, make, name, message):
    api_client.force_authenticate(umpire)
    upload = SimpleUploadedFile(name, made(make))
    with measured() as cost:
        response = api_client.post(photos_api(protest), {"image": upload}, format="multipart")
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json() == {"image": [message]}
    assert cost.within_bounds(), cost
    assert not ProtestPhoto.objects.exists() and not stored_files(media)


def test_a_polyglot_is_stored_as_a_clean_png_and_served_as_one(api_client, client, umpire, protest):
    upload = pictures.polyglot()
    assert zipfile.is_zipfile(io.BytesIO(upload)) and pictures.PAGE in upload
    api_client.force_authenticate(umpire)
    added = api_client.post(photos_api(protest), {"image": SimpleUploadedFile("board.png", upload)}, format="multipart")
    assert added.status_code == 201
    photo = ProtestPhoto.objects.get()
    stored = photo.image.open("rb").read()
    assert stored != upload and stored.startswith(b"\x89PNG") and photo.size == len(stored)
    assert not zipfile.is_zipfile(io.BytesIO(stored)) and b"<html" not in stored and b"PK\x03\x04" not in stored
    assert Image.open(io.BytesIO(stored)).size == (40, 30)
    client.force_login(umpire)
    page_url = reverse("protest-photo", args=[protest.match.stage.event.tournament.slug, protest.pk, photo.pk])
    for served in (api_client.get(added.data["url"]), client.get(page_url)):
        assert served["Content-Type"] == "image/png" and served["X-Content-Type-Options"] == "nosniff"
        assert "sandbox" in served["Content-Security-Policy"]
        assert b"".join(served.streaming_content) == stored


def test_a_phone_photo_is_stored_turned_the_way_it_was_held_and_without_its_exif(api_client, umpire, protest):
    api_client.force_authenticate(umpire)
    upload = SimpleUploadedFile("IMG_0001.jpg", pictures.phone_photo())
    added = api_client.post(photos_api(protest), {"image": upload}, format="multipart")
    assert added.status_code == 201
    assert (added.data["image_format"], added.data["width"], added.data["height"]) == ("JPEG", 40, 60)
    stored = ProtestPhoto.objects.get().image.open("rb").read()
    assert b"Exif" not in stored and b"PhoneMaker" not in stored
    with Image.open(io.BytesIO(stored)) as image:
        assert image.size == (40, 60) and not image.getexif()


def test_a_phone_mpo_is_kept_as_its_first_picture(api_client, umpire, protest):
    api_client.force_authenticate(umpire)
    upload = SimpleUploadedFile("IMG_0002.jpg", pictures.mpo_photo())
    added = api_client.post(photos_api(protest), {"image": upload}, format="multipart")
    assert added.status_code == 201 and added.data["image_format"] == "JPEG"
    with Image.open(ProtestPhoto.objects.get().image.open("rb")) as image:
        assert image.format == "JPEG" and image.getpixel((30, 20))[2] > 100  # the photo, not its black depth map


def test_a_photo_stored_before_the_copies_is_still_served(api_client, umpire, protest):
    photo = protest_photo(protest)
    api_client.force_authenticate(umpire)
    url = f"{photos_api(protest)}{photo.pk}/"
    served = api_client.get(url)
    assert served.status_code == 200 and served["Content-Type"] == "image/gif"
    assert b"".join(served.streaming_content) == b"GIF89a"


def test_pillow_refuses_a_bomb_wherever_it_is_opened(settings):
    # What every process does as it starts; pytest puts its own warning filters back around each test.
    apps.get_app_config("core").ready()
    assert Image.MAX_IMAGE_PIXELS == settings.IMAGE_MAX_PIXELS
    for bomb in (pictures.just_over_png(), made(pictures.reported_png)):
        with pytest.raises((Image.DecompressionBombError, Image.DecompressionBombWarning)):
            Image.open(io.BytesIO(bomb))


# ---------------------------------------------------------------- the pictures of a SoL backup

SOL_CASES = [pictures.reported_png, pictures.animated_gif, pictures.text_bomb]


def backup_with(make):
    return shapes.backup(shapes.as_yaml(shapes.sol5()), {"emblems/fed.png": made(make)})


def imported_without_the_picture():
    assert Club.objects.get(guid=shapes.GUIDS["fed"]).is_federation
    assert not Picture.objects.exists()


@pytest.mark.parametrize("make", SOL_CASES, ids=[make.__name__ for make in SOL_CASES])
def test_a_backup_through_the_api_is_imported_without_its_hostile_picture(
    api_client, secretary, media, django_capture_on_commit_callbacks, make
):
    api_client.force_authenticate(secretary)
    upload = SimpleUploadedFile("backup.zip", backup_with(make))
    with measured() as cost, django_capture_on_commit_callbacks(execute=True):
        job = api_client.post("/api/sol/import/", {"file": upload}).json()
    assert api_client.get(job["status_url"]).json()["status"] == "done"
    assert cost.within_bounds(), cost
    imported_without_the_picture()


@pytest.mark.parametrize("make", SOL_CASES, ids=[make.__name__ for make in SOL_CASES])
def test_a_backup_through_the_page_is_imported_without_its_hostile_picture(
    client, secretary, media, django_capture_on_commit_callbacks, make
):
    client.force_login(secretary)
    upload = SimpleUploadedFile("backup.zip", backup_with(make))
    with measured() as cost, django_capture_on_commit_callbacks(execute=True):
        assert client.post("/sol/import/", {"file": upload}).status_code == 302
    assert cost.within_bounds(), cost
    imported_without_the_picture()


@pytest.mark.parametrize("make", SOL_CASES, ids=[make.__name__ for make in SOL_CASES])
def test_a_backup_through_the_command_is_imported_without_its_hostile_picture(tmp_path, media, make):
    path = tmp_path / "backup.zip"
    path.write_bytes(backup_with(make))
    with measured() as cost:
        call_command("import_sol", str(path))
    assert cost.within_bounds(), cost
    imported_without_the_picture()
