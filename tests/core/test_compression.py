"""Text answers go out gzipped to the clients that accept it (core.compression), whatever serves them: a page with
the page cache off or through it, a signed-in official's page, the API, a CSV export, the JavaScript catalogue.
What is compressed already (PDF, spreadsheets, .sol.gz) goes as it is, and nothing is compressed twice."""

import gzip
import json

import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import reverse

from core import page_cache
from core.compression import CompressionMiddleware
from tests.factories import EntryFactory
from tests.helpers import knockout

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture
def stage(tournament):
    return knockout(tournament, size=8)


def assert_gzipped(packed, plain):
    """`packed` is `plain`'s answer gzipped once, both saying that the answer depends on Accept-Encoding."""
    assert packed.status_code == plain.status_code == 200
    assert packed["Content-Encoding"] == "gzip" and not plain.has_header("Content-Encoding")
    assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"]
    assert packed["Content-Type"] == plain["Content-Type"]
    unpacked = gzip.decompress(packed.content)
    assert unpacked == plain.content and len(packed.content) < len(plain.content)
    assert int(packed["Content-Length"]) == len(packed.content)
    return unpacked


def test_a_page_with_the_page_cache_off_is_gzipped_when_asked(client, stage):
    url = stage.get_absolute_url()
    plain, packed = client.get(url), client.get(url, headers=GZIP)
    assert page_cache.HIT_HEADER not in packed
    assert b"</html>" in assert_gzipped(packed, plain)


def test_a_signed_in_officials_page_is_gzipped(client, stage, secretary):
    client.force_login(secretary)
    packed = client.get(stage.get_absolute_url(), headers=GZIP)
    assert packed["Content-Encoding"] == "gzip" and b"</html>" in gzip.decompress(packed.content)


def test_an_api_answer_is_gzipped_when_asked(api_client, stage):
    url = f"/api/tournaments/{stage.event.tournament.slug}/events/{stage.event_id}/entries/"
    plain, packed = api_client.get(url), api_client.get(url, headers=GZIP)
    assert json.loads(assert_gzipped(packed, plain))


def test_a_csv_export_is_gzipped_when_asked(client, tournament, stage):
    for _ in range(20):
        EntryFactory(event=stage.event)
    url = reverse("export-entries-csv", args=[tournament.slug, stage.event_id])
    plain, packed = client.get(url), client.get(url, headers=GZIP)
    assert packed["Content-Disposition"] == plain["Content-Disposition"]
    assert assert_gzipped(packed, plain).decode("utf-8-sig").startswith("No.,Seed,Name")


def test_the_javascript_catalogue_is_gzipped(client):
    plain, packed = client.get("/jsi18n/"), client.get("/jsi18n/", headers=GZIP)
    assert assert_gzipped(packed, plain)


@pytest.mark.parametrize(
    "url",
    [
        lambda stage: reverse("export-entries-xlsx", args=[stage.event.tournament.slug, stage.event_id]),
        lambda stage: reverse("print-bracket", args=[stage.event.tournament.slug, stage.pk]),
        lambda stage: f"/api/tournaments/{stage.event.tournament.slug}/export.sol.gz",
    ],
    ids=["xlsx", "pdf", "sol.gz"],
)
def test_what_is_compressed_already_goes_as_it_is(client, stage, url):
    plain, asked = client.get(url(stage)), client.get(url(stage), headers=GZIP)
    assert asked.status_code == 200 and not asked.has_header("Content-Encoding")
    assert asked.content == plain.content


@pytest.mark.usefixtures("page_cache")
def test_pages_through_the_page_cache_are_gzipped_once(client, stage):
    url = stage.get_absolute_url()
    plain = client.get(url)
    answers = [client.get(url, headers=GZIP) for _ in range(3)]
    # A miss, a hit, then the whole answer kept by CachedPageMiddleware: each the page gzipped once.
    assert [answer[page_cache.HIT_HEADER] for answer in answers] == ["hit", "hit", "hit"]
    for answer in answers:
        assert answer["Content-Encoding"] == "gzip" and gzip.decompress(answer.content) == plain.content
    assert client.get(url).content == plain.content


# ---------------------------------------------------------------- the middleware alone


def through_middleware(rf, response, accept="gzip"):
    return CompressionMiddleware(lambda request: response)(rf.get("/", headers={"Accept-Encoding": accept}))


def test_a_streaming_text_answer_is_gzipped_as_a_stream(rf):
    rows = [f"{number},player {number}\n".encode() for number in range(2000)]
    response = through_middleware(rf, StreamingHttpResponse(iter(rows), content_type="text/csv"))
    assert response["Content-Encoding"] == "gzip" and not response.has_header("Content-Length")
    assert gzip.decompress(b"".join(response.streaming_content)) == b"".join(rows)


@pytest.mark.parametrize(
    "response",
    [
        StreamingHttpResponse(iter([b"data: 1\n\n" * 100]), content_type="text/event-stream"),
        HttpResponse(
            b"a" * 5000, status=206, content_type="text/plain", headers={"Content-Range": "bytes 0-4999/9999"}
        ),
        HttpResponse(b"\x89PNG" + b"\x00" * 5000, content_type="image/png"),
        HttpResponse(b"%PDF-1.4" + b" " * 5000, content_type="application/pdf"),
        HttpResponse(b"<svg>" + b" " * 5000, content_type="image/svg+xml", headers={"Content-Encoding": "gzip"}),
    ],
    ids=["event-stream", "partial", "png", "pdf", "encoded-already"],
)
def test_what_gains_nothing_or_would_break_is_left_alone(rf, response):
    before = dict(response.items())
    assert dict(through_middleware(rf, response).items()) == before


@pytest.mark.parametrize(
    "content_type", ["image/svg+xml", "application/vnd.oai.openapi; charset=utf-8", "application/problem+json"]
)
def test_other_text_types_are_gzipped(rf, content_type):
    response = through_middleware(rf, HttpResponse(b"<text>" * 1000, content_type=content_type))
    assert response["Content-Encoding"] == "gzip" and gzip.decompress(response.content) == b"<text>" * 1000


def test_a_client_that_does_not_accept_gzip_gets_the_answer_as_it_is(rf):
    response = through_middleware(rf, HttpResponse(b"<p>" * 1000), accept="identity")
    assert not response.has_header("Content-Encoding") and response.content == b"<p>" * 1000
    assert response["Vary"] == "Accept-Encoding"
