"""The players' links on paper: each side's match link as a QR code on the score cards and on the officials' copy
of the pairings sheet (never on the public one), the personal links on cut-out slips, and the e-mail of the
personal links. Every code is read back from the rendered page (pypdfium2, zxing-cpp) and opened: the right page
answers 200, a revoked link 404."""

from urllib.parse import urlsplit

import pypdfium2
import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from players.links import match_link_url, personal_link_url, revoke_match_links, revoke_personal_link
from printing.fonts import DEVANAGARI
from printing.slips import slips
from printing.slips_pdf import slips_sheet
from stages.models import Stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, PlayerFactory, RoundFactory, UserFactory
from tests.printing.qr_reading import decoded_links
from tests.printing.test_languages import DEVANAGARI_LETTERS

pytestmark = pytest.mark.django_db


def path_of(url):
    return urlsplit(url).path


@pytest.fixture
def swiss_round(tournament):
    """Round 1 of an ECC Swiss stage (self-umpired: the players keep the card), three matches at tables 1-3, one
    player with a Hindi name."""
    event = EventFactory(tournament=tournament, rule_set="ecc", name="Eurocup singles")
    rnd = RoundFactory(stage__event=event, stage__kind=Stage.Kind.SWISS, number=1)
    hindi = PlayerFactory(first_name="राजेश", last_name="कुमार")
    for number in range(1, 4):
        entry_a = EntryFactory(event=event, members=[hindi]) if number == 1 else EntryFactory(event=event)
        MatchFactory(round=rnd, number=number, table=number, entry_a=entry_a, entry_b=EntryFactory(event=event))
    return rnd


def matches_of(rnd):
    return list(rnd.matches.select_related("stage__event__tournament").order_by("number"))


def opens(client, url):
    return client.get(path_of(url)).status_code


def test_each_score_card_carries_both_sides_match_links(client, secretary, tournament, swiss_round):
    client.force_login(secretary)
    response = client.get(reverse("print-round-score-cards", args=[tournament.slug, swiss_round.pk]))
    assert response.status_code == 200
    pages = decoded_links(response.content)
    matches = matches_of(swiss_round)
    assert len(pages) == len(matches)
    for page, match in zip(pages, matches, strict=True):
        expected = {path_of(match_link_url(match, side)) for side in ("a", "b")}
        assert {path_of(url) for url in page} == expected
    client.logout()
    for page in pages:
        for url in page:
            assert opens(client, url) == 200  # the match's self-umpired card, no account
    first = matches[0]
    revoke_match_links(first)
    assert [opens(client, url) for url in pages[0]] == [404, 404]
    assert opens(client, pages[1][0]) == 200


def test_one_match_card_in_hindi_reads_too(client, secretary, tournament, swiss_round):
    client.force_login(secretary)
    match = matches_of(swiss_round)[0]
    with translation.override("hi"):
        response = client.get(
            reverse("print-match-score-card", args=[tournament.slug, match.pk]), HTTP_ACCEPT_LANGUAGE="hi"
        )
    (page,) = decoded_links(response.content)
    assert sorted(path_of(url) for url in page) == sorted(path_of(match_link_url(match, s)) for s in ("a", "b"))


def test_the_officials_pairings_sheet_has_every_match_link_and_the_public_one_none(
    client, secretary, tournament, swiss_round
):
    url = reverse("print-pairings", args=[tournament.slug, swiss_round.pk])
    public = decoded_links(client.get(url).content)
    assert public == [[]]
    client.force_login(secretary)
    (page,) = decoded_links(client.get(url).content)
    expected = {path_of(match_link_url(m, side)) for m in matches_of(swiss_round) for side in ("a", "b")}
    assert len(page) == 6 and {path_of(link) for link in page} == expected
    client.logout()
    assert all(opens(client, link) == 200 for link in page)


def test_an_umpired_match_prints_no_link(client, secretary, tournament):
    rnd = RoundFactory(stage__event__tournament=tournament, stage__event__rule_set="icf", number=1)
    MatchFactory(round=rnd, number=1, table=1)
    client.force_login(secretary)
    response = client.get(reverse("print-round-score-cards", args=[tournament.slug, rnd.pk]))
    assert decoded_links(response.content) == [[]]


def test_the_slips_read_back_to_each_players_page_and_a_revoked_one_is_dead(client, secretary, tournament, swiss_round):
    client.force_login(secretary)
    event = swiss_round.stage.event
    response = client.get(reverse("print-event-personal-slips", args=[tournament.slug, event.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    (page,) = decoded_links(response.content)
    players = [member.player for entry in event.entries.all() for member in entry.members.all()]
    assert len(page) == len(players) == 6
    assert {path_of(url) for url in page} == {path_of(personal_link_url(tournament, p)) for p in players}
    client.logout()
    assert all(opens(client, url) == 200 for url in page)
    revoked = players[0]
    old = personal_link_url(tournament, revoked)
    revoke_personal_link(tournament, revoked)
    assert opens(client, old) == 404
    assert opens(client, personal_link_url(tournament, revoked)) == 200


def test_slips_are_for_secretaries_and_the_api_gives_them_too(client, api_client, secretary, tournament, swiss_round):
    url = reverse("print-personal-slips", args=[tournament.slug])
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    api_url = reverse("api-personal-slips", args=[tournament.slug])
    api_client.force_authenticate(secretary)
    response = api_client.get(api_url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(decoded_links(response.content)[0]) == 6


def test_slips_print_the_devanagari_name_and_read_back(tournament, swiss_round):
    for language in ("hi", "en"):  # an English sheet prints a Devanagari name in the Devanagari type
        with translation.override(language):
            data = slips_sheet("Slips", slips(tournament) * 3)  # 18 slips: two pages of ten
        text = text_layer(data)
        assert DEVANAGARI.encode() in data and DEVANAGARI_LETTERS.search(text), language
        assert [len(page) for page in decoded_links(data)] == [10, 8]


def text_layer(data):
    document = pypdfium2.PdfDocument(data)
    return "".join(page.get_textpage().get_text_range() for page in document)


def test_each_player_with_an_address_gets_their_link_once_per_key(
    client, secretary, tournament, swiss_round, django_capture_on_commit_callbacks
):
    event = swiss_round.stage.event
    players = [member.player for entry in event.entries.order_by("pk") for member in entry.members.all()]
    for number, player in enumerate(players[:4]):
        player.email = f"p{number}@example.org"
        player.save()
    client.force_login(secretary)
    url = reverse("email-personal-links", args=[tournament.slug])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"event": event.pk})
    assert answer.status_code == 302
    assert sorted(m.to[0] for m in mail.outbox) == [f"p{n}@example.org" for n in range(4)]
    link = "http://testserver" + path_of(personal_link_url(tournament, players[0]))  # whole: a phone opens it
    assert any(link in m.body for m in mail.outbox if m.to == ["p0@example.org"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url)
    assert len(mail.outbox) == 4  # the same keys: nobody twice
    revoke_personal_link(tournament, players[0])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url)
    assert len(mail.outbox) == 5 and mail.outbox[-1].to == ["p0@example.org"]
    assert path_of(personal_link_url(tournament, players[0])) in mail.outbox[-1].body


def test_the_api_queues_the_mail(api_client, secretary, tournament, swiss_round, django_capture_on_commit_callbacks):
    player = swiss_round.matches.first().entry_b.players.first()
    player.email = "only@example.org"
    player.save()
    api_client.force_authenticate(secretary)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(reverse("api-email-personal-links", args=[tournament.slug]), {}, format="json")
    assert response.status_code == 202 and response.json()["queued"] == 1
    assert [m.to for m in mail.outbox] == [["only@example.org"]]
