"""The matches of an event as SoL's turns: the first stage's rounds are turns 1, 2 ...; a knockout stage entered
by the first stage's top competitors (the "Finals") follows as SoL's final matches, each game a turn of its own;
any other stage's rounds follow as ordinary turns."""

from stages.models import DECIDED, Round, Stage
from stages.selectors import stage_standings

SYSTEMS = {Stage.Kind.SWISS: "swiss", Stage.Kind.KNOCKOUT: "knockout"}
PAIRINGS = {Stage.Pairing.DAZED: "dazed", Stage.Pairing.STAGGERED: "staggered"}
QUEEN = {("A", "covered_by_winner"): "1", ("B", "covered_by_winner"): "2"}
QUEEN.update({("A", "covered_by_loser"): "2", ("B", "covered_by_loser"): "1"})


def is_finished(stage):
    return stage.status == Stage.Status.FINISHED


def is_finals(stage, first):
    return stage.kind == Stage.Kind.KNOCKOUT and stage.source_id == first.pk and stage.qualifiers in (2, 4)


def stage_figures(stage):
    """{entry id: SoL's points, Buchholz, net and total score} from the stage's standings (Swiss, round robin)."""
    if stage.kind not in (Stage.Kind.SWISS, Stage.Kind.ROUND_ROBIN):
        return {}
    rows = stage_standings(stage, matches=list(stage.matches.filter(round__status=Round.Status.PUBLISHED)))
    return {
        row.id: {
            "points": int(row.points),
            "bucholz": int(row.buchholz),
            "netscore": int(row.net_score),
            "totscore": int(row.total_score),
        }
        for row in rows
    }


def event_matches(stages, numbers):
    """(SoL matches, SoL tourney fields) of an event's stages; `numbers` maps entry ids to competitor numbers."""
    if not stages:
        return [], {"system": "swiss", "currentturn": 0, "rankedturn": 0, "couplings": "serial", "phantomscore": 25}
    first = stages[0]
    turn, ranked, matches, finals, final_games = 0, 0, [], 0, 1
    for stage in stages:
        rounds = list(stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("number"))
        by_round = {rnd.pk: [] for rnd in rounds}
        for match in stage.matches.filter(round__in=rounds).prefetch_related("games", "boards").order_by("number"):
            by_round[match.round_id].append(match)
        if stage is not first and is_finals(stage, first):
            finals = len(rounds)
            written, final_games = final_turns(rounds, by_round, numbers, turn)
            turn += final_games
            matches += written
            continue
        for rnd in rounds:
            turn += 1
            played = by_round[rnd.pk]
            for board, match in enumerate(played, start=1):
                matches.append(sol_match(match, numbers, turn, board))
            if played and all(match.status in DECIDED for match in played):
                ranked = turn
    facts = {
        "system": SYSTEMS.get(first.kind, "roundrobin"),
        "couplings": PAIRINGS.get(first.pairing_method, "serial"),
        "delaytoppairing": 1 if first.delay_top_players else 0,
        "delaycompatriotpairing": first.delay_compatriots if first.kind == Stage.Kind.SWISS else 0,
        "phantomscore": first.bye_score_for,
        "currentturn": turn,
        "rankedturn": turn if finals and all(is_finished(s) for s in stages) else ranked,
        "finalkind": "bestof3" if final_games > 1 else "simple",
    }
    if finals:
        facts.update(finals=finals, finalturns=True)
    return matches, facts


def sol_match(match, numbers, turn, board, scores=None):
    score_a, score_b = scores or (match.score_a or 0, match.score_b or 0)
    record = {
        "competitor1": numbers.get(match.entry_a_id),
        "competitor2": numbers.get(match.entry_b_id),
        "turn": turn,
        "board": board,
        "score1": score_a,
        "score2": score_b,
    }
    if match.entry_b_id is None and match.score_a is None:  # a bye keeps its card (see sol.import_tourneys)
        record["score1"], record["score2"] = match.stage.bye_score_for, 0
    boards = [sol_board(b) for b in match.boards.all() if not b.voided and b.game_no == 1] if scores is None else []
    if boards:
        record["boards"] = boards
    return record


def sol_board(board):
    record = {"number": board.number}
    coins = board.coins_left_of_loser
    if board.winner == "A" or board.awarded_to == "A":
        record["coins1"] = coins
    elif board.winner == "B" or board.awarded_to == "B":
        record["coins2"] = coins
    queen = QUEEN.get((board.winner or board.awarded_to, board.queen))
    if queen:
        record["queen"] = queen
    return record


def final_turns(rounds, by_round, numbers, turn):
    """The finals stage's matches as SoL's final matches: the final on board 1, the third place match on board
    2; a match of several games is a best of three, one turn per game. (matches, number of final turns)"""
    finals = [match for rnd in rounds for match in by_round[rnd.pk][:1]]
    games = {match.pk: [(g.score_a, g.score_b) for g in match.games.all()] for match in finals}
    count = max((len(scores) for scores in games.values()), default=1) or 1
    written = []
    for board, match in enumerate(finals, start=1):
        scores = games[match.pk] or [(match.score_a or 0, match.score_b or 0)]
        for index, game in enumerate(scores, start=1):
            record = sol_match(match, numbers, turn + index, board, game)
            record["final"] = True
            written.append(record)
    return written, count
