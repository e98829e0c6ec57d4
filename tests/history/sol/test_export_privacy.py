"""A SoL file carries the players' dates of birth only for those who may read them (tournaments.privacy): the
tournament's secretaries and chief referees, and `manage.py export_sol`; never the public, its umpires, nor the
secretary of another tournament (who looks every player up, but reads no date of birth)."""

import gzip
from datetime import date

import pytest
import yaml
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db

BORN = date(1987, 6, 23)


@pytest.fixture
def people(tournament, umpire):
    """The tournament's chief referee, a fan, and a secretary of another tournament; two players, born on BORN."""
    chief, fan, elsewhere = UserFactory(), UserFactory(), UserFactory(secretary=True)
    tournament.chief_referees.add(chief)
    TournamentFactory().secretaries.add(elsewhere)
    event = EventFactory(tournament=tournament)
    for _ in range(2):
        EntryFactory(event=event, members=[PlayerFactory(date_of_birth=BORN)])
    return {"anonymous": None, "fan": fan, "umpire": umpire, "elsewhere": elsewhere, "chief": chief}


def players_in(content):
    head, *_tourneys = yaml.safe_load_all(gzip.decompress(content))
    return head["players"]


def download(user, url):
    client = APIClient()
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return players_in(response.content)


def urls(tournament):
    return [f"/api/tournaments/{tournament.slug}/export.sol.gz", f"/t/{tournament.slug}/export.sol.gz"]


@pytest.mark.parametrize("who", ["anonymous", "fan", "umpire", "elsewhere"])
def test_the_public_an_umpire_and_another_secretary_get_no_date_of_birth(tournament, people, who):
    for url in urls(tournament):
        players = download(people[who], url)
        assert len(players) == 2 and all("birthdate" not in player for player in players), url


@pytest.mark.parametrize("who", ["secretary", "chief"])
def test_the_tournaments_secretaries_and_chief_referees_get_them(tournament, people, secretary, who):
    user = secretary if who == "secretary" else people[who]
    for url in urls(tournament):
        assert [player["birthdate"] for player in download(user, url)] == [BORN, BORN], url


def test_an_umpire_of_a_draft_gets_no_date_of_birth_either(tournament, people):
    tournament.status = "draft"
    tournament.save()
    for url in urls(tournament):
        assert all("birthdate" not in player for player in download(people["umpire"], url))
        assert APIClient().get(url).status_code == 404  # the public does not see a draft at all


def test_the_command_run_on_the_server_writes_every_date_of_birth(tournament, people, tmp_path):
    target = tmp_path / "out.sol.gz"
    call_command("export_sol", tournament.slug, "-o", str(target))
    assert [player["birthdate"] for player in players_in(target.read_bytes())] == [BORN, BORN]
