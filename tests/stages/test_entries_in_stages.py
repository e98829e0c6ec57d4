"""Entries changed while an event is under way: a withdrawn entry is never paired, drawn or scheduled again (its
played matches stand); a late entry joins a Swiss stage from its next round with 0 points; a corrected name shows
on the stage page and in the standings at once."""

import random

import pytest
from django.db.models import Q
from django.urls import reverse

from core.errors import ServiceError
from matches.scoring.services import record_result
from stages.models import Match, Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import EntryFactory, EventFactory
from tournaments import entry_services
from tournaments.services import withdraw_entry

pytestmark = pytest.mark.django_db


def swiss_after_round_one(tournament, size=6):
    """An ECC Swiss stage of `size` entries whose round 1 is published and played (side A wins 25-10)."""
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for seed in range(1, size + 1):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=5)
    play(publish_round(pair_swiss_round(stage, random.Random(1))))
    return stage


def play(rnd):
    for match in rnd.matches.exclude(entry_b=None):
        record_result(match, [(25, 10)], confirm=True)


def in_round(rnd):
    return {e for m in rnd.matches.all() for e in (m.entry_a_id, m.entry_b_id)} - {None}


def test_a_withdrawn_entry_is_not_paired_in_the_next_swiss_round_and_its_played_match_stands(tournament):
    stage = swiss_after_round_one(tournament)
    gone = stage.matches.exclude(entry_b=None).first().entry_a
    withdraw_entry(gone)
    second = pair_swiss_round(stage, random.Random(2))
    assert gone.pk not in in_round(second)
    assert len(in_round(second)) == 5  # five left: one of them has the bye
    assert second.matches.filter(entry_b=None).count() == 1
    assert stage.matches.filter(round__number=1, entry_a=gone, status=Match.Status.CONFIRMED).exists()


def test_a_reinstated_entry_is_paired_again(tournament):
    stage = swiss_after_round_one(tournament)
    entry = stage.event.entries.first()
    withdraw_entry(entry)
    withdraw_entry(entry, False)
    assert entry.pk in in_round(pair_swiss_round(stage, random.Random(2)))


def test_a_late_entry_joins_a_swiss_stage_at_its_next_round_with_0_points(client, tournament):
    stage = swiss_after_round_one(tournament, size=5)  # round 1 had a bye; the late entry makes it even
    late = entry_services.add_late_entry(stage.event, new_players=[{"first_name": "Late", "last_name": "Comer"}])
    second = publish_round(pair_swiss_round(stage, random.Random(2)))
    assert late.pk in in_round(second)
    assert len(in_round(second)) == 6 and not second.matches.filter(entry_b=None).exists()
    # Paired as the 0-point entry it is: with one of the round-1 losers (0 points), not a winner.
    opponent = second.matches.get(Q(entry_a=late) | Q(entry_b=late))
    other = opponent.entry_b_id if opponent.entry_a_id == late.pk else opponent.entry_a_id
    assert not stage.matches.filter(round__number=1, winner_id=other).exists()
    url = f"/api/tournaments/{tournament.slug}/stages/{stage.pk}/standings/"
    rows = {row["name"]: row for row in client.get(url).json()["standings"]}
    assert rows["Late Comer"]["points"] == 0 and rows["Late Comer"]["played"] == 0
    page = client.get(reverse("stage-detail", args=[tournament.slug, stage.pk])).content.decode()
    assert "1 entry joined late (0 points)." in page


def test_a_stage_with_no_late_entry_says_nothing_of_them(client, tournament):
    stage = swiss_after_round_one(tournament)
    publish_round(pair_swiss_round(stage, random.Random(2)))
    page = client.get(reverse("stage-detail", args=[tournament.slug, stage.pk])).content.decode()
    assert "joined late" not in page


def test_a_corrected_name_shows_on_the_stage_page_and_in_the_standings(client, tournament):
    stage = swiss_after_round_one(tournament)
    publish_round(pair_swiss_round(stage, random.Random(2)))
    entry = stage.matches.filter(round__number=2).exclude(entry_b=None).first().entry_a
    player = entry.players.get()
    entry_services.update_player(player, first_name="Corrected", last_name="Name")
    page = client.get(reverse("stage-detail", args=[tournament.slug, stage.pk])).content.decode()
    assert page.count("Corrected Name") >= 2  # the standings and the latest round's pairings
    standings = client.get(f"/api/tournaments/{tournament.slug}/stages/{stage.pk}/standings/").json()["standings"]
    assert "Corrected Name" in [row["name"] for row in standings]


def test_round_robin_and_knockout_draws_leave_withdrawn_entries_out(tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    entries = [EntryFactory(event=event, seed=seed) for seed in range(1, 6)]
    withdraw_entry(entries[2])
    robin = Stage.objects.create(event=event, name="RR", kind=Stage.Kind.ROUND_ROBIN)
    draw_stage(robin)
    assert entries[2].pk not in {e for rnd in robin.rounds.all() for e in in_round(rnd)}
    bracket = Stage.objects.create(event=event, order=2, name="KO", kind=Stage.Kind.KNOCKOUT)
    draw_stage(bracket)
    assert entries[2].pk not in {e for rnd in bracket.rounds.all() for e in in_round(rnd)}


def test_withdrawing_from_a_drawn_knockout_advances_the_opponent_and_reinstating_undoes_it(tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    entries = [EntryFactory(event=event, seed=seed) for seed in range(1, 5)]
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    publish_stage(stage)
    first = stage.matches.get(round__number=1, entry_a=entries[0])  # seed 1 meets seed 4
    withdraw_entry(entries[3])
    first.refresh_from_db()
    # A bye: the opponent is through, and the match is neither called nor scheduled (both skip byes).
    assert (first.status, first.winner_id) == (Match.Status.BYE, entries[0].pk)
    final = stage.matches.get(round__name="final")
    assert final.entry_a_id == entries[0].pk
    withdraw_entry(entries[3], False)
    first.refresh_from_db()
    assert (first.status, first.winner_id) == (Match.Status.SCHEDULED, None)


def test_reinstating_is_refused_when_the_bracket_has_moved_on(tournament):
    event = EventFactory(tournament=tournament, rule_set="ecc")
    entries = [EntryFactory(event=event, seed=seed) for seed in range(1, 5)]
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    draw_stage(stage)
    publish_stage(stage)
    withdraw_entry(entries[3])
    other = stage.matches.get(round__number=1, entry_a=entries[1])
    record_result(other, [(25, 10)], confirm=True)
    record_result(stage.matches.get(round__name="final"), [(25, 10)], confirm=True)
    with pytest.raises(ServiceError, match="has already played on"):
        withdraw_entry(entries[3], False)
    entries[3].refresh_from_db()
    assert entries[3].withdrawn
