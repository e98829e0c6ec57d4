"""Players and clubs are shared by every tournament, but not everyone's to change or read: a secretary changes the
players (and clubs) of their own tournaments; a draft's players and anyone's date of birth stay with its officials."""

from datetime import date

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db

BORN = date(2001, 4, 9)


@pytest.fixture
def people(tournament, secretary):
    """`published` (entered in the published tournament), `drafted` (in a draft), `nowhere` (entered in none), and
    the users around them."""
    draft = TournamentFactory(status="draft")
    draft_secretary, draft_umpire, chief = UserFactory(secretary=True), UserFactory(), UserFactory()
    draft.secretaries.add(draft_secretary)
    draft.umpires.add(draft_umpire)
    tournament.chief_referees.add(chief)
    players = {name: PlayerFactory(date_of_birth=BORN) for name in ("published", "drafted", "nowhere")}
    EntryFactory(event=EventFactory(tournament=tournament), members=[players["published"]])
    EntryFactory(event=EventFactory(tournament=draft), members=[players["drafted"]])
    users = {
        "anonymous": None,
        "fan": UserFactory(),
        "draft_umpire": draft_umpire,
        "chief": chief,
        "secretary": secretary,
        "draft_secretary": draft_secretary,
        "superuser": UserFactory(is_superuser=True),
    }
    return players, users


def client_of(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def listed(players, user):
    """{player name: date of birth as listed} for the three players, as `user` reads /api/players/."""
    names = {player.pk: name for name, player in players.items()}
    rows = client_of(user).get("/api/players/?limit=100").json()["results"]
    return {names[row["id"]]: row["date_of_birth"] for row in rows if row["id"] in names}


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", {"published": None}),
        ("fan", {"published": None}),
        ("draft_umpire", {"published": None, "drafted": None}),
        ("chief", {"published": "2001-04-09", "drafted": None, "nowhere": None}),
        ("secretary", {"published": "2001-04-09", "drafted": None, "nowhere": None}),
        ("draft_secretary", {"published": None, "drafted": "2001-04-09", "nowhere": None}),
        ("superuser", {"published": "2001-04-09", "drafted": "2001-04-09", "nowhere": "2001-04-09"}),
    ],
)
def test_who_sees_which_players_and_whose_date_of_birth(people, role, expected):
    players, users = people
    assert listed(players, users[role]) == expected


def test_a_draft_players_page_is_not_found_by_the_public_and_shows_no_birth_date_to_a_fan(people):
    players, users = people
    assert client_of(None).get(f"/api/players/{players['drafted'].pk}/").status_code == 404
    shown = client_of(users["fan"]).get(f"/api/players/{players['published'].pk}/").json()
    assert shown["date_of_birth"] is None


def test_only_a_secretary_of_a_tournament_the_player_is_entered_in_changes_them(people):
    players, users = people
    published = players["published"]
    refused = client_of(users["draft_secretary"]).patch(f"/api/players/{published.pk}/", {"rating": 2400})
    assert refused.status_code == 403
    changed = client_of(users["secretary"]).patch(f"/api/players/{published.pk}/", {"rating": 1500})
    assert changed.status_code == 200 and changed.json()["date_of_birth"] == "2001-04-09"
    published.refresh_from_db()
    assert published.rating == 1500
    nowhere = f"/api/players/{players['nowhere'].pk}/"
    assert client_of(users["secretary"]).patch(nowhere, {"rating": 1}).status_code == 403
    assert client_of(users["superuser"]).patch(nowhere, {"rating": 1}).status_code == 200


def test_a_club_is_changed_by_a_secretary_of_a_tournament_it_hosts_or_has_players_in(people, tournament):
    players, users = people
    hosting = ClubFactory()
    tournament.host_club = hosting
    tournament.save()
    secretary, other = client_of(users["secretary"]), client_of(users["draft_secretary"])
    for club in (hosting, players["published"].club):
        assert other.patch(f"/api/clubs/{club.pk}/", {"country": "FRA"}).status_code == 403
        assert secretary.patch(f"/api/clubs/{club.pk}/", {"country": "FRA"}).status_code == 200
    assert other.patch(f"/api/clubs/{players['drafted'].club_id}/", {"country": "FRA"}).status_code == 200
    assert secretary.patch(f"/api/clubs/{ClubFactory().pk}/", {"country": "FRA"}).status_code == 403


def test_whoever_runs_tournaments_adds_a_player_and_enters_them_in_their_own(people, tournament):
    _, users = people
    secretary = client_of(users["secretary"])
    assert client_of(users["fan"]).post("/api/players/", {"first_name": "Asha"}).status_code == 403
    created = secretary.post("/api/players/", {"first_name": "Asha", "last_name": "Rao", "date_of_birth": "2000-01-02"})
    assert created.status_code == 201
    event = EventFactory(tournament=tournament)
    entries = f"/api/tournaments/{tournament.slug}/events/{event.pk}/entries/"
    entered = secretary.post(entries, {"players": [created.json()["id"]]}, format="json")
    assert entered.status_code == 201
    shown = secretary.get(f"/api/players/{created.json()['id']}/").json()
    assert shown["date_of_birth"] == "2000-01-02"
