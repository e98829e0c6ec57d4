import gzip

import pytest
import yaml
from django.core.management import call_command

from history.championships.models import Championship, Prize
from history.sol.exporting import export_tournaments
from history.sol.import_tourneys import delete_tournament
from history.sol.importing import import_file
from stages.models import Match
from stages.placings import event_stage_placings
from stages.selectors import stage_standings
from tests.factories import EntryFactory, EventFactory
from tests.helpers import play_round_robin
from tests.history.sol import shapes
from tournaments.models import Club, Player, Tournament

pytestmark = pytest.mark.django_db


def fingerprint(tournament):
    """What a tournament is, in names and figures only (no database ids)."""
    event = tournament.events.get()
    stages = list(event.stages.order_by("order"))
    matches = [
        (m.stage.order, m.round.number, m.round.name, m.number, m.entry_a and m.entry_a.name,
         m.entry_b and m.entry_b.name, m.score_a, m.score_b, m.status, m.winner and m.winner.name,
         [(g.score_a, g.score_b) for g in m.games.all()],
         [(b.number, b.awarded_to, b.points, b.queen) for b in m.boards.all()])
        for m in Match.objects.filter(stage__event=event).order_by("stage__order", "round__number", "number")
    ]  # fmt: skip
    standings = [(row.name, row.points, row.buchholz, row.net_score) for row in stage_standings(stages[0])]
    return {
        "tournament": (tournament.guid, tournament.name, tournament.start_date, tournament.venue, tournament.status),
        "event": (event.name, event.kind, sorted(e.name for e in event.entries.all())),
        "stages": [(s.kind, s.status, s.qualifiers) for s in stages],
        "matches": matches,
        "standings": standings,
        "placings": [p.entry.name for p in event_stage_placings(event)],
        "prizes": list(Prize.objects.filter(event=event).values_list("place", "entry__name", "amount")),
        "championship": list(tournament.championships.values_list("guid", "name", "prize_scheme")),
    }


def test_round_trip_gives_the_same_tournament():
    import_file(shapes.as_yaml(shapes.sol5()))
    tournaments = list(Tournament.objects.order_by("start_date"))
    before = [fingerprint(t) for t in tournaments]
    data = export_tournaments(tournaments)
    for tournament in tournaments:
        delete_tournament(tournament)
    for model in (Championship, Player, Club):
        model.objects.all().delete()
    summary = import_file(data, "again.sol.gz")
    assert [fingerprint(t) for t in summary.tournaments] == before


def test_export_is_gzipped_yaml_in_sols_layout():
    import_file(shapes.as_yaml(shapes.sol5()))
    roma = Tournament.objects.get(guid=shapes.GUIDS["t1"])
    head, tourney = yaml.safe_load_all(gzip.decompress(export_tournaments([roma])))
    assert sorted(club["description"] for club in head["clubs"]) == ["Carrom Club Roma", "Federazione Carrom"]
    assert tourney["prized"] and tourney["finals"] == 1 and tourney["system"] == "swiss"
    finals = [m for m in tourney["matches"] if m.get("final")]
    assert [(m["turn"], m["score1"], m["score2"]) for m in finals] == [(4, 10, 25)]
    by_name = {head["players"][c["players"][0] - 1]["lastname"]: c for c in tourney["competitors"]}
    # SoL's own figures of the fixture (checked with SoL 5.26's loader)
    assert (by_name["Arno"]["points"], by_name["Arno"]["bucholz"], by_name["Arno"]["netscore"]) == (5, 9, 25)
    assert (by_name["Dotti"]["prize"], by_name["Enna"]["prize"]) == ("18.00", "11.00")


def test_own_tournament_exports_with_a_championship_of_its_own(tournament, tmp_path):
    event = EventFactory(tournament=tournament, name="Singles")
    for seed in (1, 2, 3):
        EntryFactory(event=event, seed=seed)
    play_round_robin(event, tournament.secretaries.first())
    target = tmp_path / "out.sol.gz"
    call_command("export_sol", tournament.slug, "-o", str(target))
    head, tourney = yaml.safe_load_all(gzip.decompress(target.read_bytes()))
    assert head["championships"][0]["description"].endswith("Singles")
    assert tourney["system"] == "roundrobin" and tourney["prized"]
    prizes = sorted((float(c["prize"]), c["points"]) for c in tourney["competitors"])
    assert prizes == [(14.0, 0), (16.0, 2), (18.0, 4)]


def test_delay_compatriots_goes_to_the_swiss_stage_and_back():
    documents = shapes.sol5()
    documents[1]["delaycompatriotpairing"] = 2
    import_file(shapes.as_yaml(documents))
    roma = Tournament.objects.get(guid=shapes.GUIDS["t1"])
    swiss, finals = roma.events.get().stages.order_by("order")
    assert (swiss.kind, swiss.delay_compatriots, finals.delay_compatriots) == ("swiss", 2, 0)
    milano = Tournament.objects.get(guid=shapes.GUIDS["t2"])
    assert milano.events.get().stages.get().delay_compatriots == 0  # its record says 0

    data = export_tournaments([roma])
    _head, tourney = yaml.safe_load_all(gzip.decompress(data))
    assert tourney["delaycompatriotpairing"] == 2
    delete_tournament(roma)
    (again,) = import_file(data, "again.sol.gz").tournaments
    assert again.events.get().stages.get(order=1).delay_compatriots == 2
