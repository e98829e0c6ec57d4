"""ICF 102-112 and 121(b): special finishes, proper and improper. The striker is A unless said otherwise."""

import pytest

from rules.base import get_rule_set
from rules.board import BoardInput, SpecialEnding
from rules.errors import RuleError

ICF = get_rule_set("icf")


def special(situation, stroke="proper", a=0, b=0, coins=0, demanded=0, queen=None):
    ending = SpecialEnding(situation, "A", stroke, coins, demanded)
    return ICF.score_board(BoardInput({"A": a, "B": b}, queen=queen, special_ending=ending))


def outcome(result):
    return result.awarded_to, result.points


def test_icf_102a_proper_cover_with_both_last_cm_wins_3():
    result = special("cover_last_own_and_last_opp")
    assert outcome(result) == ("A", 3) and result.winner is None and result.law == "ICF 102(a)"


def test_icf_102a_proper_at_22_or_more_wins_1():
    assert outcome(special("cover_last_own_and_last_opp", a=22)) == ("A", 1)


def test_icf_102b_improper_opponent_wins_3_plus_demanded_point():
    assert outcome(special("cover_last_own_and_last_opp", "improper", demanded=1)) == ("B", 4)
    assert outcome(special("cover_last_own_and_last_opp", "improper", b=22, demanded=1)) == ("B", 2)


def test_icf_103a_proper_loses_own_cm_and_queen():
    assert outcome(special("cover_last_opp", coins=4)) == ("B", 7)


def test_icf_103a_opponent_at_22_gets_cm_only():
    assert outcome(special("cover_last_opp", b=22, coins=4)) == ("B", 4)


def test_icf_103b_improper_plus_one_on_demand():
    assert outcome(special("cover_last_opp", "improper", coins=4, demanded=1)) == ("B", 8)


def test_icf_104a_proper_queen_with_both_last_cm_wins_3():
    assert outcome(special("queen_last_own_last_opp")) == ("A", 3)
    assert outcome(special("queen_last_own_last_opp", a=24)) == ("A", 1)


def test_icf_104b_improper_opponent_wins_3_or_1_plus_demand():
    assert outcome(special("queen_last_own_last_opp", "improper")) == ("B", 3)
    assert outcome(special("queen_last_own_last_opp", "improper", b=22, demanded=1)) == ("B", 2)


def test_icf_104b_current_edition_tests_the_opponents_score():
    # Striker A at 23 does not matter: the opponent who wins "by 1 point" is tested (rules/README.md).
    assert outcome(special("queen_last_own_last_opp", "improper", a=23)) == ("B", 3)


def test_icf_105a_proper_opponent_awarded_3():
    assert outcome(special("last_own_last_opp_queen_on_board")) == ("B", 3)
    assert outcome(special("last_own_last_opp_queen_on_board", b=22)) == ("B", 1)


def test_icf_105b_improper_opponent_awarded_3_plus_1():
    assert outcome(special("last_own_last_opp_queen_on_board", "improper", demanded=1)) == ("B", 4)


def test_icf_106a_proper_loses_own_cm_plus_queen():
    result = special("last_opp_queen_on_board", coins=5)
    assert outcome(result) == ("B", 8) and (result.coin_points, result.queen_points) == (5, 3)


def test_icf_106a_opponent_at_22_cm_only():
    assert outcome(special("last_opp_queen_on_board", b=22, coins=5)) == ("B", 5)


def test_icf_106b_improper_plus_one_point_on_demand():
    assert outcome(special("last_opp_queen_on_board", "improper", coins=5, demanded=1)) == ("B", 9)


def test_icf_107a_proper_last_own_leaving_queen_loses_3():
    assert outcome(special("last_own_queen_on_board")) == ("B", 3)
    assert outcome(special("last_own_queen_on_board", b=22)) == ("B", 1)


def test_icf_107b_improper_plus_one_on_demand():
    assert outcome(special("last_own_queen_on_board", "improper", demanded=1)) == ("B", 4)


def test_icf_108a_proper_with_striker_loses_3_plus_one_demanded():
    assert outcome(special("last_own_with_striker_queen_on_board", demanded=1)) == ("B", 4)
    assert outcome(special("last_own_with_striker_queen_on_board", b=22, demanded=1)) == ("B", 2)


def test_icf_108b_improper_plus_two_on_demand():
    assert outcome(special("last_own_with_striker_queen_on_board", "improper", demanded=2)) == ("B", 5)


def test_icf_109a_proper_queen_both_last_cm_with_striker_loses_3():
    assert outcome(special("queen_last_own_last_opp_with_striker")) == ("B", 3)
    assert outcome(special("queen_last_own_last_opp_with_striker", b=22, demanded=1)) == ("B", 2)


def test_icf_109b_improper_plus_two():
    assert outcome(special("queen_last_own_last_opp_with_striker", "improper", demanded=2)) == ("B", 5)


def test_icf_110a_proper_queen_covered_by_striker_loses_1():
    key = "last_own_last_opp_with_striker_queen_covered_by_striker"
    assert outcome(special(key)) == ("B", 1)
    assert outcome(special(key, demanded=1)) == ("B", 2)


def test_icf_110b_improper_plus_two():
    key = "last_own_last_opp_with_striker_queen_covered_by_striker"
    assert outcome(special(key, "improper", demanded=2)) == ("B", 3)


def test_icf_111a_proper_last_opp_with_striker_loses_cm_plus_queen():
    assert outcome(special("last_opp_with_striker_queen_on_board", coins=6, demanded=1)) == ("B", 10)
    assert outcome(special("last_opp_with_striker_queen_on_board", b=22, coins=6)) == ("B", 6)


def test_icf_111b_improper_plus_two_capped_at_12():
    result = special("last_opp_with_striker_queen_on_board", "improper", coins=9, demanded=2)
    assert outcome(result) == ("B", 12) and result.capped


def test_icf_112a_proper_queen_covered_by_opponent_loses_3():
    key = "last_own_last_opp_with_striker_queen_covered_by_opponent"
    assert outcome(special(key, demanded=1)) == ("B", 4)
    assert outcome(special(key, b=22)) == ("B", 1)


def test_icf_112b_improper_plus_two():
    key = "last_own_last_opp_with_striker_queen_covered_by_opponent"
    assert outcome(special(key, "improper", demanded=2)) == ("B", 5)


def test_icf_121b_plays_on_during_appeal_loses_cm_and_queen_on_board():
    result = special("plays_on_during_appeal", coins=4, queen="on_board")
    assert outcome(result) == ("B", 7) and result.law == "ICF 121(b)"
    assert outcome(special("plays_on_during_appeal", coins=4, queen="covered_by_loser")) == ("B", 4)
    assert outcome(special("plays_on_during_appeal", b=22, coins=4, queen="on_board")) == ("B", 4)


def test_icf_121b_has_no_additional_points():
    with pytest.raises(RuleError):
        special("plays_on_during_appeal", coins=4, demanded=1)


def test_icf_55_cap_applies_to_demanded_points():
    result = special("last_opp_queen_on_board", "improper", coins=9, demanded=1)
    assert result.points == 12 and result.capped and result.additional_points == 1


def test_icf_87b_additional_points_only_if_demanded():
    assert outcome(special("last_own_queen_on_board", "improper")) == ("B", 3)


def test_icf_102_proper_stroke_has_no_additional_points():
    with pytest.raises(RuleError) as error:
        special("cover_last_own_and_last_opp", demanded=1)
    assert "ICF 102(a)" in error.value.message
