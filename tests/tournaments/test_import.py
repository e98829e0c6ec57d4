import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import EventFactory, PlayerFactory
from tournaments.importing import ImportFailed
from tournaments.models import Club, Entry, EntryMember, Player
from tournaments.services import add_entry, import_entries

pytestmark = pytest.mark.django_db

GOOD_SINGLES = """first_name,last_name,sex,date_of_birth,country,club,rating,seed
Asha,Rao,F,1990-04-01,IND,Mumbai Carrom,1850,1
Jonas,Becker,M,,GER,Carrom Berlin,1700,2
Marco,Bianchi,M,,ITA,,1600,
"""

GOOD_DOUBLES = """first_name,last_name,country,pair
Asha,Rao,IND,A
Ravi,Rao,IND,A
Jonas,Becker,GER,B
Lena,Hoffmann,GER,B
"""


def counts():
    return Player.objects.count(), Club.objects.count(), Entry.objects.count(), EntryMember.objects.count()


def test_singles_import_creates_players_clubs_and_seeded_entries():
    event = EventFactory()
    summary = import_entries(event, GOOD_SINGLES)
    assert (summary.entries_created, summary.players_created) == (3, 3)
    assert list(event.entries.values_list("name", "seed")) == [
        ("Asha Rao", 1),
        ("Jonas Becker", 2),
        ("Marco Bianchi", None),
    ]
    asha = Player.objects.get(last_name="Rao")
    assert (asha.sex, asha.rating, str(asha.date_of_birth), asha.club.name) == (
        "F",
        1850,
        "1990-04-01",
        "Mumbai Carrom",
    )


def test_doubles_import_keeps_partners_in_file_order():
    event = EventFactory(kind="doubles")
    import_entries(event, GOOD_DOUBLES)
    entry = event.entries.get(name__startswith="Jonas")
    assert [m.player.first_name for m in entry.members.order_by("position")] == ["Jonas", "Lena"]
    assert entry.name == "Jonas Becker & Lena Hoffmann"


def test_reimporting_the_same_file_creates_no_duplicates():
    event = EventFactory()
    import_entries(event, GOOD_SINGLES)
    before = counts()
    summary = import_entries(event, GOOD_SINGLES)
    assert counts() == before
    assert (summary.entries_created, summary.entries_unchanged) == (0, 3)


def test_existing_player_is_reused_case_insensitively():
    PlayerFactory(first_name="asha", last_name="RAO", country="IND")
    event = EventFactory()
    summary = import_entries(event, GOOD_SINGLES)
    assert summary.players_created == 2
    assert Player.objects.filter(last_name__iexact="rao").count() == 1


def test_bad_file_is_refused_whole_with_line_numbers_and_database_unchanged():
    event = EventFactory()
    import_entries(event, "first_name,last_name,country\nOld,Entry,IND\n")
    before = counts()
    bad = (
        "first_name,last_name,sex,country,rating,seed\n"
        "Good,Row,M,IND,1500,1\n"
        ",Nameless,M,IND,,\n"
        "Bad,Sex,X,IND,,\n"
        "Bad,Country,F,India,,\n"
        "Bad,Rating,F,IND,high,\n"
        "Dup,Seed,M,IND,,1\n"
    )
    with pytest.raises(ImportFailed) as failure:
        import_entries(event, bad)
    errors = failure.value.errors
    assert "line 3: first_name is required" in errors
    assert "line 4: sex must be M or F, not 'X'" in errors
    assert any(e.startswith("line 5: country must be a three-letter code") for e in errors)
    assert any(e.startswith("line 6: rating must be a whole number") for e in errors)
    assert "line 7: seed 1 is already given on line 2" in errors
    assert counts() == before


def test_conflict_found_only_against_the_database_rolls_back_new_players():
    event = EventFactory()
    import_entries(event, "first_name,last_name,country,seed\nAsha,Rao,IND,1\n")
    before = counts()
    # Line 2 is fine and would create a player; line 3 asks for a seed the database already gives Asha.
    with pytest.raises(ImportFailed) as failure:
        import_entries(event, "first_name,last_name,country,seed\nNew,Player,IND,\nOther,Person,IND,1\n")
    assert failure.value.errors == ["line 3: seed 1 already belongs to Asha Rao"]
    assert counts() == before


def test_doubles_pair_with_one_player_is_refused():
    event = EventFactory(kind="doubles")
    with pytest.raises(ImportFailed) as failure:
        import_entries(event, "first_name,last_name,pair\nAsha,Rao,A\nRavi,Rao,A\nSolo,Player,B\n")
    assert failure.value.errors == ["line 4: pair 'B' has 1 player(s); a doubles entry needs 2"]
    assert Entry.objects.count() == 0


def test_player_already_paired_with_someone_else_is_refused():
    event = EventFactory(kind="doubles")
    import_entries(event, GOOD_DOUBLES)
    with pytest.raises(ImportFailed) as failure:
        import_entries(event, "first_name,last_name,country,pair\nAsha,Rao,IND,X\nLena,Hoffmann,GER,X\n")
    assert "with other partners" in failure.value.errors[0]


def test_unknown_column_and_missing_header_are_refused():
    event = EventFactory()
    with pytest.raises(ImportFailed, match="unknown column"):
        import_entries(event, "first_name,nickname\nA,B\n")
    with pytest.raises(ImportFailed, match="header"):
        import_entries(event, "Asha,Rao\n")


def test_command_imports_and_reports_errors(tmp_path):
    event = EventFactory()
    good = tmp_path / "entries.csv"
    good.write_text(GOOD_SINGLES)
    call_command("import_entries", str(event.pk), str(good))
    assert event.entries.count() == 3

    bad = tmp_path / "bad.csv"
    bad.write_text("first_name,sex\nA,Q\n")
    with pytest.raises(CommandError, match="line 2: sex must be M or F"):
        call_command("import_entries", str(event.pk), str(bad))
    with pytest.raises(CommandError, match="No event"):
        call_command("import_entries", "999999", str(good))


def test_seed_given_on_reimport_updates_the_entry():
    event = EventFactory()
    import_entries(event, GOOD_SINGLES)
    summary = import_entries(event, GOOD_SINGLES.replace("ITA,,1600,", "ITA,,1600,3"))
    assert (summary.entries_created, summary.entries_updated, summary.entries_unchanged) == (0, 1, 2)
    assert event.entries.get(name="Marco Bianchi").seed == 3


def test_doubles_reimport_finds_the_pairs():
    event = EventFactory(kind="doubles")
    import_entries(event, GOOD_DOUBLES)
    before = counts()
    summary = import_entries(event, GOOD_DOUBLES)
    assert (summary.entries_created, summary.entries_unchanged, counts()) == (0, 2, before)


def test_club_is_matched_whatever_the_case_and_created_once():
    Club.objects.create(name="Mumbai Carrom")
    event = EventFactory()
    import_entries(event, "first_name,last_name,club\nAsha,Rao,MUMBAI CARROM\nRavi,Rao,Pune CC\nLena,Rao,pune cc\n")
    assert sorted(Club.objects.values_list("name", flat=True)) == ["Mumbai Carrom", "Pune CC"]
    assert {player.club.name for player in Player.objects.filter(first_name__in=["Ravi", "Lena"])} == {"Pune CC"}


def test_add_entry_names_the_entry_and_refuses_a_player_already_entered():
    event = EventFactory(kind="doubles")
    asha, ravi = PlayerFactory(first_name="Asha", last_name="Rao"), PlayerFactory(first_name="Ravi", last_name="Rao")
    entry = add_entry(event, [ravi, asha], seed=1)
    assert (entry.name, [m.player for m in entry.members.order_by("position")]) == ("Ravi Rao & Asha Rao", [ravi, asha])
    with pytest.raises(ImportFailed, match="Asha Rao is already entered"):
        add_entry(event, [asha, PlayerFactory()])


def entries_csv(count, kind):
    """`count` new entries (two players each in doubles, with a pair label) and 7 new clubs."""
    clubs = [f"Club {count}-{i % 7}" for i in range(count)]
    if kind == "singles":
        rows = [f"Player,Number {i:04d},IND,{clubs[i]},{i + 1}," for i in range(count)]
    else:
        rows = [f"Player,{side} {i:04d},IND,{clubs[i]},{i + 1},P{i}" for i in range(count) for side in "AB"]
    return "first_name,last_name,country,club,seed,pair\n" + "\n".join(rows) + "\n"


def import_queries(kind, count):
    """Queries of a first import of `count` entries into a new event, and of the same file again."""
    event = EventFactory(kind=kind)
    text = entries_csv(count, kind)
    with CaptureQueriesContext(connection) as first:
        assert import_entries(event, text).entries_created == count
    with CaptureQueriesContext(connection) as again:
        assert import_entries(event, text).entries_unchanged == count
    return len(first), len(again)


@pytest.mark.parametrize("kind, many", [("singles", 60), ("doubles", 30)])
def test_import_query_count_does_not_grow_with_the_rows(kind, many):
    # Up to 62 players stay within one bulk_create batch on SQLite (Django puts at most 999 variables in a query,
    # a player has 16 columns with its consent); past that it is one more query per batch, not per row.
    assert import_queries(kind, 10) == import_queries(kind, many)


def test_file_longer_than_a_lookup_chunk_is_found_again_whole():
    event = EventFactory()
    text = entries_csv(1_100, "singles")
    assert import_entries(event, text).players_created == 1_100
    summary = import_entries(event, text)
    assert (summary.players_created, summary.entries_created, summary.entries_unchanged) == (0, 0, 1_100)
