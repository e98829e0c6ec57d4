"""The services behind one entry (tournaments.entry_services): a late entry, a player's corrections copied to
every entry of theirs, a seed, removing before the draw only, withdrawing and reinstating."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.errors import Conflict, ServiceError
from stages.models import Stage
from stages.services import draw_stage
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, StageFactory
from tournaments import entry_services
from tournaments.models import Club, Entry, Event, Player
from tournaments.services import withdraw_entry

pytestmark = pytest.mark.django_db


def test_a_late_singles_entry_with_a_new_player_makes_the_player_and_finds_the_club_whatever_its_case(tournament):
    event = EventFactory(tournament=tournament)
    club = ClubFactory(name="Club Étoile")
    entry = entry_services.add_late_entry(
        event,
        new_players=[
            {"first_name": " Asha ", "last_name": "Rao", "club": "club étoile", "country": "ind", "rating": 1510}
        ],
        seed=3,
    )
    player = entry.players.get()
    assert (entry.name, entry.seed) == ("Asha Rao", 3)
    assert (player.club, player.country, player.rating) == (club, "IND", 1510)
    assert Club.objects.count() == 1


def test_a_late_entry_reuses_a_known_player_by_name_and_country(tournament):
    known = PlayerFactory(first_name="Ravi", last_name="Kumar", country="IND")
    event = EventFactory(tournament=tournament)
    entry = entry_services.add_late_entry(
        event, new_players=[{"first_name": "ravi", "last_name": "KUMAR", "country": "IND"}]
    )
    assert list(entry.players.all()) == [known]
    assert Player.objects.count() == 1


def test_a_late_doubles_entry_takes_a_known_and_a_new_player_in_member_order(tournament):
    event = EventFactory(tournament=tournament, kind=Event.Kind.DOUBLES)
    known = PlayerFactory(first_name="Asha", last_name="Rao")
    entry = entry_services.add_late_entry(event, [known], [{"first_name": "Ravi", "last_name": "Rao"}])
    assert entry.name == "Asha Rao & Ravi Rao"
    assert [m.player.first_name for m in entry.members.order_by("position")] == ["Asha", "Ravi"]


@pytest.mark.parametrize(
    ("players", "field", "message"),
    [
        ([], "players", r"a singles entry needs 1 player\(s\)"),
        ([{"first_name": ""}], "first_name", "first name"),
        ([{"first_name": "A", "country": "India"}], "country", "three letters"),
        ([{"first_name": "A", "rating": -5}], "rating", "0 or more"),
        ([{"first_name": "A" * 81}], "first_name", "at most 80"),
    ],
)
def test_a_late_entry_with_bad_input_is_refused_on_its_field_and_saves_nothing(tournament, players, field, message):
    event = EventFactory(tournament=tournament)
    with pytest.raises(ServiceError, match=message) as refused:
        entry_services.add_late_entry(event, new_players=players)
    assert refused.value.field == field
    assert not Entry.objects.exists() and not Player.objects.exists()


def test_a_late_entry_is_refused_a_taken_seed_and_a_player_already_entered(tournament):
    event = EventFactory(tournament=tournament)
    first = EntryFactory(event=event, seed=1)
    with pytest.raises(ServiceError, match="Seed 1 already belongs to") as refused:
        entry_services.add_late_entry(event, new_players=[{"first_name": "New"}], seed=1)
    assert refused.value.field == "seed"
    with pytest.raises(ServiceError, match="is already entered in"):
        entry_services.add_late_entry(event, players=[first.players.get()])
    assert event.entries.count() == 1 and Player.objects.count() == 1


def test_correcting_a_name_renames_every_entry_of_the_player_in_every_event(tournament):
    player = PlayerFactory(first_name="Asha", last_name="Roa")
    singles = EntryFactory(event=EventFactory(tournament=tournament), members=[player])
    doubles = EntryFactory(
        event=EventFactory(tournament=tournament, kind="doubles"),
        members=[PlayerFactory(first_name="Ravi", last_name="Rao"), player],
    )
    untouched = EntryFactory(event=singles.event)
    before = untouched.name
    entry_services.update_player(player, last_name="Rao", club="New Club", country="fra", rating=1400)
    singles.refresh_from_db(), doubles.refresh_from_db(), untouched.refresh_from_db(), player.refresh_from_db()
    assert singles.name == "Asha Rao"
    assert doubles.name == "Ravi Rao & Asha Rao"
    assert untouched.name == before
    assert (player.club.name, player.country, player.rating) == ("New Club", "FRA", 1400)


def test_renaming_a_player_in_many_entries_takes_a_fixed_number_of_queries(tournament):
    player = PlayerFactory()
    for _ in range(3):
        EntryFactory(event=EventFactory(tournament=tournament), members=[player])
    with CaptureQueriesContext(connection) as few:
        entry_services.update_player(player, first_name="One")
    for _ in range(10):
        EntryFactory(event=EventFactory(tournament=tournament), members=[player])
    with CaptureQueriesContext(connection) as many:
        entry_services.update_player(player, first_name="Two")
    assert len(many) == len(few)


def test_renaming_a_player_stamps_the_pages_of_their_tournaments(tournament, django_capture_on_commit_callbacks):
    player = PlayerFactory()
    EntryFactory(event=EventFactory(tournament=tournament), members=[player])
    before = tournament.page_version
    connection.pending_page_stamps = None  # what the factories changed waits for a commit that never comes
    with django_capture_on_commit_callbacks(execute=True):
        entry_services.update_player(player, first_name="Corrected")
    tournament.refresh_from_db()
    assert tournament.page_version != before


def test_a_seed_is_changed_unless_another_entry_has_it(tournament):
    event = EventFactory(tournament=tournament)
    first, second = EntryFactory(event=event, seed=1), EntryFactory(event=event)
    assert entry_services.set_seed(second, 2).seed == 2
    with pytest.raises(ServiceError, match="Seed 1 already belongs to"):
        entry_services.set_seed(second, 1)
    assert entry_services.set_seed(first, None).seed is None
    assert entry_services.set_seed(second, 1).seed == 1


def test_an_entry_is_removed_before_the_draw_but_not_after(tournament):
    event = EventFactory(tournament=tournament)
    entries = [EntryFactory(event=event) for _ in range(4)]
    stage = StageFactory(event=event, kind=Stage.Kind.ROUND_ROBIN)
    player = entries[0].players.get()
    entry_services.remove_entry(entries[0])
    assert not Entry.objects.filter(pk=entries[0].pk).exists()
    assert Player.objects.filter(pk=player.pk).exists()  # the player stays
    draw_stage(stage)
    with pytest.raises(Conflict, match="has been drawn: withdraw the entry instead"):
        entry_services.remove_entry(entries[1])
    assert event.entries.count() == 3


def test_withdrawing_and_reinstating_is_allowed_at_any_time_and_told_once(tournament):
    entry = EntryFactory(event=EventFactory(tournament=tournament))
    stale = Entry.objects.get(pk=entry.pk)
    assert withdraw_entry(entry).withdrawn is True
    assert withdraw_entry(stale, True).withdrawn is True  # already withdrawn: nothing changes
    assert withdraw_entry(entry, False).withdrawn is False
    entry.refresh_from_db()
    assert entry.withdrawn is False


def test_update_entry_saves_seed_and_corrections_all_or_nothing(tournament):
    event = EventFactory(tournament=tournament)
    EntryFactory(event=event, seed=1)
    entry = EntryFactory(event=event)
    player = entry.players.get()
    name = player.first_name
    with pytest.raises(ServiceError):
        entry_services.update_entry(entry, [(player, {"first_name": "Changed"})], seed=1)
    player.refresh_from_db()
    assert player.first_name == name
    entry = entry_services.update_entry(entry, [(player, {"first_name": "Changed"})], seed=2)
    assert (entry.seed, entry.name) == (2, f"Changed {player.last_name}")
