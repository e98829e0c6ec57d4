import pytest
from django.core.management import CommandError, call_command

from tests.factories import EventFactory, PlayerFactory
from tournaments.importing import ImportFailed
from tournaments.models import Club, Entry, EntryMember, Player
from tournaments.services import import_entries

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
