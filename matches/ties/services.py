"""A team tie on match day: the captains (or the secretary) name their line-ups, the rubbers are made as matches
once both sides have named, and each rubber's result settles the tie's score (stages.draws.ties counts it).

The tie itself is a match between the two teams: standings, brackets, round pages and calls read it like any
other. Its score is the rubber points, its games the rubbers won; it is decided once the format says so."""

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from matches.services import lock_match, result_changed
from matches.ties.models import LineUp
from stages.draws.ties import RubberResult, check_line_up, parse_format, tie_score
from stages.models import DECIDED, Match
from tournaments.models import Event

S = Match.Status


def is_tie(match):
    return match.tie_id is None and match.stage.event.kind == Event.Kind.TEAM_TIES


def tie_format(tie):
    return parse_format(tie.stage.tie_format)


def team_of(tie, side):
    return tie.entry_a if side == "a" else tie.entry_b


def roster(team):
    return set(team.members.values_list("player_id", flat=True))


def named_sides(tie, rubbers):
    """The sides that have named every one of `rubbers` (numbers)."""
    named = {}
    for side, rubber in tie.line_ups.values_list("side", "rubber").distinct():
        named.setdefault(side, set()).add(rubber)
    return {side for side, numbers in named.items() if set(rubbers) <= numbers}


def rubbers_to_name(tie, fmt=None):
    """The rubbers a line-up names now: the format's own, or only the decider once the tie is level after them."""
    fmt = fmt or tie_format(tie)
    if tie.rubbers.filter(rubber__lte=len(fmt.rubbers)).exists() and score_of(tie, fmt).needs_decider:
        return [fmt.decider]
    return list(fmt.rubbers)


def rubbers_begun(tie, numbers):
    """Whether any of the tie's rubbers `numbers` has begun: their line-ups are fixed from then on."""
    return tie.rubbers.filter(rubber__in=numbers).exclude(status=S.SCHEDULED).exists()


@transaction.atomic
def name_line_up(tie, side, line_up):
    """Store one side's line-up ({rubber number: [player ids]}); once both sides have named, make the rubbers.

    Refused, with the reasons, when it breaks the format, when the tie is over, or once its rubbers have begun."""
    tie = lock_match(tie)
    if not is_tie(tie):
        raise ServiceError("tie", _("Line-ups are named for a tie between two teams."))
    if side not in ("a", "b") or team_of(tie, side) is None:
        raise ServiceError("side", _("Say side a or b of the tie."))
    if tie.is_decided:
        raise ServiceError("tie", _("This tie is over: its line-ups can no longer change."))
    fmt = tie_format(tie)
    rubbers = rubbers_to_name(tie, fmt)
    numbers = [rubber.number for rubber in rubbers]
    if rubbers_begun(tie, numbers):
        raise ServiceError("tie", _("The rubbers have begun: the line-up can no longer change."))
    line_up = {int(number): [int(p) for p in players] for number, players in line_up.items()}
    errors = check_line_up(fmt, roster(team_of(tie, side)), line_up, rubbers)
    if errors:
        raise ServiceError("line_up", " ".join(errors))
    tie.line_ups.filter(side=side, rubber__in=numbers).delete()
    LineUp.objects.bulk_create(
        LineUp(tie=tie, side=side, rubber=number, position=position, player_id=player)
        for number in numbers
        for position, player in enumerate(line_up[number], start=1)
    )
    if named_sides(tie, numbers) == {"a", "b"}:
        make_rubbers(tie, numbers)
    tie.save(update_fields=["updated_at"])  # the tie's pages show the line-ups: saving it makes them anew
    return tie


def make_rubbers(tie, numbers):
    """The rubbers as matches of the tie's round, at its table and time, between the same two teams."""
    have = set(tie.rubbers.values_list("rubber", flat=True))
    Match.with_rubbers.bulk_create(
        Match(
            stage=tie.stage,
            round=tie.round,
            group=tie.group,
            number=tie.number,
            entry_a=tie.entry_a,
            entry_b=tie.entry_b,
            table=tie.table,
            planned_at=tie.planned_at,
            umpire=tie.umpire,
            self_umpired=tie.self_umpired,
            check_in=tie.check_in,
            tie=tie,
            rubber=number,
        )
        for number in numbers
        if number not in have
    )


def score_of(tie, fmt=None):
    """The tie's score (stages.draws.ties.TieScore) from its rubbers as they stand."""
    results = []
    for rubber in tie.rubbers.all():
        if rubber.is_decided:
            results.append(rubber_result(rubber))
    return tie_score(fmt or tie_format(tie), results)


def rubber_result(rubber):
    winner = {rubber.entry_a_id: "a", rubber.entry_b_id: "b"}.get(rubber.winner_id, "")
    return RubberResult(rubber.rubber, winner, rubber.games_a, rubber.games_b, rubber.score_a or 0, rubber.score_b or 0)


def settle_tie(tie):
    """The tie's score and state from its rubbers, in the transaction that changed one of them. Rubbers the tie no
    longer needs (decided before them, the format stopping there) are taken away while nobody has begun them."""
    tie = lock_match(tie)
    fmt = tie_format(tie)
    score = score_of(tie, fmt)
    was_decided = tie.is_decided
    tie.score_a, tie.score_b = score.points_a, score.points_b
    tie.games_a, tie.games_b = score.rubbers_a, score.rubbers_b
    tie.boards_a, tie.boards_b = score.boards_a, score.boards_b
    if score.winner:
        tie.status, tie.winner = S.CONFIRMED, team_of(tie, score.winner)
        tie.finished_at = tie.confirmed_at = timezone.now()
        tie.rubbers.filter(rubber__in=score.not_needed, status=S.SCHEDULED).delete()
    else:
        tie.winner = tie.finished_at = tie.confirmed_at = None
        tie.status = S.IN_PLAY if tie.rubbers.exclude(status=S.SCHEDULED).exists() else S.SCHEDULED
    tie.save()
    if was_decided or tie.is_decided:
        result_changed(tie)
    return score


def rubber_players(rubber):
    """{"a": [players], "b": [players]} who play a rubber, as their line-ups named them."""
    players = {"a": [], "b": []}
    line_ups = LineUp.objects.filter(tie_id=rubber.tie_id, rubber=rubber.rubber).select_related("player")
    for place in line_ups.order_by("side", "position"):
        players[place.side].append(place.player)
    return players


def played_matches(rnd):
    """The matches played at the boards in a round: a team event's rubbers (its ties are played through them),
    any other round's own matches."""
    if rnd.stage.event.kind == Event.Kind.TEAM_TIES:
        return Match.with_rubbers.filter(round=rnd, tie__isnull=False)
    return rnd.matches.all()


def check_roster_change(team, dropped):
    """Refused when a player leaving `team`'s roster is named in its line-up of a tie not yet over: the captain
    names someone else first."""
    ties = Match.objects.filter(models.Q(entry_a=team) | models.Q(entry_b=team)).exclude(status__in=DECIDED)
    named = LineUp.objects.filter(player__in=dropped, tie__in=ties).select_related("player", "tie__round").first()
    if named is not None:
        raise ServiceError(
            "roster",
            _("%(player)s is in the line-up of the tie of %(round)s: name someone else in that line-up first.")
            % {"player": named.player.full_name, "round": named.tie.round.display_name},
        )


def move_line_ups(sender, kept, merged, **kwargs):
    """Two records of one person merged (tournaments.merging): the line-ups naming the merged one name the kept one.
    They never met in one tie: the merge is refused for two players of one event."""
    LineUp.objects.filter(player=merged).update(player=kept)
