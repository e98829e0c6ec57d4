"""The boards kept stroke by stroke feed the statistics: their breaks, queens and slams as any board of the card,
and the fouls each player committed, known for these boards only."""

import pytest

from matches.scoring.scorecard import add_board
from matches.scoring.services import confirm_result
from matches.strokes.models import KeptBoard
from matches.strokes.services import add_stroke, start_board
from stats import selectors
from tests.helpers import game_25_0, win
from tests.matches.strokes.conftest import NOTHING, OWN, QUEEN

pytestmark = pytest.mark.django_db

# A breaks and pockets one, then nothing; B pockets the striker (ICF 72(a)); A runs out of time (ICF 50 with
# 64(a): a foul, his c/m goes back, ICF 78(a)); B pockets nothing; A pockets the queen, covers it and pockets his
# other eight c/m: 12 to A (ICF 53, 55).
STROKES = [OWN, NOTHING, {"kind": "stroke", "striker": True}, {"kind": "time_out"}, NOTHING, QUEEN, *[OWN] * 9]


def test_the_fouls_of_a_kept_board_count_for_each_player(match, umpire):
    start_board(match, user=umpire)
    for stroke in STROKES:
        played = add_stroke(match, stroke, user=umpire)
    assert played.result.points == 12
    kept = KeptBoard.objects.get()
    assert kept.status == KeptBoard.Status.ENTERED
    assert (kept.fouls_a, kept.fouls_b) == (1, 1)
    add_board(match, None, win("A", 9, queen=True), user=umpire)  # 24-0
    add_board(match, None, win("A", 1), user=umpire)  # 25-0
    for board in game_25_0("A"):
        add_board(match, None, board, user=umpire)
    confirm_result(match, user=umpire)
    figures = {row.player.pk: row.figures for row in selectors.leaderboard(selectors.event_boards(match.stage.event))}
    a = figures[match.entry_a.members.get().player_id]
    b = figures[match.entry_b.members.get().player_id]
    assert (a.kept_boards, a.fouls) == (1, 1)
    assert (b.kept_boards, b.fouls) == (1, 1)
