"""Wording of the stages floor: a match's score as the pages, the printed sheets and the players read it."""

from stages.models import Match


def side_scores(match):
    """Each side's score for a bracket box: games won in a match of several games, else points; "w/o" marks
    the side that did not play."""
    if match.result_withheld:  # ICF 150: not announced until the protest is decided
        return ("", "")
    if match.status == Match.Status.WALKOVER:
        if match.forfeited == "ab":  # both absent: both lose (issue #6)
            return ("w/o", "w/o")
        return ("", "w/o") if match.winner_id == match.entry_a_id else ("w/o", "")
    if match.status not in (Match.Status.FINISHED, Match.Status.CONFIRMED) or match.score_a is None:
        return ("", "")
    if match.games_a + match.games_b > 1:
        return (match.games_a, match.games_b)
    return (match.score_a, match.score_b)


def result_text(match, flip=False, short=False):
    """The score as one line, from A's side (or B's when `flip`): "25–10", "2–1 (62–47)", "w/o +"; `short`
    leaves out the points of a match of several games ("2–1")."""
    if match.entry_b_id is None:
        return ""
    if match.result_withheld:  # ICF 150: the result is not announced until the protest is decided
        return "withheld (protest)"
    if match.status == Match.Status.WALKOVER:
        if match.forfeited == "ab":
            return "w/o both"
        won = (match.winner_id == match.entry_b_id) if flip else (match.winner_id == match.entry_a_id)
        return "w/o +" if won else "w/o −"
    if match.status not in (Match.Status.FINISHED, Match.Status.CONFIRMED) or match.score_a is None:
        return ""
    a, b, ga, gb = match.score_a, match.score_b, match.games_a, match.games_b
    if flip:
        a, b, ga, gb = b, a, gb, ga
    text = (f"{ga}–{gb}" if short else f"{ga}–{gb} ({a}–{b})") if ga + gb > 1 else f"{a}–{b}"
    return text if match.status == Match.Status.CONFIRMED else f"{text} (to confirm)"
