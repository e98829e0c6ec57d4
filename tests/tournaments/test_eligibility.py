"""Who may enter an event (tournaments.eligibility): each rule refuses with its reason, naming the player and the
rule, on the secretary's "Add an entry", on every row of an import and on a team's roster; a player without the
fact a rule reads is told what is missing; an exception the secretary admits lets that one player in."""

import io
from datetime import date

import pytest
from django.utils import translation

from core.errors import ServiceError
from tests.factories import ClubFactory, EventFactory, PlayerFactory, UserFactory
from tournaments import eligibility
from tournaments.eligibility import check_eligible
from tournaments.entry_services import add_late_entry
from tournaments.importing import ImportFailed
from tournaments.models import EligibilityException, Entry, Event
from tournaments.services import import_entries
from tournaments.teams import enter_team

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """The messages are read in English, whatever language a test before left active in this worker."""
    with translation.override("en"):
        yield


def refusal(event, players, federation=None):
    with pytest.raises(ServiceError) as refused:
        check_eligible(event, players, federation)
    return refused.value


@pytest.fixture
def event(tournament):
    return EventFactory(tournament=tournament, name="Juniors")


def test_no_rule_admits_everyone(event):
    check_eligible(event, [PlayerFactory(sex="", date_of_birth=None, country="")])


def test_women_only_refuses_a_man_and_a_player_of_no_recorded_sex(event):
    eligibility.set_eligibility(event, sex="F")
    check_eligible(event, [PlayerFactory(sex="F")])
    man = PlayerFactory(first_name="Ravi", last_name="Kumar", sex="M")
    error = refusal(event, [man])
    assert (error.field, error.message) == ("players", "Ravi Kumar may not enter Juniors: Women only.")
    unknown = PlayerFactory(first_name="Sam", last_name="Lee", sex="")
    assert refusal(event, [unknown]).message == (
        "Sam Lee may not enter Juniors: Women only. No sex is recorded for the player."
    )


def test_men_only(event):
    eligibility.set_eligibility(event, sex="M")
    assert "Men only." in refusal(event, [PlayerFactory(sex="F")]).message


def test_juniors_born_on_or_after_a_date(event):
    eligibility.set_eligibility(event, born_on_or_after=date(2008, 1, 1))
    check_eligible(event, [PlayerFactory(date_of_birth=date(2008, 1, 1))])
    old = PlayerFactory(first_name="Asha", last_name="Rao", date_of_birth=date(2007, 12, 31))
    assert refusal(event, [old]).message == (
        "Asha Rao may not enter Juniors: Born on or after Jan. 1, 2008. Born Dec. 31, 2007."
    )
    unborn = PlayerFactory(first_name="Asha", last_name="Das", date_of_birth=None)
    assert refusal(event, [unborn]).message == (
        "Asha Das may not enter Juniors: Born on or after Jan. 1, 2008. No date of birth is recorded for the player."
    )


def test_veterans_born_on_or_before_a_date(event):
    eligibility.set_eligibility(event, born_on_or_before=date(1976, 6, 30))
    check_eligible(event, [PlayerFactory(date_of_birth=date(1976, 6, 30))])
    young = PlayerFactory(date_of_birth=date(1976, 7, 1))
    assert "Born on or before June 30, 1976. Born July 1, 1976." in refusal(event, [young]).message


def test_residence_reads_the_country_and_nationality_the_citizenship(event):
    eligibility.set_eligibility(event, countries="ind, sri")
    resident = PlayerFactory(country="IND", nationality="FRA")
    check_eligible(event, [resident])
    assert refusal(event, [PlayerFactory(first_name="Jo", last_name="Ma", country="GER")]).message == (
        "Jo Ma may not enter Juniors: Residents of IND, SRI only. The player's is GER."
    )
    eligibility.set_eligibility(event, countries=["IND"], country_of="nationality")
    assert "Citizens of IND only. The player's is FRA." in refusal(event, [resident]).message
    check_eligible(event, [PlayerFactory(country="GER", nationality="IND")])
    assert "No country is recorded" in refusal(event, [PlayerFactory(country="", nationality="")]).message


def test_a_member_of_the_sending_federation_plays_for_a_club_that_is_it_or_belongs_to_it(event):
    federation = ClubFactory(name="All India Carrom Federation", is_federation=True)
    member_club = ClubFactory(name="Mumbai Carrom", federation=federation)
    other = ClubFactory(name="Paris Carrom", federation=ClubFactory(name="FFC", is_federation=True))
    eligibility.set_eligibility(event, federation_members=True)
    check_eligible(event, [PlayerFactory(club=federation)], federation)
    check_eligible(event, [PlayerFactory(club=member_club)], federation)
    outsider = PlayerFactory(first_name="Luc", last_name="Blanc", club=other)
    assert refusal(event, [outsider], federation).message == (
        "Luc Blanc may not enter Juniors: Members of All India Carrom Federation only (the federation sending the "
        "entry)."
    )
    # Without a sending federation, each player's own federation sends them: they must belong to one.
    check_eligible(event, [outsider])
    loner = PlayerFactory(first_name="Ana", last_name="Lima", club=ClubFactory(name="Lone Club"))
    assert refusal(event, [loner]).message == (
        "Ana Lima may not enter Juniors: Members of the sending federation only; Lone Club belongs to no federation."
    )
    assert "has no club" in refusal(event, [PlayerFactory(club=None)]).message


def test_an_exception_lets_one_player_in_and_records_who_when_and_why(event, secretary):
    eligibility.set_eligibility(event, sex="F")
    man = PlayerFactory(sex="M")
    exception = eligibility.admit_exception(event, man, "  Replaces an injured player  ", secretary)
    check_eligible(event, [man])
    assert (exception.reason, exception.admitted_by, exception.admitted_at is not None) == (
        "Replaces an injured player",
        secretary,
        True,
    )
    assert "Women only." in refusal(event, [PlayerFactory(sex="M")]).message  # the others still refused
    with pytest.raises(ServiceError, match="Say why"):
        eligibility.admit_exception(event, PlayerFactory(), " ", secretary)
    with pytest.raises(ServiceError, match="already admitted"):
        eligibility.admit_exception(event, man, "again", secretary)


def test_bad_rules_are_refused(event):
    with pytest.raises(ServiceError) as bad:
        eligibility.set_eligibility(event, countries="INDIA")
    assert bad.value.field == "countries"
    with pytest.raises(ServiceError) as bad:
        eligibility.set_eligibility(event, born_on_or_after=date(2010, 1, 1), born_on_or_before=date(2000, 1, 1))
    assert bad.value.field == "born_on_or_before"


# ---------------------------------------------------------------- every way in


def test_add_an_entry_is_refused_with_the_reason_and_writes_nothing(event):
    eligibility.set_eligibility(event, sex="F")
    with pytest.raises(ServiceError) as refused:
        add_late_entry(event, new_players=[{"first_name": "Ravi", "last_name": "Kumar", "country": "IND"}])
    assert "Ravi Kumar may not enter Juniors: Women only. No sex is recorded for the player." == refused.value.message
    assert not Entry.objects.filter(event=event).exists()
    add_late_entry(event, players=[PlayerFactory(sex="F")])


def test_a_doubles_entry_is_refused_for_either_partner(tournament):
    event = EventFactory(tournament=tournament, kind=Event.Kind.DOUBLES, name="Women's doubles")
    eligibility.set_eligibility(event, sex="F")
    woman, man = PlayerFactory(sex="F"), PlayerFactory(sex="M", first_name="Raj", last_name="Rao")
    with pytest.raises(ServiceError, match="Raj Rao may not enter Women's doubles: Women only."):
        add_late_entry(event, players=[woman, man])


IMPORT = """first_name,last_name,sex,date_of_birth,country,club
Asha,Rao,F,2009-04-01,IND,Mumbai Carrom
Ravi,Kumar,M,2010-02-02,IND,Mumbai Carrom
Meera,Das,F,,IND,
Lena,Hoffmann,F,2009-05-05,GER,Carrom Berlin
"""


def test_the_import_refuses_each_row_the_rules_refuse_with_its_line_and_writes_nothing(event):
    eligibility.set_eligibility(event, sex="F", born_on_or_after=date(2008, 1, 1), countries=["IND"])
    with pytest.raises(ImportFailed) as refused:
        import_entries(event, IMPORT)
    assert refused.value.errors == [
        "line 3: Ravi Kumar may not enter Juniors: Women only.",
        "line 4: Meera Das may not enter Juniors: Born on or after Jan. 1, 2008. No date of birth is recorded for "
        "the player.",
        "line 5: Lena Hoffmann may not enter Juniors: Residents of IND only. The player's is GER.",
    ]
    assert not Entry.objects.filter(event=event).exists()


def test_the_import_admits_an_excepted_known_player_and_reads_new_players_clubs_for_a_federation(event, secretary):
    federation = ClubFactory(name="AICF", is_federation=True)
    ClubFactory(name="Mumbai Carrom", federation=federation)
    ravi = PlayerFactory(first_name="Ravi", last_name="Kumar", country="IND", sex="M", club=None)
    eligibility.set_eligibility(event, federation_members=True)
    eligibility.admit_exception(event, ravi, "Guest of the host club", secretary)
    with pytest.raises(ImportFailed) as refused:
        import_entries(event, IMPORT)
    # Asha's club (Mumbai Carrom) belongs to AICF; Ravi is admitted; Meera has no club; Carrom Berlin is new.
    assert refused.value.errors == [
        "line 4: Meera Das may not enter Juniors: Members of the sending federation only; the player has no club.",
        "line 5: Lena Hoffmann may not enter Juniors: Members of the sending federation only; the player has no club.",
    ]
    summary = import_entries(event, IMPORT.replace("Meera,Das,F,,IND,\n", "").replace("Carrom Berlin", "AICF"))
    assert summary.entries_created == 3


def test_the_import_page_shows_the_refusal_of_each_row(client, secretary, event):
    eligibility.set_eligibility(event, sex="F")
    client.force_login(secretary)
    upload = io.BytesIO(IMPORT.encode())
    upload.name = "entries.csv"
    page = client.post(f"/t/{event.tournament.slug}/events/{event.pk}/import/", {"file": upload})
    text = page.content.decode()
    assert "line 3: Ravi Kumar may not enter Juniors: Women only." in text
    assert not Entry.objects.filter(event=event).exists()


def test_a_team_roster_is_refused_with_the_player_and_the_rule(tournament):
    event = EventFactory(tournament=tournament, kind=Event.Kind.TEAM_TIES, name="Nations Cup")
    eligibility.set_eligibility(event, born_on_or_before=date(1980, 12, 31))
    roster = [
        {"player": PlayerFactory(date_of_birth=date(1970, 1, 1)), "captain": True},
        {"player": PlayerFactory(first_name="Kid", last_name="Young", date_of_birth=date(2001, 1, 1))},
    ]
    with pytest.raises(ServiceError) as refused:
        enter_team(event, "India", roster, country="IND")
    assert refused.value.field == "roster"
    assert refused.value.message.startswith("Kid Young may not enter Nations Cup: Born on or before Dec. 31, 1980.")
    assert not Entry.objects.filter(event=event).exists()


def test_a_team_is_sent_by_its_club_s_federation(tournament):
    event = EventFactory(tournament=tournament, kind=Event.Kind.TEAM_TIES, name="Clubs Cup")
    federation = ClubFactory(name="FFC", is_federation=True)
    club = ClubFactory(name="Paris Carrom", federation=federation)
    other = ClubFactory(name="AICF", is_federation=True)
    eligibility.set_eligibility(event, federation_members=True)
    roster = [
        {"player": PlayerFactory(club=club), "captain": True},
        {"player": PlayerFactory(first_name="Om", last_name="Joshi", club=other)},
    ]
    with pytest.raises(ServiceError, match="Om Joshi may not enter Clubs Cup: Members of FFC only"):
        enter_team(event, "Paris", roster, country="FRA", club="Paris Carrom")
    roster[1]["player"] = PlayerFactory(club=federation)
    assert enter_team(event, "Paris", roster, country="FRA", club="Paris Carrom").members.count() == 2


# ---------------------------------------------------------------- page and API


def test_the_eligibility_page_saves_the_rules_and_admits_an_exception(client, secretary, event):
    client.force_login(secretary)
    url = f"/t/{event.tournament.slug}/events/{event.pk}/eligibility/"
    assert url in client.get(event.get_absolute_url()).content.decode()
    answer = client.post(
        url,
        {"sex": "F", "born_on_or_after": "2008-01-01", "countries": "IND FRA", "country_of": "residence"},
    )
    assert answer.status_code == 302
    page = client.get(url).content.decode()
    assert "Women only." in page and "Born on or after Jan. 1, 2008." in page and "Residents of IND, FRA only." in page
    PlayerFactory(first_name="Ravi", last_name="Kumar", country="IND")
    bad = client.post(url, {"exception": "1", "first_name": "Nobody", "last_name": "Here", "reason": "x"})
    assert bad.status_code == 400 and "No player of this name is known." in bad.content.decode()
    client.post(url, {"exception": "1", "first_name": "ravi", "last_name": "kumar", "reason": "Host's guest"})
    page = client.get(url).content.decode()
    assert "Ravi Kumar" in page and "Host&#x27;s guest" in page and secretary.username in page
    exception = EligibilityException.objects.get()
    client.post(url, {"revoke": str(exception.pk)})
    assert not EligibilityException.objects.exists()
    assert client.post(url, {"countries": "INDIA", "country_of": "residence"}).status_code == 400


def test_the_page_is_the_secretary_s(client, event):
    client.force_login(UserFactory(secretary=True))
    assert client.get(f"/t/{event.tournament.slug}/events/{event.pk}/eligibility/").status_code == 403


def test_the_api_reads_and_replaces_the_rules_and_admits_exceptions(api_client, secretary, event):
    url = f"/api/tournaments/{event.tournament.slug}/events/{event.pk}/eligibility/"
    api_client.force_authenticate(secretary)
    assert api_client.get(url).json()["rules"] == []
    body = {"sex": "M", "born_on_or_before": "1976-06-30", "countries": ["ind"], "country_of": "nationality"}
    answer = api_client.put(url, body, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["rules"] == ["Men only.", "Born on or before June 30, 1976.", "Citizens of IND only."]
    assert answer.json()["countries"] == ["IND"]
    assert api_client.put(url, {"countries": ["FRANCE"]}, format="json").status_code == 400
    player = PlayerFactory(sex="F")
    admitted = api_client.post(f"{url}exceptions/", {"player": player.pk, "reason": "Invited"}, format="json")
    assert admitted.status_code == 201
    assert api_client.get(url).json()["exceptions"][0]["admitted_by"] == secretary.username
    entries = f"/api/tournaments/{event.tournament.slug}/events/{event.pk}/entries/"
    refused = api_client.post(entries, {"players": [PlayerFactory(sex="F").pk]}, format="json")
    assert refused.status_code == 400 and "Men only." in str(refused.json())
    assert api_client.post(entries, {"players": [player.pk]}, format="json").status_code == 201
    api_client.force_authenticate(UserFactory(secretary=True))
    assert api_client.get(url).status_code in (403, 404)
