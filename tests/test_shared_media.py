"""Media on a shared S3-compatible store (MEDIA_S3_BUCKET): what one server stores, another reads, and the rules of
who sees what hold there as on a folder. Against moto's standalone server, started by the tests."""

import io

import pytest
import requests
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from config.settings_files import media_storage
from history.sol.importing import import_file
from history.sol.models import Picture
from protests import services
from protests.models import ProtestPhoto
from tests import s3_server
from tests.factories import ProtestSettingsFactory
from tests.history.sol import shapes
from tests.hostile.sol_files import Member, zip_of
from tests.protests.conftest import T0, played_match
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def store():
    with s3_server.s3_store() as environ:
        yield environ


@pytest.fixture
def on_the_store(settings, store):
    settings.STORAGES = {**settings.STORAGES, "default": media_storage(store)}
    return store


def png(colour):
    out = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(out, "PNG")
    return out.getvalue()


def test_the_storage_is_chosen_by_the_bucket_and_keeps_objects_private():
    assert media_storage({})["BACKEND"] == "django.core.files.storage.FileSystemStorage"
    chosen = media_storage({"MEDIA_S3_BUCKET": "media", "AWS_S3_ENDPOINT_URL": "http://minio:9000"})
    assert chosen["BACKEND"] == "storages.backends.s3.S3Storage"
    options = chosen["OPTIONS"]
    assert (options["bucket_name"], options["endpoint_url"], options["addressing_style"]) == (
        "media",
        "http://minio:9000",
        "path",
    )
    assert options["default_acl"] == "private" and options["file_overwrite"] is False


def test_a_protest_photo_is_stored_on_the_shared_store_and_shown_to_officials_only(
    api_client, client, tournament, umpire, on_the_store
):
    ProtestSettingsFactory(tournament=tournament, fee_amount="500.00", fee_currency="INR")
    match = played_match(tournament, umpire)
    protest = services.log_oral_protest(
        match, game_no=1, board_no=4, fee_paid=True, user=umpire, at=T0, side="B", protester_name="R. Kumar",
        decision_appealed="Foul called.",
    )  # fmt: skip
    api_client.force_authenticate(umpire)
    url = f"/api/tournaments/{tournament.slug}/protests/{protest.pk}/photos/"
    added = api_client.post(url, {"image": SimpleUploadedFile("board.png", png("red"))}, format="multipart")
    assert added.status_code == 201, added.content
    photo = ProtestPhoto.objects.get()
    assert photo.image.name in s3_server.keys(on_the_store)  # on the store, not on this machine's disk

    served = api_client.get(f"{url}{photo.pk}/")
    assert served.status_code == 200
    with Image.open(io.BytesIO(b"".join(served.streaming_content))) as image:
        assert image.size == (8, 8) and image.getpixel((0, 0)) == (255, 0, 0)
    api_client.force_authenticate(None)
    assert api_client.get(f"{url}{photo.pk}/").status_code in (401, 403, 404)
    # The store itself gives nothing to whoever knows the object's address.
    direct = f"{on_the_store['AWS_S3_ENDPOINT_URL']}/{on_the_store['MEDIA_S3_BUCKET']}/{photo.image.name}"
    assert requests.get(direct, timeout=5).status_code == 403


def backup(agreed, refused):
    documents = shapes.sol5()
    players = documents[0]["players"]
    players[0].update(portrait="agreed.png", agreedprivacy="A")
    players[1].update(portrait="refused.png", agreedprivacy="R")
    members = [Member.deflated("everything.sol", shapes.as_yaml(documents))]
    members += [Member.deflated("portraits/agreed.png", agreed), Member.deflated("portraits/refused.png", refused)]
    return zip_of(members), players[0], players[1]


def test_portraits_are_shown_where_their_player_agreed_and_served_from_the_store(client, on_the_store):
    data, agreed, refused = backup(png("green"), png("blue"))
    import_file(data)
    stored = {picture.image.name for picture in Picture.objects.all()}
    assert len(stored) == 2 and stored <= set(s3_server.keys(on_the_store))
    shown = Player.objects.get(guid=agreed["guid"])
    hidden = Player.objects.get(guid=refused["guid"])
    assert Picture.objects.get(player=shown).public and not Picture.objects.get(player=hidden).public

    page = client.get(reverse("archive-player", args=[shown.pk])).content.decode()
    assert reverse("archive-portrait", args=[shown.pk]) in page
    served = client.get(reverse("archive-portrait", args=[shown.pk]))
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    with Image.open(io.BytesIO(b"".join(served.streaming_content))) as image:
        assert image.getpixel((0, 0)) == (0, 128, 0)

    page = client.get(reverse("archive-player", args=[hidden.pk])).content.decode()
    assert reverse("archive-portrait", args=[hidden.pk]) not in page
    assert client.get(reverse("archive-portrait", args=[hidden.pk])).status_code == 404


def test_a_picture_whose_file_is_gone_is_not_found(client, on_the_store):
    data, agreed, _refused = backup(png("green"), png("blue"))
    import_file(data)
    shown = Player.objects.get(guid=agreed["guid"])
    default_storage.delete(Picture.objects.get(player=shown).image.name)
    assert client.get(reverse("archive-portrait", args=[shown.pk])).status_code == 404
