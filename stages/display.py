"""Wording of the stages floor: a match's score as the pages, the printed sheets and the players read it. Each
audience words a walkover, a retirement or a withheld result its own way; the points and games themselves are
always written by `played_score`."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from stages.draws.metrics import METRICS
from stages.models import UNFINISHED, Match, Round, Stage

S = Match.Status


def walkover_mark():
    """The short mark of a walk-over in a score column: "W/O" (pages give "won by walk-over" in its title)."""
    return pgettext("walkover, abbreviation", "W/O")


def walkover_text(match, won):
    """A walk-over as the player reads it: "won by walk-over", "lost by walk-over", with the score where the rule
    set gives one (ECC 18: "won by walk-over (25–0)"); none where it gives none (ICF 143, queen2 ¶10)."""
    if match.forfeited == "ab":  # both sides absent at the reporting deadline: both lose
        return pgettext("walkover, both sides absent", "both absent: lost by walk-over")
    if match.score_a is None:
        return pgettext("walkover", "won by walk-over") if won else pgettext("walkover", "lost by walk-over")
    winner_first = (
        (match.score_a, match.score_b) if match.winner_id == match.entry_a_id else (match.score_b, match.score_a)
    )
    score = "{}–{}".format(*(winner_first if won else winner_first[::-1]))
    if won:
        return pgettext("walkover", "won by walk-over (%(score)s)") % {"score": score}
    return pgettext("walkover", "lost by walk-over (%(score)s)") % {"score": score}


def played_score(match, flip=False, short=False):
    """The points from A's side (B's when `flip`): "25–10"; over several games, games won then points,
    "2–1 (62–47)", or only the games when `short` ("2–1")."""
    a, b, ga, gb = match.score_a, match.score_b, match.games_a, match.games_b
    if flip:
        a, b, ga, gb = b, a, gb, ga
    if ga + gb > 1:
        return f"{ga}–{gb}" if short else f"{ga}–{gb} ({a}–{b})"
    return f"{a}–{b}"


# ---------------------------------------------------------------- pages


def side_scores(match):
    """Each side's score for a bracket box: games won in a match of several games, else points; "W/O" marks
    the side that did not play."""
    if match.result_withheld:  # ICF 150: not announced until the protest is decided
        return ("", "")
    if match.status == S.WALKOVER:
        if match.forfeited == "ab":  # both sides absent at the reporting deadline: both lose
            return (walkover_mark(), walkover_mark())
        return ("", walkover_mark()) if match.winner_id == match.entry_a_id else (walkover_mark(), "")
    if match.status not in (S.FINISHED, S.CONFIRMED) or match.score_a is None:
        return ("", "")
    if match.games_a + match.games_b > 1:
        return (match.games_a, match.games_b)
    return (match.score_a, match.score_b)


def result_text(match, flip=False, short=False, side_view=False):
    """The score as one line, from A's side (or B's when `flip`): "25–10", "2–1 (62–47)"; `short` leaves out the
    points of a match of several games ("2–1"). A walk-over names its winner, "Ann won by walk-over", or, from one
    side's view (`side_view`, a results grid's row), "won by walk-over"; `short` writes it "W/O"."""
    if match.entry_b_id is None:
        return ""
    if match.result_withheld:  # ICF 150: the result is not announced until the protest is decided
        return _("withheld (protest)")
    if match.status == S.WALKOVER:
        if short:
            return walkover_mark()
        if side_view or match.winner_id is None:
            won = (match.winner_id == match.entry_b_id) if flip else (match.winner_id == match.entry_a_id)
            return walkover_text(match, won)
        winner = match.entry_a if match.winner_id == match.entry_a_id else match.entry_b
        return pgettext("walkover", "%(winner)s: %(result)s") % {
            "winner": winner,
            "result": walkover_text(match, won=True),
        }
    if match.status not in (S.FINISHED, S.CONFIRMED) or match.score_a is None:
        return ""
    text = played_score(match, flip, short)
    return text if match.status == S.CONFIRMED else _("%(score)s (to confirm)") % {"score": text}


# A match that has been called, is being played or is over: its stage is in play.
UNDER_WAY = (S.CALLED, S.IN_PLAY, S.FINISHED, S.CONFIRMED, S.WALKOVER, S.RETIRED)


def stage_badge(stage, rounds, matches):
    """Where a stage stands, as its page's badge says it: (key, words). Not drawn, drawn (its rounds still
    previews), published, in play (a match has been called or played), finished. `rounds` and `matches` are
    those the reader may see."""
    if stage.status == Stage.Status.FINISHED:
        return "finished", Stage.Status.FINISHED.label
    if stage.status == Stage.Status.PENDING or not rounds and not matches:
        return stage.status, stage.get_status_display()
    if any(m.status in UNDER_WAY for m in matches):
        return "in-play", S.IN_PLAY.label
    if any(r.status == Round.Status.PUBLISHED for r in rounds):
        return "published", Round.Status.PUBLISHED.label
    return "drawn", Stage.Status.DRAWN.label


def side_info(points, rating):
    """What a Swiss pairing shows beside a side's name: its points before the round, and its rating if known."""
    points = int(points) if float(points).is_integer() else points
    if rating is None:
        return _("%(points)s pts") % {"points": points}
    return _("%(points)s pts · %(rating)s") % {"points": points, "rating": round(rating)}


def tiebreak_notes(rows):
    """For each two rows in a row level on points, the tie-break that put one above the other: "Ann and Bob are
    level on points; separated by: Net score." (rows stages.draws.standings.Standing, in order)."""
    return [
        _("%(first)s and %(second)s are level on points; separated by: %(tiebreak)s.")
        % {"first": upper.name, "second": lower.name, "tiebreak": tiebreak}
        for upper, lower, tiebreak in zip(rows[:-1], rows[1:], tiebreaks(rows)[1:], strict=True)
        if tiebreak
    ]


def tiebreaks(rows):
    """Per row, the name of the tie-break that put it below the row above it, level on points ("" otherwise): the
    standings exports' column beside the notes on the page."""
    names = [""]
    for upper, lower in zip(rows, rows[1:], strict=False):
        key = lower.separated_by
        level = upper.points == lower.points and key in METRICS and key != "points"
        names.append(str(METRICS[key].name) if level else "")
    return names[: len(rows)]


def draw_results_text(stage, count):
    """The warning before a whole draw is deleted with its results."""
    return ngettext(
        "%(stage)s has %(count)s result: it will be deleted with the draw.",
        "%(stage)s has %(count)s results: they will be deleted with the draw.",
        count,
    ) % {"stage": stage.name, "count": count}


# ---------------------------------------------------------------- printed sheets


def score_text(match, flip=False):
    """The score from A's side (B's when `flip`) on a results sheet or score card: "25–10", "2–1 (62–47)",
    "W/O", "ret."; empty until there is one. The sheet's note column says whether it is confirmed or withheld."""
    if match.status == S.WALKOVER:
        return walkover_mark()
    if match.status == S.RETIRED:
        return pgettext("retired, abbreviation", "ret.")
    if match.status not in (S.FINISHED, S.CONFIRMED) or match.score_a is None:
        return ""
    return played_score(match, flip)


def winner_text(match):
    """The score card's winner line: the winner's name and the score from the winner's side."""
    if match.winner_id is None or match.status not in (S.FINISHED, S.CONFIRMED, S.WALKOVER, S.RETIRED):
        return ""
    winner = match.entry_a if match.winner_id == match.entry_a_id else match.entry_b
    if match.status == S.WALKOVER:
        return f"{winner.name}, {walkover_text(match, won=True)}"
    return f"{winner.name}, {score_text(match, flip=winner is match.entry_b)}"


# ---------------------------------------------------------------- a player's schedule


def score_from_side(match, side):
    """The score from one side ("a" or "b") of the match, as the player of that side reads it: "25–10",
    "2–1 (62–47)" over several games, "won by walk-over", "bye"."""
    if match.status == S.BYE:
        return pgettext("no opponent", "bye")
    if match.status == S.WALKOVER:
        return walkover_text(
            match, match.winner_id is not None and match.winner_id == getattr(match, f"entry_{side}_id")
        )
    if match.status in UNFINISHED or getattr(match, f"score_{side}") is None:
        return ""
    return played_score(match, flip=side == "b")


def qualified_words(stage, next_stage):
    """What the "Q" mark of the standings means: qualified once the stage is finished, in a qualifying place
    before."""
    if stage.status == stage.Status.FINISHED:
        return _("Qualified for %(next)s") % {"next": next_stage.name}
    return _("In a qualifying place for %(next)s") % {"next": next_stage.name}
