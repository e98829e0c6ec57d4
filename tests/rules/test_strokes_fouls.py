"""Who a stroke is charged with a foul to (BoardState.fouled_by), what the statistics count: every foul each rule
set's laws name, whoever named it (ICF 63, 64(a), 72, 45(c); ECC 43; the office sheet's "Fouls"), and nothing else."""

import pytest

from tests.rules.strokes_board import S, play


def fouled(key, *strokes):
    return [state.fouled_by for state in play(key, *strokes).states]


@pytest.mark.parametrize("key", ["icf", "queen2"])
def test_icf_the_striker_pocketed_an_improper_stroke_and_a_named_foul_are_fouls(key):
    assert fouled(key, S(own=1), S(striker=True)) == [None, "A"]  # ICF 72(a): a Due
    assert fouled(key, S(own=1), S(own=1, foul="improper")) == [None, "A"]  # ICF 64(b): improper
    assert fouled(key, S(own=1), S(kind="foul", foul="foul", by="B")) == [None, "B"]  # ICF 63(b): out of turn


def test_icf_45c_an_improper_break_is_a_foul_without_a_due():
    assert fouled("icf", S(missed=True, striker=True)) == ["A"]
    assert fouled("icf", S(missed=True, foul="improper")) == ["A"]
    assert fouled("icf", S(missed=True), S(missed=True), S(missed=True)) == [None, None, None]  # ICF 45(b): none


def test_icf_the_opponents_cm_pocketed_is_no_foul():
    assert fouled("icf", S(own=1, opponent=1), S(opponent=1)) == [None, None]


def test_ecc_30_a_time_out_loses_the_turn_but_is_no_foul():
    assert fouled("ecc", S(own=1), S(kind="time_out")) == [None, None]
    assert fouled("icf", S(own=1), S(kind="time_out")) == [None, "A"]  # ICF 50 with 64(a)


def test_office_fouls_an_opponents_piece_the_final_piece_uncovered_and_three_failed_breaks():
    assert fouled("office", S(own=1), S(opponent=1)) == [None, "A"]
    assert fouled("office", S(own=8), S(own=1)) == [None, "A"]  # her final piece before the Queen is covered
    assert fouled("office", S(missed=True), S(missed=True), S(missed=True)) == [None, None, "A"]
    assert fouled("office", S(own=1), S(striker=True)) == [None, "A"]
