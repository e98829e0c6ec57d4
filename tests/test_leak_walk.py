"""The leak walk: every URL pattern (pages and API), read with GET by each of seven identities over a draft and a
published tournament with private data planted (tests/leak_world.py). No answer may carry what its reader may not
see: answers are searched whole, .gz and .zip (XLSX) unpacked, PDFs read as text and their QR codes decoded.

The routes come from Django's URL resolver, so a new page or endpoint is walked without touching this file: its
path parameters are filled by name (`slug`, `event_id`, `match_pk`, or a bare `pk` after `stages/`...), from the
tournament walked. The Django admin is left out (superusers only). Also checked: each identity finds, somewhere,
every secret it may see (not e-mail addresses, which no page shows), so a walk that reached nothing would fail."""

import gzip
import html
import io
import re
import zipfile
from datetime import date
from urllib.parse import unquote

import pypdfium2
import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import get_resolver
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from reportlab.pdfgen.canvas import Canvas

from printing.exports import Sheet, to_xlsx
from printing.qr import draw_qr
from tests import leak_world
from tests.api.test_permission_matrix import url_for, url_params, walk
from tests.printing.qr_reading import decoded_links

pytestmark = pytest.mark.django_db

# The object a bare `pk` names, by the URL segment before it: /stages/<pk>/ is a stage.
COLLECTIONS = {
    "events": "event",
    "entries": "entry",
    "stages": "stage",
    "rounds": "round",
    "matches": "match",
    "protests": "protest",
    "players": "player",
    "clubs": "club",
    "championships": "championship",
    "ratings": "rating",
    "photos": "photo",
    "invitations": "invitation",
}
BARE_PK = re.compile(r"(\w+)/\^?(?:<(?:\w+:)?pk>|\(\?P<pk>)")
QR_DPI = 150
UNPACKED_LIMIT = 50 * 1024 * 1024  # the world's exports are small: a bigger answer is a bomb of our own making


def routes():
    """(name, path pattern) of every route but the admin's; DRF's format-suffix copies (`players.json`) share
    their route's view and are left out."""
    found = {}
    for path, name, _pattern in walk(get_resolver().url_patterns):
        if path.lstrip("^").startswith("admin/") or "(?P<format>" in path or "<drf_format_suffix:" in path:
            continue
        found.setdefault(name or path, path)
    return sorted(found.items())


def sides_of(path, world):
    """A route with parameters is walked once per tournament; one without, once."""
    return [world.published, world.draft] if url_params(path) else [None]


def parameter(name, path, side, identity):
    if name in ("slug", "tournament_slug"):
        return side.tournament.slug
    if name == "token":
        return identity.token
    if name == "uidb64":  # a set-password link's account: the secretary's (the token is not one)
        return urlsafe_base64_encode(force_bytes(side.objects["job"].user_id))
    if name == "key":
        return side.objects["event"].rule_set
    if name == "side":  # a side of a tie ("a" or "b")
        return "a"
    if name == "team_pk":  # a team of a team event is an entry
        return side.objects["entry"].pk
    if name == "pk":
        collection = BARE_PK.search(path)
        noun = COLLECTIONS.get(collection.group(1)) if collection else None
    else:
        noun = re.sub(r"_(id|pk)$", "", name)
    assert noun in side.objects, f"{path}: no object for <{name}>; add one to tests/leak_world.py in_play()"
    return side.objects[noun].pk


def url_of(path, side, identity):
    return url_for(path, {name: parameter(name, path, side, identity) for name in url_params(path)})


# ---------------------------------------------------------------- reading an answer whole


def body_of(response):
    data = b"".join(response.streaming_content) if response.streaming else response.content
    if response.get("Content-Encoding") == "gzip":
        data = gunzip(data)
    return unpacked(data)


def gunzip(data):
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
        return stream.read(UNPACKED_LIMIT)


def unpacked(data):
    """The text of an answer: gzip and zip (XLSX) unpacked, a PDF's text and the links of its QR codes."""
    if data[:2] == b"\x1f\x8b":
        return unpacked(gunzip(data))
    if data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return "\n".join(unpacked(archive.open(name).read(UNPACKED_LIMIT)) for name in archive.namelist())
    if data[:5] == b"%PDF-":
        return pdf_text(data)
    return data.decode("utf-8", "replace")


def pdf_text(data):
    document = pypdfium2.PdfDocument(data)
    try:
        text = [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()
    codes = [link for page in decoded_links(data, dpi=QR_DPI) for link in page]
    return "\n".join(text + codes)


def haystack(text):
    """The text as written, unescaped (HTML, URLs), and without white space (a link broken over lines in a PDF),
    in lower case."""
    text = text.lower()
    return "\n".join((text, html.unescape(text), unquote(text), re.sub(r"\s+", "", text)))


# ---------------------------------------------------------------- the walk


@pytest.fixture
def world(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path  # the protests' photos
    return leak_world.build()


def walk_as(identity, world):
    """{secret's index: [where it was found]} over every route and tournament."""
    client = Client(HTTP_ACCEPT_ENCODING="gzip")  # as browsers ask: a compressed answer is searched unpacked
    if identity.user is not None:
        client.force_login(identity.user)
    found = {}
    for name, path in routes():
        for side in sides_of(path, world):
            url = url_of(path, side, identity) if side else url_for(path, {})
            cache.clear()  # the link pages' rate limit counts every request otherwise
            response = client.get(url)
            assert response.status_code < 500, f"{response.status_code} for GET {url} as {identity.name}"
            text = haystack(body_of(response))
            for index, secret in enumerate(world.secrets):
                if any(needle.lower() in text for needle in secret.needles):
                    found.setdefault(index, []).append(f"{url} ({name}, {response.status_code})")
    return found


@pytest.mark.parametrize("who", leak_world.IDENTITIES)
def test_no_answer_carries_what_its_reader_may_not_see(world, who):
    identity = next(identity for identity in world.identities if identity.name == who)
    found = walk_as(identity, world)
    leaks = [
        f"{secret.what}: {', '.join(found[index])}"
        for index, secret in enumerate(world.secrets)
        if index in found and who not in secret.seen_by
    ]
    assert not leaks, f"{who} sees what they may not:\n" + "\n".join(leaks)
    missed = [
        secret.what
        for index, secret in enumerate(world.secrets)
        if who in secret.seen_by and secret.shown and index not in found
    ]
    assert not missed, f"{who} never found what they may see (does the walk reach the pages?):\n" + "\n".join(missed)


def test_the_reader_finds_a_secret_in_every_kind_of_answer():
    """What the walk reads: a date in an XLSX cell, a name in gzipped YAML, a PDF's text and its QR code."""
    born = date(1971, 3, 14)
    workbook = to_xlsx([Sheet("Entries", ["Name", "Born"], [["Zarkovine1", born]])])
    page = io.BytesIO()
    canvas = Canvas(page)
    canvas.drawString(72, 720, "Zarkovine2")
    draw_qr(canvas, "https://example.org/t/open/me/p1.key-zarkovine3:sig/", 72, 500, 144)
    canvas.save()
    text = haystack(unpacked(workbook) + unpacked(gzip.compress(b"lastname: Zarkovine4")) + unpacked(page.getvalue()))
    assert all(f"zarkovine{number}" in text for number in (1, 2, 3, 4)), text[:2000]
    assert any(needle in text for needle in leak_world.birth_needles(born))
