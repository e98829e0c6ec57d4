import datetime
import io
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from PIL import Image

from history.championships.models import Championship, Prize
from history.ratings.models import EventRating, Rate, Rating
from history.sol.importing import import_file
from history.sol.models import Picture, PlayerAlias
from history.sol.reading import SolFileError
from stages.models import Match, Stage
from stages.placings import event_stage_placings
from stages.selectors import stage_standings
from tests.factories import PlayerFactory
from tests.history.sol import shapes
from tournaments.models import Club, Entry, Player, Tournament

pytestmark = pytest.mark.django_db


def counts():
    models = (Club, Player, Tournament, Match, Championship, Prize, Rating, Rate, PlayerAlias, EventRating)
    return {model.__name__: model.objects.count() for model in models}


def row_ids():
    return [sorted(model.objects.values_list("pk", flat=True)) for model in (Tournament, Entry, Match)]


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(shapes.as_yaml(shapes.sol5()), id="sol5-yaml"),
        pytest.param(shapes.as_json(shapes.sol5()), id="sol5-json"),
        pytest.param(shapes.gzipped(shapes.as_yaml(shapes.sol4())), id="sol4-yaml-gz"),
        pytest.param(shapes.gzipped(shapes.as_json(shapes.sol4())), id="sol4-json-gz"),
        pytest.param(shapes.as_yaml(shapes.sol3()), id="sol3-yaml"),
        pytest.param(shapes.backup(shapes.as_yaml(shapes.sol5())), id="sol5-backup-zip"),
    ],
)
def test_every_shape_brings_the_same_history(data):
    summary = import_file(data)
    assert [t.name for t in summary.tournaments] == ["Torneo di Roma", "Torneo di Milano"]
    roma = Tournament.objects.get(guid=shapes.GUIDS["t1"])
    assert roma.start_date == datetime.date(2024, 5, 1)
    assert roma.status == Tournament.Status.FINISHED
    assert roma.host_club.name == "Carrom Club Roma"
    event = roma.events.get()
    swiss, finals = event.stages.order_by("order")
    assert (swiss.kind, swiss.status, swiss.rounds.count()) == (Stage.Kind.SWISS, Stage.Status.FINISHED, 3)
    assert finals.kind == Stage.Kind.KNOCKOUT and finals.source == swiss
    final = finals.matches.get()
    assert (final.entry_a.name, final.entry_b.name, final.score_a, final.score_b) == ("Ann Arno", "Dan Dotti", 10, 25)
    assert final.winner == final.entry_b
    # our placings put the final's winner first, then SoL's Swiss order
    names = [p.entry.name for p in event_stage_placings(event)]
    assert names[:3] == ["Dan Dotti", "Ann Arno", "Cid Conti"]
    prizes = dict(Prize.objects.filter(event=event).values_list("entry__name", "amount"))
    assert prizes["Dan Dotti"] == Decimal(18) and prizes["Eva Enna"] == Decimal(11)
    first = swiss.matches.get(round__number=1, number=1)
    assert [(b.awarded_to, b.points, b.total_a, b.total_b) for b in first.boards.all()] == [
        ("A", 12, 12, 0),
        ("B", 7, 12, 7),
        ("A", 13, 25, 7),
    ]
    milano = Tournament.objects.get(guid=shapes.GUIDS["t2"])
    assert milano.status == Tournament.Status.PUBLISHED
    assert milano.events.get().entries.count() == 6
    assert not Match.objects.filter(stage__event__tournament=milano).exists()


def test_federation_players_ratings_and_championship():
    import_file(shapes.as_yaml(shapes.sol5()))
    federation = Club.objects.get(guid=shapes.GUIDS["fed"])
    assert federation.is_federation and federation.country == "ITA"
    bob = Player.objects.get(guid=shapes.GUIDS["bob"])
    assert (bob.club.name, bob.date_of_birth, bob.sex) == ("Carrom Club Roma", datetime.date(1985, 3, 4), "M")
    assert PlayerAlias.objects.get(guid=shapes.GUIDS["old_bob"]).player == bob
    rating = Rating.objects.get(guid=shapes.GUIDS["rating"])
    assert (rating.name, rating.level, rating.club, rating.outcomes) == ("Italian rating", "2", federation, "guido")
    assert sorted(Rate.objects.values_list("rate", flat=True)) == [1510, 1520, 1530]
    championship = Championship.objects.get(guid=shapes.GUIDS["champ"])
    assert (championship.club, championship.prize_scheme) == (federation, "fixed")
    assert championship.tournaments.count() == 2
    assert EventRating.objects.filter(rating=rating).count() == 2


def test_backup_pictures_go_to_storage_as_clean_copies():
    buffer = io.BytesIO()
    Image.new("RGB", (8, 6), (0, 90, 40)).save(buffer, "PNG")
    emblem = buffer.getvalue() + b"PK\x03\x04<html><script>alert(1)</script>"  # a PNG that is a zip and a page too
    import_file(shapes.backup(shapes.as_yaml(shapes.sol5()), {"emblems/fed.png": emblem}))
    picture = Picture.objects.get(kind="emblem")
    assert picture.club.guid == shapes.GUIDS["fed"] and picture.image.name.endswith(".png")
    stored = picture.image.read()
    assert stored.startswith(b"\x89PNG") and b"PK" not in stored and b"<script" not in stored
    assert Image.open(io.BytesIO(stored)).size == (8, 6)


def test_a_backup_picture_that_is_no_image_is_left_out_and_the_rest_imported():
    import_file(shapes.backup(shapes.as_yaml(shapes.sol5()), {"emblems/fed.png": b"\x89PNG fed"}))
    assert not Picture.objects.exists()
    assert Club.objects.get(guid=shapes.GUIDS["fed"]).is_federation


def test_importing_again_changes_nothing():
    data = shapes.gzipped(shapes.as_yaml(shapes.sol5()))
    first = import_file(data)
    before = counts()
    ids = sorted(Match.objects.values_list("pk", flat=True)), sorted(Entry.objects.values_list("pk", flat=True))
    again = import_file(data)
    assert counts() == before
    assert ids == (
        sorted(Match.objects.values_list("pk", flat=True)),
        sorted(Entry.objects.values_list("pk", flat=True)),
    )
    assert (len(first.tournaments), first.skipped) == (2, 0)
    # the played one is skipped; the one not yet played is the same record, so it is kept as it is
    assert (len(again.tournaments), again.skipped, again.unchanged) == (0, 1, 1)


def test_a_tourney_not_yet_played_is_replaced_by_a_newer_record():
    documents = shapes.sol5()
    import_file(shapes.as_yaml(documents))
    milano = Tournament.objects.get(guid=shapes.GUIDS["t2"])
    documents[2]["competitors"] = documents[2]["competitors"][:4]
    documents[2]["location"] = "Milano, Palazzetto"
    import_file(shapes.as_yaml(documents))
    assert not Tournament.objects.filter(pk=milano.pk).exists()
    replaced = Tournament.objects.get(guid=shapes.GUIDS["t2"])
    assert (replaced.venue, replaced.events.get().entries.count()) == ("Milano, Palazzetto", 4)


def test_a_player_already_here_without_guid_is_merged_by_name_and_birth_date():
    ann = PlayerFactory(first_name="ann", last_name="ARNO", date_of_birth=datetime.date(1990, 1, 2), guid=None)
    cid = PlayerFactory(first_name="Cid", last_name="Conti", date_of_birth=None, guid=None)
    import_file(shapes.as_yaml(shapes.sol5()))
    ann.refresh_from_db()
    assert ann.guid == shapes.GUIDS["ann"]
    # without a date of birth a namesake is not taken for the same person
    cid.refresh_from_db()
    assert Player.objects.filter(last_name="Conti").count() == 2 and cid.guid is None


def test_a_merged_guid_means_the_player_it_was_merged_into():
    documents = shapes.sol5()
    old = PlayerFactory(first_name="Roberto", last_name="Berti", guid=shapes.GUIDS["old_bob"])
    import_file(shapes.as_yaml(documents))
    assert not Player.objects.filter(pk=old.pk).exists()
    assert Player.objects.filter(last_name="Berti").get().guid == shapes.GUIDS["bob"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x1f\x8bnot really gzip", "gzip"),
        (b"clubs: [unclosed", "YAML"),
        (b'[{"clubs": [}]', "JSON"),
        (b"just: a mapping\n", "not a SoL file"),
        (b"PK\x03\x04broken", "archive"),
    ],
)
def test_a_bad_file_gets_one_message(data, message):
    with pytest.raises(SolFileError, match=message):
        import_file(data)


def test_a_reference_to_nothing_leaves_nothing_behind():
    documents = shapes.sol5()
    documents[1]["matches"][4]["competitor2"] = 42
    with pytest.raises(SolFileError, match="competitor number 42"):
        import_file(shapes.as_yaml(documents))
    assert set(counts().values()) == {0}


def test_command_imports_and_fails_with_status_1(tmp_path, capsys):
    good = tmp_path / "good.sol.gz"
    good.write_bytes(shapes.gzipped(shapes.as_yaml(shapes.sol5())))
    bad = tmp_path / "bad.sol.gz"
    bad.write_bytes(b"plain text, not gzip")
    call_command("import_sol", str(good))
    assert "2 tournaments imported" in capsys.readouterr().out
    with pytest.raises(CommandError, match="bad.sol.gz was not imported: This is not a gzip file") as failure:
        call_command("import_sol", str(bad))
    assert failure.value.returncode == 1


def test_a_file_that_contradicts_itself_is_refused_whole():
    documents = shapes.sol5()
    documents[0]["players"][2]["guid"] = documents[0]["players"][3]["guid"]  # two people, one guid
    with pytest.raises(SolFileError, match="does not fit"):
        import_file(shapes.as_json(documents))
    assert set(counts().values()) == {0}


@pytest.mark.parametrize(("teams", "kind"), [([[1, 2], [3, 4], [5, 6]], "doubles"), ([[1, 2, 3, 4], [5, 6]], "teams")])
def test_doubles_and_teams_of_up_to_four_keep_their_players_in_order(teams, kind):
    documents = shapes.sol5()
    waiting = documents[2]
    waiting["competitors"] = [
        {"players": players, "points": 0, "bucholz": 0, "netscore": 0, "totscore": 0} for players in teams
    ]
    import_file(shapes.as_yaml(documents))
    event = Tournament.objects.get(guid=shapes.GUIDS["t2"]).events.get()
    assert event.kind == kind
    members = [
        [member.player.guid for member in entry.members.order_by("position")] for entry in event.entries.order_by("pk")
    ]
    keys = [key for key, *_rest in shapes.PEOPLE]
    assert members == [[shapes.GUIDS[keys[n - 1]] for n in players] for players in teams]


def test_a_bye_keeps_its_card_and_counts_the_phantom_score_in_net_score():
    # SoL counts a bye's net score from the tourney's phantom score (25) and its total from the card (1-0).
    documents = shapes.sol5()
    played = documents[1]
    played["matches"] = [m for m in played["matches"] if m["turn"] == 1 and m["competitor1"] != 5]
    played["matches"].append({"competitor1": 5, "turn": 1, "board": 3, "score1": 1, "score2": 0})
    import_file(shapes.as_yaml(documents))
    swiss = Tournament.objects.get(guid=shapes.GUIDS["t1"]).events.get().stages.get(order=1)
    bye = swiss.matches.get(entry_b=None)
    assert (bye.status, bye.score_a, bye.score_b) == (Match.Status.BYE, 1, 0)
    row = next(row for row in stage_standings(swiss) if row.id == bye.entry_a_id)
    assert (row.points, row.net_score, row.total_score) == (2, 25, 1)


def test_each_leg_of_a_best_of_three_final_is_a_game_with_its_own_boards():
    documents = shapes.sol5()
    played = documents[1]
    played["finalkind"] = "bestof3"
    first = played["matches"][-1]
    first["boards"] = [{"number": 1, "coins2": 9}]
    # The second leg names the finalists the other way round: its boards are seen from Dan's side.
    second = {"competitor1": 4, "competitor2": 1, "turn": 5, "board": 1, "score1": 7, "score2": 20, "final": True}
    second["boards"] = [{"number": 1, "coins2": 8, "queen": "2"}, {"number": 2, "coins1": 7}]
    played["matches"].append(second)
    import_file(shapes.as_yaml(documents))
    final = Match.objects.get(stage__event__tournament__guid=shapes.GUIDS["t1"], stage__order=2)
    assert [(g.number, g.score_a, g.score_b) for g in final.games.order_by("number")] == [(1, 10, 25), (2, 20, 7)]
    boards = final.boards.order_by("game_no", "number")
    assert [(b.game_no, b.number, b.winner, b.points, b.queen) for b in boards] == [
        (1, 1, "B", 9, ""),
        (2, 1, "A", 11, "covered_by_winner"),
        (2, 2, "B", 7, ""),
    ]
    assert [(b.total_a, b.total_b) for b in boards] == [(0, 9), (11, 0), (11, 7)]


def test_prizes_equal_on_every_figure_go_in_surname_order_as_sol_ranks_them():
    documents = shapes.sol5()
    documents[0]["players"][4]["lastname"] = "Zeta"  # Eva Zeta now comes after Fay Fumi
    competitors = documents[1]["competitors"]
    competitors[5].update({key: competitors[4][key] for key in ("points", "bucholz", "netscore", "totscore", "prize")})
    import_file(shapes.as_yaml(documents))
    places = Prize.objects.filter(event__tournament__guid=shapes.GUIDS["t1"]).order_by("place")
    assert [prize.entry.name for prize in places][-2:] == ["Fay Fumi", "Eva Zeta"]
