"""The embed form of a tournament's pages (tournaments.embedding): framed only by the sites its secretary lists,
everything else refusing every frame as before."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests.factories import EventFactory, TournamentFactory
from tournaments.embedding import MAX_ORIGINS, clean_origins
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FEDERATION = "https://carrom.example.org"


@pytest.fixture
def listed():
    return TournamentFactory(status="published", embed_origins=[FEDERATION, "http://127.0.0.1:8123"])


def frame_ancestors(response):
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";") if part)
    return policy["frame-ancestors"]


def test_sites_are_stored_as_the_origins_browsers_compare():
    text = "https://Carrom.Example.org/club/page?x=1\nhttp://127.0.0.1:8123, https://carrom.example.org"
    assert clean_origins(text) == [FEDERATION, "http://127.0.0.1:8123"]
    assert clean_origins("") == [] and clean_origins([]) == []


@pytest.mark.parametrize(
    "site",
    ["carrom.example.org", "ftp://carrom.example.org", "https://", "https://a b", "https://x;script-src *",
     "https://user:pw@carrom.example.org", "https://carrom.example.org:99999", "javascript:alert(1)", "*"],
)  # fmt: skip
def test_anything_but_a_web_site_is_refused_with_its_reason(site):
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        clean_origins([site])
    assert "is not a web site's address" in refused.value.messages[0]


def test_at_most_twenty_sites():
    with pytest.raises(ValidationError):
        clean_origins([f"https://site{n}.example.org" for n in range(MAX_ORIGINS + 1)])


def test_the_embed_form_may_be_framed_by_the_listed_sites_only(client, listed):
    event = EventFactory(tournament=listed, name="Open singles")
    for url in (listed.get_absolute_url(), event.get_absolute_url()):
        response = client.get(url + "?embed=1")
        assert response.status_code == 200 and "X-Frame-Options" not in response
        assert frame_ancestors(response) == f"{FEDERATION} http://127.0.0.1:8123"
        page = response.content.decode()
        assert 'class="site-header"' not in page and '<base target="_blank">' in page
        assert "Open on the tournament site" in page
    whole = client.get(listed.get_absolute_url())
    assert whole["X-Frame-Options"] == "DENY" and frame_ancestors(whole) == "'none'"
    assert 'class="site-header"' in whole.content.decode()


def test_a_tournament_listing_no_site_is_framed_by_none(client):
    tournament = TournamentFactory(status="published")
    response = client.get(tournament.get_absolute_url() + "?embed=1")
    assert response["X-Frame-Options"] == "DENY" and frame_ancestors(response) == "'none'"


@pytest.mark.parametrize("path", ["/", "/archive/", "/api/tournaments/"])
def test_pages_of_no_tournament_and_the_api_refuse_every_frame(client, listed, path):
    response = client.get(path + "?embed=1")
    assert response["X-Frame-Options"] == "DENY" and frame_ancestors(response) == "'none'"


def test_a_draft_is_not_found_embedded_or_not(client):
    draft = TournamentFactory(status="draft", embed_origins=[FEDERATION])
    assert client.get(draft.get_absolute_url() + "?embed=1").status_code == 404


@pytest.mark.usefixtures("page_cache")
def test_the_cache_keeps_the_embed_form_apart_from_the_page(client, listed):
    url = listed.get_absolute_url()
    for _ in range(2):  # a miss, then each from the cache
        assert 'class="site-header"' not in client.get(url + "?embed=1").content.decode()
        whole = client.get(url)
        assert 'class="site-header"' in whole.content.decode() and whole["X-Frame-Options"] == "DENY"


def test_the_secretary_lists_the_sites_and_is_shown_the_frame_to_paste(client, secretary):
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    client.force_login(secretary)
    url = reverse("tournament-edit", args=[tournament.slug])
    assert "No other site may show its pages in a frame." in client.get(url).content.decode()
    data = {
        "name": tournament.name,
        "start_date": tournament.start_date,
        "end_date": tournament.end_date,
        "status": tournament.status,
        "embed_origins": "https://carrom.example.org/news/\nhttps://club.example.org",
    }
    assert client.post(url, data).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).embed_origins == [FEDERATION, "https://club.example.org"]
    page = client.get(url).content.decode()
    assert "https://carrom.example.org\nhttps://club.example.org</textarea>" in page
    assert f'&lt;iframe src="http://testserver/t/{tournament.slug}/?embed=1"' in page
    refused = client.post(url, {**data, "embed_origins": "carrom.example.org"})
    assert refused.status_code == 200 and "is not a web site&#x27;s address" in refused.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).embed_origins == [FEDERATION, "https://club.example.org"]


def test_the_api_reads_and_writes_the_sites(api_client, secretary):
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    api_client.force_authenticate(secretary)
    url = f"/api/tournaments/{tournament.slug}/"
    response = api_client.patch(url, {"embed_origins": ["https://Carrom.example.org/x"]}, format="json")
    assert response.status_code == 200 and response.json()["embed_origins"] == [FEDERATION]
    for bad in (["nope"], "https://carrom.example.org", {"a": 1}):
        response = api_client.patch(url, {"embed_origins": bad}, format="json")
        assert response.status_code == 400 and "embed_origins" in response.json()
    assert Tournament.objects.get(pk=tournament.pk).embed_origins == [FEDERATION]
