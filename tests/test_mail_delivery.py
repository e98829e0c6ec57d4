"""The e-mails the site sends, as they arrive at a real SMTP server the test starts (tests/smtp_server.py): a
player's news, a new official's set-password link and the players' personal links, each from the site's sender
(DJANGO_DEFAULT_FROM_EMAIL), in its reader's language, with links made from DJANGO_SITE_URL that open their page."""

import re

import pytest
from django.utils import translation

from matches.services import change_status
from players import display
from printing import slips
from printing.tasks import queue_link_mails
from stages.models import Match, Stage
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, ProfileFactory, RoundFactory, UserFactory
from tests.player_helpers import NINE
from tournaments import invitations
from tournaments.display import INVITATION

pytestmark = pytest.mark.django_db
SITE = "http://testserver"  # the test client's host: a link the test follows reaches this site
SENDER = ("cup@carrom.example", "Carrom Cup <cup@carrom.example>")


@pytest.fixture
def site(settings, mail_server, tournament):
    settings.SITE_URL = SITE
    tournament.language = "fr"  # the language of those who chose none
    tournament.save()
    return mail_server.inbox


@pytest.fixture
def match(tournament):
    """Asha (no account: the tournament's French) against Ravi (an account that reads German), table 5."""
    rnd = RoundFactory(stage__event__tournament=tournament, stage__kind=Stage.Kind.SWISS, number=1)
    asha = PlayerFactory(first_name="Asha", last_name="Rao", email="asha@example.org")
    ravi = PlayerFactory(first_name="Ravi", last_name="Kumar", email="ravi@example.org", user=UserFactory())
    ProfileFactory(user=ravi.user, language="de")
    return MatchFactory(
        round=rnd,
        entry_a=EntryFactory(event=rnd.stage.event, members=[asha]),
        entry_b=EntryFactory(event=rnd.stage.event, members=[ravi]),
        table=5,
        planned_at=NINE,
    )


def links_in(text):
    return re.findall(r"https?://\S+", text)


def from_the_site(received):
    return (received.mail_from, received.message["From"]) == SENDER


def opens(client, link, follow=False):
    assert link.startswith(f"{SITE}/"), link
    answer = client.get(link, follow=follow)
    return answer.status_code == 200


def test_a_players_news_arrives_in_their_language_with_their_link(
    client, site, match, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        change_status(match, Match.Status.CALLED)
    [to_asha], [to_ravi] = site.to("asha@example.org"), site.to("ravi@example.org")
    for received, language in ((to_asha, "fr"), (to_ravi, "de")):
        with translation.override(language):
            subject = display.call_words(match)
        assert subject != "Go to table 5 now"  # translated, not the English
        assert received.message["Subject"].strip() == subject and received.message["Content-Language"] == language
        assert from_the_site(received)
        [link] = links_in(received.text)
        assert "/me/" in link and opens(client, link)
    assert links_in(to_asha.text) != links_in(to_ravi.text)  # each their own page


def test_a_new_officials_set_password_link_arrives_and_opens_the_form(
    client, site, tournament, secretary, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invitations.create_and_invite(
            tournament,
            "umpire",
            name="Chandra Iyer",
            email="chandra@example.org",
            invited_by=secretary,
            site="http://forged-host.example",  # the request's Host: never used when DJANGO_SITE_URL is set
        )
    [received] = site.to("chandra@example.org")
    assert from_the_site(received) and received.message["Content-Language"] == "fr"
    with translation.override("fr"):
        subject = INVITATION["umpire"] % invitations.invitation_names(tournament.invitations.get())
    # A long encoded subject may be folded right after "Subject:": unfolded, its leading space means nothing.
    assert received.message["Subject"].strip() == subject and "forged-host" not in received.text
    set_password, account = links_in(received.text)
    assert "/accounts/reset/" in set_password and account == f"{SITE}/account/"
    answer = client.get(set_password, follow=True)
    assert answer.status_code == 200 and 'name="new_password1"' in answer.content.decode()


def test_the_personal_links_arrive_each_to_its_player(
    client, site, tournament, match, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert queue_link_mails(tournament) == 2
    for address, player, language in (("asha@example.org", "Asha Rao", "fr"), ("ravi@example.org", "Ravi Kumar", "de")):
        [received] = site.to(address)
        assert from_the_site(received) and received.message["Content-Language"] == language
        with translation.override(language):
            subject, _body = slips.link_message(tournament, PlayerFactory.build(first_name="x"))
        assert received.message["Subject"].strip() == subject and player in received.text
        [link] = links_in(received.text)
        assert opens(client, link) and player in client.get(link).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        queue_link_mails(tournament)  # pressed again: the same links are not mailed twice
    assert len(site.messages) == 2
