"""The pairing sheet of a Swiss round prints each side's points before the round and its rating under its name,
as the stage page shows them (stages/_swiss_round.html)."""

import random

import pytest

from matches.scoring.services import record_result
from printing import pdf as printing
from printing import selectors as print_data
from stages.models import Stage
from stages.services import pair_swiss_round, publish_round
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tests.printing.test_pdf import pdf_text

pytestmark = pytest.mark.django_db


def test_the_second_rounds_sheet_shows_points_from_the_first_and_ratings(tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for seed, rating in enumerate((1900, 1800, 1700, None), 1):
        EntryFactory(event=event, seed=seed, members=[PlayerFactory(first_name=f"P{seed}", rating=rating)])
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    first = publish_round(pair_swiss_round(stage, random.Random(1)))
    winners = set()
    for match in first.matches.all():
        record_result(match, [(25, 10)], confirm=True)
        winners.add(match.entry_a_id)
    second = pair_swiss_round(stage, random.Random(2))
    _heading, sections = print_data.round_pairings(second)
    lines = [line for section in sections for line in section.lines]
    points = {e.name: ("2" if e.pk in winners else "0") for e in event.entries.all()}  # ECC: a win is 2
    ratings = {e.name: e.members.get().player.rating for e in event.entries.all()}
    for line in lines:
        for name, info in ((line.side_a, line.info_a), (line.side_b, line.info_b)):
            rating = ratings[name]
            assert info == f"{points[name]} pts" + (f" · {rating}" if rating else "")
    text = pdf_text(printing.pairing_sheet(_heading, sections, compress=False))
    assert f"\n{lines[0].side_a}\n{lines[0].info_a}\nv\n{lines[0].side_b}\n{lines[0].info_b}\n" in text


def test_a_round_robins_sheet_prints_no_points(tournament):
    from tests.factories import MatchFactory
    from tests.helpers import make_round

    rnd = make_round(tournament, kind=Stage.Kind.ROUND_ROBIN)
    MatchFactory(round=rnd, number=1)
    _heading, sections = print_data.round_pairings(rnd)
    assert [(line.info_a, line.info_b) for s in sections for line in s.lines] == [("", "")]
