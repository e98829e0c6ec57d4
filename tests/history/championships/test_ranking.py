"""A championship's ranking as SoL computes it: prizes summed, the worst N skipped (absences first) only for rows
with more than N results, ordered by total, tournaments played, then names; doubles keyed by the ordered pair."""

import datetime
from decimal import Decimal

import pytest

from history.championships import selectors
from history.championships.models import Championship
from history.sol.importing import import_documents
from stages.services import finish_stage
from tests.factories import EntryFactory, EventFactory
from tests.helpers import play_round_robin
from tests.history.sol import shapes

pytestmark = pytest.mark.django_db


def tourney(number, month, results, prized=True):
    """A prized tourney of championship 1: results are (player numbers, prize, points)."""
    return {
        "guid": f"t{number:031d}",
        "championship": 1,
        "description": f"Tappa {number}",
        "date": datetime.date(2024, month, 10),
        "prized": prized,
        "system": "swiss",
        "competitors": [
            {
                "players": list(players),
                "prize": str(prize),
                "points": points,
                "bucholz": 0,
                "netscore": 0,
                "totscore": 0,
            }
            for players, prize, points in results
        ],
        "matches": [],
    }


def load(tourneys, scheme="fixed", skip=0, per_team=1):
    head = shapes.sol5()[0]
    head["championships"][0].update(prizes=scheme, skipworstprizes=skip, playersperteam=per_team)
    import_documents([head, *tourneys])
    return Championship.objects.get()


def table(championship):
    _columns, rows = selectors.ranking(championship)
    return [([p.first_name for p in row.players], row.points, row.played, row.skipped) for row in rows]


def test_worst_result_skipped_only_beyond_it_and_absences_go_first():
    championship = load(
        [
            tourney(1, 1, [((1,), 18, 6), ((2,), 16, 4), ((3,), 14, 2)]),
            tourney(2, 2, [((2,), 18, 6), ((1,), 16, 4), ((4,), 14, 2)]),
            tourney(3, 3, [((3,), 18, 6), ((2,), 16, 4)]),
            tourney(4, 4, [((1,), 18, 6)], prized=False),  # not prized: counts for nothing
        ],
        skip=1,
    )
    assert table(championship) == [
        # Bob played 3: his worst (16) is skipped; Ann played 2 and loses her absence; level on 34, Bob played more
        (["Bob"], Decimal(34), 3, [Decimal(16)]),
        (["Ann"], Decimal(34), 2, [Decimal(0)]),
        (["Cid"], Decimal(32), 2, [Decimal(0)]),
        # one result is not more than the one skipped: nothing is left out
        (["Dan"], Decimal(14), 1, []),
    ]


def test_asis_still_adds_the_prizes_not_the_points():
    championship = load([tourney(1, 1, [((1,), 2, 6), ((2,), 1, 8)])], scheme="asis")
    assert [row[:2] for row in table(championship)] == [(["Ann"], Decimal(2)), (["Bob"], Decimal(1))]


def test_a_pair_in_the_other_order_is_another_row_and_names_break_ties():
    championship = load(
        [tourney(1, 1, [((2, 1), 18, 6), ((3, 4), 16, 4)]), tourney(2, 2, [((1, 2), 18, 6)])], per_team=2
    )
    assert [(row[0], row[1]) for row in table(championship)] == [
        (["Ann", "Bob"], Decimal(18)),  # Arno before Berti
        (["Bob", "Ann"], Decimal(18)),
        (["Cid", "Dan"], Decimal(16)),
    ]


def test_ranking_api_and_guid_filter(api_client):
    championship = load([tourney(1, 1, [((1,), 18, 6), ((2,), 16, 4)]), tourney(2, 2, [((2,), 18, 6)])])
    listed = api_client.get("/api/championships/", {"guid": shapes.GUIDS["champ"]}).json()
    assert [c["id"] for c in listed["results"]] == [championship.pk]
    assert api_client.get("/api/championships/", {"guid": "nothing"}).json()["results"] == []
    rows = api_client.get(f"/api/championships/{championship.pk}/ranking/").json()
    assert rows[0]["players"][0]["guid"] == shapes.GUIDS["bob"]
    assert rows[0]["points"] == 34
    assert rows[0]["tournaments"] == [
        {"guid": "t" + "1".zfill(31), "slug": "tappa-1", "points": 16.0, "played": True},
        {"guid": "t" + "2".zfill(31), "slug": "tappa-2", "points": 18.0, "played": True},
    ]
    assert [t["played"] for t in rows[1]["tournaments"]] == [True, False]


def test_an_own_event_of_a_championship_is_prized_when_its_last_stage_finishes(tournament, secretary):
    championship = load([])
    championship.tournaments.add(tournament)
    event = EventFactory(tournament=tournament, name="Singles")
    for seed in (1, 2, 3):
        EntryFactory(event=event, seed=seed)
    stage = play_round_robin(event, secretary, finish=False)
    assert selectors.ranking(championship)[1] == []
    finish_stage(stage)
    columns, rows = selectors.ranking(championship)
    assert [column.event for column in columns] == [event]
    # the lowest seed wins every match: fixed prizes 18, 16, 14 in seed order
    assert [(row.players[0].pk, row.points) for row in rows] == [
        (entry.members.get().player_id, Decimal(prize))
        for entry, prize in zip(event.entries.order_by("seed"), (18, 16, 14), strict=True)
    ]
