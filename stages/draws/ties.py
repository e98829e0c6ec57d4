"""Team ties: two teams meet in a set of rubbers (singles and doubles), each a match of its own.

The format is the secretary's, per stage: which rubbers in what order and what each is worth, whether play stops
once the tie is decided, how a tie level on points is broken, and in how many rubbers one player may play. Plain
Python, like the other engines: the services layer stores the format as a stage's JSON and the rubbers as matches.

Formats as federations play them: a school league's singles, doubles, singles (one point each, a player in one
rubber); the Indian team championships' "league cum knockout" ties of singles and doubles.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from stages.draws.errors import DrawError

KINDS = {"singles": 1, "doubles": 2}
# How a tie level on points is decided: the games won in all its rubbers, then the board points; or one more
# singles rubber played by players of the line-up's choice (a decider).
TIE_BREAKS = ("games", "decider")
DEFAULT_FORMAT = {
    "rubbers": [{"kind": "singles", "points": 1}, {"kind": "doubles", "points": 1}, {"kind": "singles", "points": 1}],
    "stop_when_decided": False,
    "tie_break": "games",
    "rubbers_per_player": 1,
}


@dataclass(frozen=True)
class Rubber:
    number: int
    kind: str
    points: int

    @property
    def players(self):
        return KINDS[self.kind]


@dataclass(frozen=True)
class TieFormat:
    rubbers: tuple
    stop_when_decided: bool = False
    tie_break: str = "games"
    rubbers_per_player: int = 1

    @property
    def decider(self):
        """The extra singles rubber a level tie is decided by, when the format says so."""
        return Rubber(len(self.rubbers) + 1, "singles", 1)

    def rubber(self, number):
        if number == len(self.rubbers) + 1:
            return self.decider
        return self.rubbers[number - 1]

    def as_data(self):
        return {
            "rubbers": [{"kind": r.kind, "points": r.points} for r in self.rubbers],
            "stop_when_decided": self.stop_when_decided,
            "tie_break": self.tie_break,
            "rubbers_per_player": self.rubbers_per_player,
        }


class FormatError(DrawError):
    """A tie format that cannot be played; `field` names what is wrong, for a form or an API 400."""

    def __init__(self, field_name, message):
        super().__init__(message)
        self.field = field_name


def parse_format(data):
    """The TieFormat of a stage's stored or submitted format (a dict); FormatError names what is wrong."""
    data = data or DEFAULT_FORMAT
    if not isinstance(data, dict):
        raise FormatError("tie_format", _("The tie format must be an object with its rubbers."))
    rubbers = data.get("rubbers")
    if not isinstance(rubbers, list) or not 1 <= len(rubbers) <= 15:
        raise FormatError("rubbers", _("A tie has from 1 to 15 rubbers."))
    parsed = []
    for number, rubber in enumerate(rubbers, start=1):
        kind = rubber.get("kind") if isinstance(rubber, dict) else rubber
        points = rubber.get("points", 1) if isinstance(rubber, dict) else 1
        if kind not in KINDS:
            raise FormatError("rubbers", _("Rubber %(number)s: say singles or doubles.") % {"number": number})
        if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= 10:
            raise FormatError("rubbers", _("Rubber %(number)s: a rubber is worth 1 to 10 points.") % {"number": number})
        parsed.append(Rubber(number, kind, points))
    tie_break = data.get("tie_break", "games")
    if tie_break not in TIE_BREAKS:
        raise FormatError("tie_break", _("A level tie is decided by the games won or by a deciding singles."))
    per_player = data.get("rubbers_per_player", 1)
    if not isinstance(per_player, int) or isinstance(per_player, bool) or not 1 <= per_player <= len(parsed):
        raise FormatError(
            "rubbers_per_player",
            _("A player may play in 1 to %(count)s rubbers of a tie.") % {"count": len(parsed)},
        )
    return TieFormat(tuple(parsed), bool(data.get("stop_when_decided", False)), tie_break, per_player)


def parse_text(text):
    """A format written the way secretaries say it, "singles, doubles, singles" (points after a colon: "singles:2")."""
    rubbers = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        kind, _sep, points = part.partition(":")
        points = points.strip()
        rubbers.append({"kind": kind.strip().lower(), "points": int(points) if points.isdigit() else points or 1})
    return rubbers


def players_needed(fmt):
    """How many different players one side needs at least to field the whole tie (reserves aside)."""
    seats = sum(r.players for r in fmt.rubbers)
    return max(max(r.players for r in fmt.rubbers), -(-seats // fmt.rubbers_per_player))


def check_line_up(fmt, roster, line_up, rubbers=None):
    """The reasons a side's line-up ({rubber number: [player ids]}) is refused: one list, empty when it is right.

    `roster` is the set of the team's player ids (reserves included); `rubbers` those named now (the format's own
    by default; the decider alone when the tie needs one). Only rostered players, each rubber with its number of
    players, nobody twice in one rubber nor in more rubbers than the format allows."""
    errors = []
    rubbers = list(fmt.rubbers) if rubbers is None else rubbers
    played = {}
    for rubber in rubbers:
        named = list(line_up.get(rubber.number) or [])
        if len(named) != rubber.players or len(set(named)) != len(named):
            errors.append(
                _("Rubber %(number)s is a %(kind)s: name %(count)s different players.")
                % {"number": rubber.number, "kind": kind_name(rubber.kind), "count": rubber.players}
            )
            continue
        for player in named:
            if player not in roster:
                errors.append(_("Rubber %(number)s names a player not on the team.") % {"number": rubber.number})
            played[player] = played.get(player, 0) + 1
    if any(count > fmt.rubbers_per_player for count in played.values()):
        count = fmt.rubbers_per_player
        errors.append(
            ngettext(
                "A player may play in at most %(count)s rubber of a tie.",
                "A player may play in at most %(count)s rubbers of a tie.",
                count,
            )
            % {"count": count}
        )
    return errors


def kind_name(kind):
    return _("singles") if kind == "singles" else _("doubles")


@dataclass
class RubberResult:
    """One rubber's outcome as the tie counts it: the winning side ("a", "b"; "" when decided with no winner, both
    sides absent; None while undecided)."""

    number: int
    winner: str | None = None
    games_a: int = 0
    games_b: int = 0
    points_a: int = 0
    points_b: int = 0


@dataclass
class TieScore:
    points_a: int = 0
    points_b: int = 0
    rubbers_a: int = 0
    rubbers_b: int = 0
    games_a: int = 0
    games_b: int = 0
    boards_a: int = 0
    boards_b: int = 0
    winner: str | None = None
    # Rubbers left unplayed because the tie was decided before them (stop_when_decided).
    not_needed: list = field(default_factory=list)
    needs_decider: bool = False

    @property
    def decided(self):
        return self.winner is not None


def tie_score(fmt, results):
    """The tie's score from its rubbers' results (a list of RubberResult, any order, the decider included)."""
    by_number = {r.number: r for r in results}
    score = TieScore()
    for rubber in fmt.rubbers:
        result = by_number.get(rubber.number)
        if result is not None and result.winner:
            add(score, result, rubber.points)
    remaining = [r for r in fmt.rubbers if by_number.get(r.number) is None or by_number[r.number].winner is None]
    still = sum(r.points for r in remaining)
    if score.points_a > score.points_b + still:
        score.winner = "a"
    elif score.points_b > score.points_a + still:
        score.winner = "b"
    if score.winner and fmt.stop_when_decided:
        score.not_needed = [r.number for r in remaining]
        return score
    if remaining:
        score.winner = None  # decided, but the format plays every rubber: the tie ends with its last one
        return score
    if score.points_a == score.points_b:
        break_level_tie(fmt, score, by_number.get(len(fmt.rubbers) + 1))
    return score


def add(score, result, points):
    if result.winner == "a":
        score.points_a += points
        score.rubbers_a += 1
    else:
        score.points_b += points
        score.rubbers_b += 1
    score.games_a += result.games_a
    score.games_b += result.games_b
    score.boards_a += result.points_a
    score.boards_b += result.points_b


def break_level_tie(fmt, score, decider):
    """A tie level on points: by the games won, then the board points (unless the format goes straight to a
    decider); still level, the deciding singles settles it."""
    if fmt.tie_break == "games":
        for ours, theirs in ((score.games_a, score.games_b), (score.boards_a, score.boards_b)):
            if ours != theirs:
                score.winner = "a" if ours > theirs else "b"
                return
    if decider is None or not decider.winner:
        score.needs_decider = True
        return
    score.winner = decider.winner
    add(score, decider, 0)
