"""A request body over UPLOAD_MAX_BYTES is refused before it is read (core.middleware): 413, JSON under /api/, a
page elsewhere. Django's own limits leave out a multipart body's files, so a 100 MB upload used to be read whole.

The oversized requests below declare a Content-Length over the limit and carry a small body: the test client's
input refuses to be read past what it holds, so a 413 here also shows that nothing read the body."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import encode_multipart
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory

pytestmark = pytest.mark.django_db

BOUNDARY = "BoUnDaRy"
FORM = f"multipart/form-data; boundary={BOUNDARY}"


def small_multipart(**fields):
    return encode_multipart(BOUNDARY, {"file": SimpleUploadedFile("e.csv", b"first_name\nAsha\n"), **fields})


def over_the_limit(settings):
    return {"CONTENT_LENGTH": str(settings.UPLOAD_MAX_BYTES + 1)}


def test_a_log_in_over_the_limit_is_refused_unread_with_the_413_page(client, settings):
    body = small_multipart(username="asha", password="secret")
    response = client.post(reverse("login"), body, content_type=FORM, **over_the_limit(settings))
    assert response.status_code == 413
    page = response.content.decode()
    assert response["Content-Type"].startswith("text/html")
    assert "Too large to send" in page and f"{settings.UPLOAD_MAX_BYTES:,} bytes" in page


def test_a_csv_upload_page_over_the_limit_is_refused_unread(client, tournament, secretary, settings):
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    url = reverse("event-import-page", args=[tournament.slug, event.pk])
    response = client.post(url, small_multipart(), content_type=FORM, **over_the_limit(settings))
    assert response.status_code == 413
    assert event.entries.count() == 0


def test_an_api_import_over_the_limit_answers_json_413_unread(client, tournament, secretary, settings):
    event = EventFactory(tournament=tournament)
    url = reverse("event-import", args=[tournament.slug, event.pk])
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=secretary).key}"}
    response = client.post(url, small_multipart(), content_type=FORM, **over_the_limit(settings), **auth)
    assert response.status_code == 413
    assert response.json() == {"detail": f"The request body is larger than {settings.UPLOAD_MAX_BYTES:,} bytes."}
    assert event.entries.count() == 0


def test_the_file_part_of_a_multipart_body_counts(client, tournament, secretary, settings):
    """DATA_UPLOAD_MAX_MEMORY_SIZE leaves out files: a CSV larger than the limit was read and imported."""
    settings.UPLOAD_MAX_BYTES = 1000
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    rows = "".join(f"Player{n},Rao\n" for n in range(100)).encode()
    upload = SimpleUploadedFile("e.csv", b"first_name,last_name\n" + rows, content_type="text/csv")
    response = client.post(reverse("event-import-page", args=[tournament.slug, event.pk]), {"file": upload})
    assert response.status_code == 413
    assert event.entries.count() == 0


def test_a_body_within_the_limit_is_read(client, tournament, secretary, settings):
    settings.UPLOAD_MAX_BYTES = 1000
    event = EventFactory(tournament=tournament)
    client.force_login(secretary)
    upload = SimpleUploadedFile("e.csv", b"first_name,last_name\nAsha,Rao\n", content_type="text/csv")
    response = client.post(reverse("event-import-page", args=[tournament.slug, event.pk]), {"file": upload})
    assert response.status_code == 302
    assert event.entries.count() == 1


def test_a_content_length_that_is_no_number_is_not_refused_here(client):
    """Django reads no body at all then, so there is nothing to refuse."""
    response = client.get(reverse("login"), CONTENT_LENGTH="lots")
    assert response.status_code == 200


def test_a_get_declaring_a_large_body_is_refused_too(client, settings):
    response = client.get("/api/tournaments/", **over_the_limit(settings))
    assert response.status_code == 413 and "detail" in response.json()
