"""The tie format and how a tie is counted from its rubbers (stages.draws.ties)."""

import pytest

from stages.draws.ties import (
    DEFAULT_FORMAT,
    FormatError,
    RubberResult,
    check_line_up,
    parse_format,
    parse_text,
    players_needed,
    tie_score,
)

SCHOOL = parse_format(DEFAULT_FORMAT)  # singles, doubles, singles; a player in one rubber


def won(number, side, games=(1, 0), points=(25, 10)):
    """Rubber `number` won by `side`, `games` and `points` counted winner first."""
    if side == "b":
        games, points = games[::-1], points[::-1]
    return RubberResult(number, side, *games, *points)


def test_a_school_league_tie_needs_four_players_and_is_won_two_rubbers_to_one():
    assert [r.kind for r in SCHOOL.rubbers] == ["singles", "doubles", "singles"] and players_needed(SCHOOL) == 4
    score = tie_score(SCHOOL, [won(1, "a"), won(2, "b"), won(3, "a")])
    assert (score.points_a, score.points_b, score.rubbers_a, score.rubbers_b, score.winner) == (2, 1, 2, 1, "a")


def test_play_goes_on_after_the_tie_is_decided_unless_the_format_stops_there():
    two_up = [won(1, "b"), won(2, "b")]
    assert tie_score(SCHOOL, two_up).winner is None  # every rubber is played: the tie ends with its last one
    stopping = parse_format({**DEFAULT_FORMAT, "stop_when_decided": True})
    score = tie_score(stopping, two_up)
    assert score.winner == "b" and score.not_needed == [3]


def test_a_level_tie_goes_to_the_games_then_to_a_deciding_singles():
    four = parse_format({"rubbers": ["singles", "singles", "doubles", "doubles"], "rubbers_per_player": 2})
    level = [won(1, "a", (2, 0)), won(2, "b", (2, 1)), won(3, "a", (2, 0)), won(4, "b", (2, 0))]
    assert tie_score(four, level).winner == "a"  # two rubbers each, games 5-4
    even = [won(1, "a", (1, 0), (25, 0)), won(2, "b", (1, 0), (25, 0)), won(3, "a"), won(4, "b")]
    score = tie_score(four, even)
    assert score.winner is None and score.needs_decider  # level on games and on boards
    assert tie_score(four, [*even, won(5, "b")]).winner == "b"


def test_the_decider_format_goes_straight_to_the_extra_singles():
    fmt = parse_format({"rubbers": ["singles", "singles"], "tie_break": "decider", "rubbers_per_player": 1})
    score = tie_score(fmt, [won(1, "a", (2, 0)), won(2, "b", (2, 1))])
    assert score.needs_decider and fmt.rubber(3).kind == "singles"


def test_points_per_rubber_weigh_the_doubles():
    fmt = parse_format({"rubbers": [{"kind": "singles", "points": 1}, {"kind": "doubles", "points": 2}]})
    assert tie_score(fmt, [won(1, "a"), won(2, "b")]).winner == "b"


def test_both_sides_absent_in_a_rubber_gives_nobody_its_points():
    score = tie_score(SCHOOL, [won(1, "a"), RubberResult(2, ""), won(3, "b")])
    assert (score.points_a, score.points_b) == (1, 1)
    assert score.winner is None and score.needs_decider  # one rubber 25-10 each: level on games and boards too


@pytest.mark.parametrize(
    "data, field",
    [
        ({"rubbers": []}, "rubbers"),
        ({"rubbers": ["triples"]}, "rubbers"),
        ({"rubbers": [{"kind": "singles", "points": 0}]}, "rubbers"),
        ({"rubbers": ["singles"], "tie_break": "coin"}, "tie_break"),
        ({"rubbers": ["singles", "doubles"], "rubbers_per_player": 3}, "rubbers_per_player"),
        ("singles", "tie_format"),
    ],
)
def test_a_format_that_cannot_be_played_is_refused_naming_the_field(data, field):
    with pytest.raises(FormatError) as refused:
        parse_format(data)
    assert refused.value.field == field


def test_a_format_is_written_as_secretaries_say_it():
    assert parse_text("Singles, doubles:2 ; singles") == [
        {"kind": "singles", "points": 1},
        {"kind": "doubles", "points": 2},
        {"kind": "singles", "points": 1},
    ]


def test_a_line_up_names_rostered_players_each_in_one_rubber():
    roster = {1, 2, 3, 4, 5}
    assert check_line_up(SCHOOL, roster, {1: [1], 2: [2, 3], 3: [4]}) == []
    assert check_line_up(SCHOOL, roster, {1: [1], 2: [1, 3], 3: [4]}) == [
        "A player may play in at most 1 rubber of a tie."
    ]
    assert check_line_up(SCHOOL, roster, {1: [9], 2: [2, 3], 3: [4]}) == ["Rubber 1 names a player not on the team."]
    assert check_line_up(SCHOOL, roster, {1: [1], 2: [2], 3: [4]}) == [
        "Rubber 2 is a doubles: name 2 different players."
    ]
