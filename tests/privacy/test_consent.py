"""A player's consent (tournaments.consent): recorded with its source and time; a private name shows as initials and
club, or as the public name the secretary chose, on every entry of the player; the officials keep the real name;
the API reads and writes it for the player's secretaries only."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from core.errors import ServiceError
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory
from tournaments.consent import record_consent
from tournaments.models import Entry, Player
from tournaments.teams import enter_team

pytestmark = pytest.mark.django_db


def test_a_player_never_asked_publishes_name_and_rating_but_no_portrait(private):
    assert (private.publish_name, private.publish_rating, private.publish_portrait) == (True, True, False)
    assert private.consent_source == "" and private.consent_at is None
    assert private.shown_name == "Zelda Quixotic" and private.shown_rating == 1711


def test_a_private_name_is_initials_and_club_on_every_entry_of_the_player(private, tournament):
    doubles = EventFactory(tournament=tournament, kind="doubles", name="Doubles")
    partner = PlayerFactory(first_name="Ravi", last_name="Rao")
    EntryFactory(event=doubles, members=[private, partner])
    player = record_consent(private, Player.ConsentSource.DELEGATE, publish_name=False)
    assert player.consent_source == "delegate" and player.consent_at is not None
    assert sorted(Entry.objects.filter(members__player=private).values_list("name", flat=True)) == [
        "Z. Q. (Mumbai CC)",
        "Z. Q. (Mumbai CC) & Ravi Rao",
    ]


def test_a_public_name_chosen_by_the_secretary_replaces_the_initials(private):
    record_consent(private, "secretary", publish_name=False, alias="  Player from Mumbai ")
    assert Entry.objects.get(members__player=private).name == "Player from Mumbai"
    record_consent(private, "signup", publish_name=True)
    assert Entry.objects.get(members__player=private).name == "Zelda Quixotic"  # agreed later: the name again


def test_a_consent_needs_its_source_and_a_public_name_that_fits(private):
    with pytest.raises(ServiceError) as refused:
        record_consent(private, "rumour", publish_name=False)
    assert refused.value.field == "consent_source"
    with pytest.raises(ServiceError) as refused:
        record_consent(private, "secretary", alias="x" * 81)
    assert refused.value.field == "alias"
    assert Player.objects.get(pk=private.pk).publish_name


def test_the_club_renamed_renames_the_entries_of_its_private_players(private, secretary):
    record_consent(private, "delegate", publish_name=False)
    client = APIClient()
    client.force_login(secretary)
    response = client.patch(f"/api/clubs/{private.club_id}/", {"name": "Bombay CC"}, format="json")
    assert response.status_code == 200, response.content
    assert Entry.objects.get(members__player=private).name == "Z. Q. (Bombay CC)"


def test_the_club_renamed_in_the_admin_renames_them_too(client, private):
    record_consent(private, "delegate", publish_name=False)
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    url = reverse("admin:tournaments_club_change", args=[private.club_id])
    response = client.post(url, {"name": "Bombay CC", "country": "IND"})
    assert response.status_code == 302, response.content
    assert Entry.objects.get(members__player=private).name == "Z. Q. (Bombay CC)"


def test_a_private_name_keeps_the_country_private_too(client, private, tournament):
    private.country = "IND"
    private.save()
    record_consent(private, "delegate", publish_name=False)
    assert Player.objects.get(pk=private.pk).shown_country == ""
    api = APIClient().get(f"/api/players/{private.pk}/").json()
    assert (api["first_name"], api["last_name"], api["country"]) == ("Z. Q. (Mumbai CC)", "", "")
    entry = Entry.objects.get(members__player=private)
    page = client.get(reverse("event-detail", args=[tournament.slug, entry.event_id])).content.decode()
    assert "Z. Q. (Mumbai CC)" in page and "IND" not in page


def test_the_officials_pages_keep_the_real_name(client, private, secretary, tournament):
    record_consent(private, "delegate", publish_name=False)
    entry = Entry.objects.get(members__player=private)
    client.force_login(secretary)
    page = client.get(reverse("entry-edit-page", args=[tournament.slug, entry.event_id, entry.pk])).content.decode()
    assert "<h1>Zelda Quixotic" in page and "shown as Z. Q. (Mumbai CC)" in page
    page = client.get(reverse("player-privacy", args=[tournament.slug, private.pk])).content.decode()
    assert "<h1>Zelda Quixotic</h1>" in page and "Z. Q. (Mumbai CC)" in page
    links = client.get(reverse("player-links", args=[tournament.slug])).content.decode()
    assert "Zelda Quixotic" in links


def test_the_check_in_desk_calls_players_by_their_real_names(client, league, secretary, tournament):
    private = Player.objects.get(last_name="Quixotic")
    record_consent(private, "delegate", publish_name=False)
    rnd = league.rounds.first()
    client.force_login(secretary)
    desk = client.get(reverse("round-checkin", args=[tournament.slug, rnd.pk])).content.decode()
    assert "Zelda Quixotic" in desk and "Z. Q. (Mumbai CC)" not in desk
    public = APIClient().get(reverse("round-detail", args=[tournament.slug, rnd.pk]))
    assert public.status_code == 200 and "Z. Q. (Mumbai CC)" in public.content.decode()
    assert "Quixotic" not in public.content.decode()


def test_the_privacy_page_records_consent_and_shows_the_form_again_on_bad_input(client, private, secretary, tournament):
    client.force_login(secretary)
    url = reverse("player-privacy", args=[tournament.slug, private.pk])
    bad = client.post(url, {"consent_source": "rumour", "publish_rating": "on"})
    assert bad.status_code == 400 and Player.objects.get(pk=private.pk).consent_source == ""
    response = client.post(url, {"consent_source": "signup", "publish_rating": "on", "alias": "Z from Mumbai"})
    assert response.status_code == 302
    player = Player.objects.get(pk=private.pk)
    assert (player.publish_name, player.publish_rating, player.publish_portrait) == (False, True, False)
    assert player.consent_source == "signup" and player.shown_name == "Z from Mumbai"


def test_only_the_players_secretaries_open_the_privacy_page(client, private, tournament):
    url = reverse("player-privacy", args=[tournament.slug, private.pk])
    assert client.get(url).status_code == 302  # to the login
    elsewhere = UserFactory(secretary=True)
    TournamentFactory().secretaries.add(elsewhere)
    client.force_login(elsewhere)
    assert client.get(url).status_code == 403
    other = TournamentFactory()
    other.secretaries.add(elsewhere)
    assert client.get(reverse("player-privacy", args=[other.slug, private.pk])).status_code == 404


# ---------------------------------------------------------------- API


def test_the_players_secretary_reads_and_writes_consent_through_the_api(private, secretary):
    client = APIClient()
    client.force_login(secretary)
    url = f"/api/players/{private.pk}/"
    response = client.patch(
        url, {"publish_name": False, "publish_rating": False, "consent_source": "delegate"}, format="json"
    )
    assert response.status_code == 200, response.content
    data = response.json()
    assert (data["first_name"], data["last_name"], data["rating"]) == ("Zelda", "Quixotic", 1711)
    assert data["shown_name"] == "Z. Q. (Mumbai CC)" and data["consent_source"] == "delegate" and data["consent_at"]
    assert Entry.objects.get(members__player=private).name == "Z. Q. (Mumbai CC)"
    bad = client.patch(url, {"consent_source": "rumour"}, format="json")
    assert bad.status_code == 400 and "consent_source" in bad.json()


def test_the_public_api_gives_the_shown_name_and_no_private_rating(private):
    record_consent(private, "delegate", publish_name=False, publish_rating=False)
    data = APIClient().get(f"/api/players/{private.pk}/").json()
    assert (data["first_name"], data["last_name"], data["rating"]) == ("Z. Q. (Mumbai CC)", "", None)
    assert "Quixotic" not in str(APIClient().get("/api/players/").json())


def test_another_secretary_may_not_change_the_consent(private):
    elsewhere = UserFactory(secretary=True)
    TournamentFactory().secretaries.add(elsewhere)
    client = APIClient()
    client.force_login(elsewhere)
    assert client.patch(f"/api/players/{private.pk}/", {"publish_name": False}, format="json").status_code == 403
    assert Player.objects.get(pk=private.pk).publish_name


def test_a_team_roster_names_a_private_player_by_the_shown_name_but_to_its_secretaries(private, secretary, tournament):
    event = EventFactory(tournament=tournament, kind="team_ties", name="Nations")
    roster = [{"player": private, "captain": True, "reserve": False}]
    roster += [{"player": PlayerFactory(), "captain": False, "reserve": False}]
    team = enter_team(event, "India", roster, "IND")
    record_consent(private, "delegate", publish_name=False)
    url = f"/api/tournaments/{tournament.slug}/events/{event.pk}/teams/{team.pk}/"
    assert APIClient().get(url).json()["roster"][0]["name"] == "Z. Q. (Mumbai CC)"
    assert Entry.objects.get(pk=team.pk).name == "India"  # a team keeps its own name
    client = APIClient()
    client.force_login(secretary)
    assert client.get(url).json()["roster"][0]["name"] == "Zelda Quixotic"
