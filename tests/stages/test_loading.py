"""The light rows the standings and the Swiss pairing read (stages.loading, core.bulk) say what the models say."""

import random
from datetime import date

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from core.bulk import insert_rows
from stages.draws import swiss
from stages.loading import EntryRow, entry_rows, match_rows
from stages.models import Match, Round, Stage
from stages.selectors import entry_attribute, entry_rating, played_entries, stage_standings, with_players
from stages.services import pair_swiss_round, publish_round
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, RoundFactory, StageFactory
from tests.factories_history import EventRatingFactory, RateFactory

pytestmark = pytest.mark.django_db


def test_a_match_row_is_decided_exactly_when_the_match_is():
    stage = StageFactory()
    rnd = RoundFactory(stage=stage)
    number = 0
    for status in Match.Status.values:
        for withheld in (False, True):
            number += 1
            Match.objects.create(stage=stage, round=rnd, number=number, status=status, result_withheld=withheld)
    models = {m.pk: m.is_decided for m in stage.matches.all()}
    rows = {m.pk: m.is_decided for m in match_rows(stage.matches.all())}
    assert rows == models
    assert set(models.values()) == {True, False}


def test_entry_rows_read_ratings_countries_and_clubs_as_the_model_entries_do():
    """Doubles, an unrated partner, a rate of the event's rating before the tournament, a club-less player."""
    event = EventFactory(kind="doubles", tournament__start_date=date(2026, 12, 5))
    rating = EventRatingFactory(event=event).rating
    club = ClubFactory()
    rated = PlayerFactory(rating=1800, country="IND", club=club)
    RateFactory(rating=rating, player=rated, date=date(2026, 11, 1), rate=1650)
    RateFactory(rating=rating, player=rated, date=date(2026, 12, 20), rate=2100)  # after the start: not read
    pair = EntryFactory(event=event, members=[rated, PlayerFactory(rating=None, country="FRA", club=None)])
    EntryFactory(event=event, members=[PlayerFactory(rating=None, club=None), PlayerFactory(rating=1500)])
    EntryFactory(event=event, members=[PlayerFactory(rating=1400, club=club), PlayerFactory(rating=1601)])
    EntryFactory(event=event, members=[])

    rows = entry_rows(event.entries.all())
    models = list(with_players(event.entries.all()))
    assert [row.pk for row in rows] == [entry.pk for entry in models]
    assert rows == [
        EntryRow(e.pk, e.name, e.withdrawn, entry_rating(e), entry_attribute(e, "country"), entry_attribute(e, "club"))
        for e in models
    ]
    by_pk = {row.pk: row for row in rows}
    assert (by_pk[pair.pk].rating, by_pk[pair.pk].country) == (1650, "IND")  # the event's rate, not 1800


def test_inserted_rows_get_the_defaults_bulk_create_gives():
    stage = StageFactory()
    rnd = RoundFactory(stage=stage)
    (made,) = Match.objects.bulk_create([Match(stage=stage, round=rnd, number=1, table=3)])
    insert_rows(Match, ("stage", "round", "number", "table"), [(stage.pk, rnd.pk, 2, 3)])
    inserted = Match.objects.get(round=rnd, number=2)
    made.refresh_from_db()
    ignore = {"id", "number"}
    assert {k: v for k, v in model_to_dict(inserted).items() if k not in ignore} == {
        k: v for k, v in model_to_dict(made).items() if k not in ignore
    }
    assert inserted.updated_at is not None


def swiss_event(players, rounds, seed=3):
    event = EventFactory(rule_set="ecc")
    clubs = [ClubFactory() for _ in range(4)]
    rng = random.Random(seed)
    for i in range(players):
        player = PlayerFactory(rating=rng.randint(1000, 2000), club=clubs[i % 4], country=["IND", "FRA"][i % 2])
        EntryFactory(event=event, members=[player])
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=rounds + 1)
    for _ in range(rounds):
        rnd = publish_round(pair_swiss_round(stage, rng=rng))
        for match in rnd.matches.exclude(status=Match.Status.BYE):
            loser = rng.randrange(25)
            a_wins = rng.random() < 0.5
            match.score_a, match.score_b = (25, loser) if a_wins else (loser, 25)
            match.winner_id = match.entry_a_id if a_wins else match.entry_b_id
            match.status = Match.Status.CONFIRMED
            match.save()
    return stage


def test_the_standings_from_rows_are_the_standings_from_model_instances():
    stage = swiss_event(11, 3)
    matches = list(stage.matches.all())
    from_models = stage_standings(stage, played_entries(matches), matches)
    from_rows = stage_standings(stage, entry_rows(stage.event.entries.all()), match_rows(stage.matches.all()))
    assert from_rows == from_models


def test_the_paired_round_is_the_one_the_engine_gives_from_the_model_standings():
    """The service reads rows; paired from the model instances' standings, the engine gives the same round."""
    stage = swiss_event(13, 3)
    matches = list(stage.matches.all())
    entries = {e.pk: e for e in played_entries(matches)}
    competitors = [
        swiss.Competitor(
            row.id, row.name, row.points, row.buchholz, row.net_score, row.total_score, row.rating,
            entry_attribute(entries[row.id], "country"), entry_attribute(entries[row.id], "club"),
        )
        for row in stage_standings(stage, list(entries.values()), matches)
    ]  # fmt: skip
    expected = swiss.SwissPairer(stage.pairing_method).pair(
        competitors, played=[(m.entry_a_id, m.entry_b_id) for m in matches], round_no=4
    )
    rnd = pair_swiss_round(stage)
    paired = [(m.entry_a_id, m.entry_b_id) for m in rnd.matches.order_by("number")]
    assert paired == [*expected.pairs, (expected.bye, None)]
    bye = rnd.matches.get(entry_b=None)
    assert (bye.status, bye.winner_id, bye.score_a, bye.score_b) == (
        Match.Status.BYE, bye.entry_a_id, stage.bye_score_for, stage.bye_score_against,
    )  # fmt: skip
    assert rnd.status == Round.Status.DRAFT


@pytest.mark.parametrize("players", [9, 41])
def test_pairing_a_round_reads_and_writes_in_a_fixed_number_of_queries(players):
    stage = swiss_event(players, 2)
    with CaptureQueriesContext(connection) as queries:
        pair_swiss_round(stage)
    # The new matches go in one statement whatever their number (COPY on PostgreSQL, which is not logged).
    assert len(queries) == QUERIES_TO_PAIR[connection.vendor == "postgresql"]


# One of them asks which rating the event uses (none here): its members are then read without a rate each.
QUERIES_TO_PAIR = {False: 13, True: 12}


def test_pairing_a_round_pauses_the_garbage_collector_only_while_it_reads_and_pairs():
    import gc
    from unittest import mock

    from stages import services

    stage = swiss_event(9, 1)
    seen = []
    original = services.swiss_field

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return original(*args, **kwargs)

    with mock.patch.object(services, "swiss_field", spy):
        rnd = pair_swiss_round(stage)
    assert seen == [False] and gc.isenabled()
    assert rnd.matches.count() == 5
