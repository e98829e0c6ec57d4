"""The catalogue of conduct laws per rule set (rules.conduct): ICF 138, 139, 143(a)-(h), 148; queen2 takes them
from the ICF laws (queen2 ¶21); ECC has only abandoning the game (ECC 124, section P); office has none."""

from rules.base import get_rule_set
from rules.conduct import DISTRACTION_WARNINGS_NEEDED, concede_game, conduct_laws
from rules.game import GameState


def test_icf_lists_143_a_to_h_with_their_sub_clauses():
    laws = conduct_laws(get_rule_set("icf"))
    assert [c.law for c in laws.losses] == [f"ICF 143({x})" for x in "abcdefgh"]
    assert laws.rest_minutes == 10 and laws.rest_law == "ICF 138"
    assert laws.concession_law == "ICF 139"
    assert laws.abusive_protest == "ICF 148"


def test_icf_143b_is_applied_by_the_rest_deadline_not_by_hand():
    laws = conduct_laws(get_rule_set("icf"))
    assert laws.clause("rest_time").law == "ICF 143(b)"
    assert not laws.clause("rest_time").by_umpire
    assert laws.rest_loss_clause == "rest_time"


def test_icf_143h_needs_two_warnings_first():
    # ICF 143(h): "more than twice, despite Umpire's warning": the third distraction, after two warnings.
    clause = conduct_laws(get_rule_set("icf")).clause("distraction")
    assert clause.law == "ICF 143(h)"
    assert clause.warnings_needed == DISTRACTION_WARNINGS_NEEDED == 2
    assert all(c.warnings_needed == 0 for c in conduct_laws(get_rule_set("icf")).losses if c.key != "distraction")


def test_queen2_takes_the_icf_laws_and_says_so():
    laws = conduct_laws(get_rule_set("queen2"))
    assert laws.clause("distraction").law == "ICF 143(h) (queen2 ¶21)"
    assert laws.rest_law == "ICF 138 (queen2 ¶21)"
    assert laws.concession_law == "ICF 139 (queen2 ¶21)"


def test_ecc_has_only_abandoning_the_game_and_gives_reasons_for_the_rest():
    laws = conduct_laws(get_rule_set("ecc"))
    assert [(c.key, c.law) for c in laws.losses] == [("discontinued_play", "ECC 124 (P)")]
    assert laws.warning_law is None and laws.concession_law is None and laws.rest_law is None
    assert "ICF 143(h)" in laws.refusal("warning")
    assert "ICF 139" in laws.refusal("concession")
    assert "ICF 138" in laws.refusal("rest")
    assert laws.abusive_protest is None and "ICF 148" in laws.refusal("abusive_protest")


def test_office_offers_nothing_and_says_why():
    laws = conduct_laws(get_rule_set("office"))
    assert laws.losses == () and laws.warning_law is None and laws.rest_law is None
    assert laws.refusal("loss") == "the office league rules have no laws of conduct"


def test_a_conceded_game_goes_to_the_opponent_with_the_score_as_it_stands():
    # ICF 139 gives a conceded game no score of its own.
    state = GameState(scores={"A": 14, "B": 3}, next_board=4, next_breaker="B")
    concede_game(state, "A")
    assert state.game_over and state.winner == "B" and state.ended_by == "conceded"
    assert state.final_score == {"A": 14, "B": 3}
    assert state.next_board is None


def test_a_game_already_over_is_not_conceded_again():
    state = GameState(scores={"A": 25, "B": 3})
    state.finish("points_target", "A")
    state.final_score = {"A": 25, "B": 3}
    concede_game(state, "A")
    assert state.winner == "A" and state.ended_by == "points_target"
