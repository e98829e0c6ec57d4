"""The secretary's operations on stages: draw a stage, pair a Swiss round, publish, swap, delete a round or a
draw, finish. Each loads what the engine needs in a few queries (stages.selectors), runs a plain-Python engine
from stages.draws, and saves with bulk writes, in one transaction."""

import random
from collections import defaultdict

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import page_cache
from core.bulk import insert_rows
from core.memory import gc_paused
from stages.bracket import sync_bracket
from stages.draws import groups as group_engine
from stages.draws import knockout, round_robin, swiss
from stages.draws.errors import DrawError
from stages.errors import StageError
from stages.loading import entry_rows, match_rows
from stages.models import DECIDED, Group, GroupMember, Match, Round, Stage
from stages.selectors import (
    entrants,
    entry_attribute,
    entry_rating,
    played_ids,
    qualifiers_by_group,
    require_source_finished,
    stage_standings,
)
from stages.signals import match_news, stage_finished
from tournaments.venue import venue_of


class ResultsToConfirm(StageError):
    """Deleting would delete results: done only when asked a second time (`confirm_results`)."""


@transaction.atomic
def draw_stage(stage, rng=None, shuffle_tables=False):
    """Draw a stage whatever its kind: groups and round robins whole, knockouts whole, Swiss round 1."""
    if stage.kind in (Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN):
        return draw_groups(stage, rng)
    if stage.kind == Stage.Kind.KNOCKOUT:
        return draw_knockout(stage)
    return pair_swiss_round(stage, rng, shuffle_tables)


# ---------------------------------------------------------------- groups and round robins


@transaction.atomic
def draw_groups(stage, rng=None):
    """Groups (a round robin is one group), with the full Berger schedule of every group as draft rounds."""
    stage = lock(stage)
    require_pending(stage)
    entries = entrants(stage)
    count = 1 if stage.kind == Stage.Kind.ROUND_ROBIN else (stage.group_count or 0)
    if count < 1:
        raise StageError(_("Say how many groups to draw."))
    method, seed_by = {
        Stage.Grouping.RANDOM: ("random", "seed"),
        Stage.Grouping.SNAKE_SEED: ("snake", "seed"),
        Stage.Grouping.SNAKE_RATING: ("snake", "rating"),
    }[stage.grouping]
    competitors = [
        {
            "id": e.pk,
            "seed": e.seed,
            "rating": entry_rating(e),
            "club": entry_attribute(e, "club"),
            "country": entry_attribute(e, "country"),
        }
        for e in entries
    ]
    separate = tuple(key for key in stage.keep_apart.split(",") if key.strip())
    try:
        drawn = group_engine.make_groups(competitors, count, method, seed_by, separate, rng or random.Random())
    except DrawError as error:
        raise StageError(error.message) from None

    groups = Group.objects.bulk_create(Group(stage=stage, number=n) for n in range(1, len(drawn) + 1))
    GroupMember.objects.bulk_create(
        GroupMember(group=group, entry_id=competitor["id"], position=position)
        for group, members in zip(groups, drawn, strict=True)
        for position, competitor in enumerate(members, 1)
    )
    schedule_groups(stage, groups, [[c["id"] for c in members] for members in drawn])
    stage.status = Stage.Status.DRAWN
    stage.save(update_fields=["status"])
    return groups


def schedule_groups(stage, groups, members):
    tables = [round_robin.berger_rounds(len(ids), double=stage.double_round_robin) for ids in members]
    rounds = Round.objects.bulk_create(Round(stage=stage, number=n) for n in range(1, max(len(t) for t in tables) + 1))
    new = []
    for group, ids, table in zip(groups, members, tables, strict=True):
        for rnd, pairs in zip(rounds, table, strict=False):
            for number, (a, b) in enumerate(pairs, 1):
                match = Match(stage=stage, round=rnd, group=group, number=number, entry_a_id=ids[a - 1])
                if b is None:
                    mark_bye(match, stage)
                else:
                    match.entry_b_id = ids[b - 1]
                new.append(match)
    Match.objects.bulk_create(new)


def mark_bye(match, stage):
    match.status = Match.Status.BYE
    match.winner_id = match.entry_a_id
    if stage.kind == Stage.Kind.SWISS:
        match.score_a, match.score_b = swiss_bye_score(stage)


def swiss_bye_score(stage):
    """A Swiss bye counts as a win by the stage's bye score; a round-robin bye is a rest round."""
    return stage.bye_score_for, stage.bye_score_against


# ---------------------------------------------------------------- knockout


@transaction.atomic
def draw_knockout(stage):
    """The whole bracket: first-round lines by standard seeding (or group placement), later rounds empty until
    results fill them; byes advance at once."""
    stage = lock(stage)
    require_pending(stage)
    if stage.source_id and require_source_finished(stage).kind == Stage.Kind.GROUPS:
        lines = knockout.place_group_qualifiers(
            [[entry.pk for entry in group] for group in qualifiers_by_group(stage.source, stage.qualifiers)]
        )
    else:
        seeded = [entry.pk for entry in entrants(stage)]
        if len(seeded) < 2:
            raise StageError(_("A knockout needs at least two entries."))
        lines = [[seed and seeded[seed - 1] for seed in line] for line in knockout.bracket_slots(len(seeded))]

    bracket = knockout.advance(lines, third_place=stage.third_place_match)
    rounds = Round.objects.bulk_create(
        Round(stage=stage, number=n, name=matches[0].name) for n, matches in enumerate(bracket.rounds, 1)
    )
    if bracket.third_place:
        rounds.append(Round.objects.create(stage=stage, number=len(rounds) + 1, name=knockout.THIRD_PLACE))
    Match.objects.bulk_create(
        Match(stage=stage, round=rounds[km.round - 1] if km.round else rounds[-1], number=km.number + 1)
        for km in bracket.matches()
    )
    stage.status = Stage.Status.DRAWN
    stage.save(update_fields=["status"])
    first = {m.number: m for m in Match.objects.filter(round=rounds[0])}
    for number, (a, b) in enumerate(lines, 1):
        first[number].entry_a_id, first[number].entry_b_id = a, b
    Match.objects.bulk_update(first.values(), ["entry_a", "entry_b"])
    sync_bracket(stage)


# ---------------------------------------------------------------- Swiss rounds


@transaction.atomic
def pair_swiss_round(stage, rng=None, shuffle_tables=False):
    """Pair the next Swiss round as a draft (preview) round; byes are won by the stage's bye score. The top board
    plays at table 1, the next at table 2 and so on; `shuffle_tables` spreads the boards over the tables instead
    (round 1 at random, later rounds each pair at the table its players used least)."""
    stage = lock(stage)
    if stage.kind != Stage.Kind.SWISS:
        raise StageError(_("Only a Swiss stage is paired round by round."))
    last = stage.rounds.order_by("-number").first()
    if last and last.status == Round.Status.DRAFT:
        raise StageError(
            _("Round %(number)s is still a preview: publish or delete it first.") % {"number": last.number}
        )
    if last and undecided(last.matches).exists():
        raise StageError(_("Round %(number)s has matches without a confirmed result.") % {"number": last.number})
    number = (last.number if last else 0) + 1
    if stage.rounds_planned and number > stage.rounds_planned:
        planned = stage.rounds_planned
        raise StageError(
            ngettext("All %(count)s planned rounds are paired.", "All %(count)s planned rounds are paired.", planned)
            % {"count": planned}
        )

    with gc_paused():  # 10,000 players: some 200,000 rows, results and standings objects (core.memory)
        pairs, tables = next_round_pairs(stage, number, rng or random.Random(), shuffle_tables)
        rnd = Round.objects.create(stage=stage, number=number)
        # Plain rows (a 10,000-player round is 5,000 matches): what mark_bye gives a bye, the defaults for the rest.
        insert_rows(
            Match,
            ("stage", "round", "number", "entry_a", "entry_b", "table", "status", "winner", "score_a", "score_b"),
            [
                (stage.pk, rnd.pk, index, a, b, board, Match.Status.SCHEDULED, None, None, None)
                if b is not None
                else (stage.pk, rnd.pk, index, a, None, board, Match.Status.BYE, a, *swiss_bye_score(stage))
                for index, ((a, b), board) in enumerate(zip(pairs, tables, strict=True), 1)
            ],
        )
    if stage.status == Stage.Status.PENDING:
        stage.status = Stage.Status.DRAWN
        stage.save(update_fields=["status"])
    return rnd


def next_round_pairs(stage, number, rng, shuffle_tables):
    """The pairs of the stage's round `number` in board order, the bye last as (id, None), and each pair's table
    (see pair_swiss_round). Everything read to find them is dropped on return."""
    competitors, matches = swiss_field(stage)
    pairer = swiss.SwissPairer(
        stage.pairing_method,
        delay_top_players=stage.delay_top_players,
        delay_compatriots=stage.delay_compatriots,
        delay_club_mates=stage.delay_club_mates,
        first_round="rating" if stage.first_round_by_rating else "random",
        rng=rng,
        bye_score=(stage.bye_score_for, stage.bye_score_against),
    )
    try:
        pairing = pairer.pair(competitors, played=[(m.entry_a_id, m.entry_b_id) for m in matches], round_no=number)
    except DrawError as error:
        raise StageError(error.message) from None
    pairs = [*pairing.pairs, *([(pairing.bye, None)] if pairing.bye else [])]
    if shuffle_tables:
        return pairs, swiss.assign_tables(pairs, table_history(matches), tournament_tables(stage), number, rng)
    return pairs, swiss.tables_in_board_order(pairs, tournament_tables(stage))


def swiss_field(stage):
    """What the pairing engine reads of a Swiss stage: its competitors in standing order, and the stage's matches
    (stages.loading rows). Every active entry competes, and every withdrawn one that has played (it stays in the
    standings, the engine leaves it out). The matches come in no particular order: the standings add up whole
    numbers (points, scores, the bye score), whose sums no order changes, and the pairs met are a set; the
    matches' own order would join the round, stage, event and tournament to sort a 10,000-player stage's
    50,000 rows."""
    matches = match_rows(stage.matches.order_by())
    played = played_ids(matches)
    # The event's entries read whole (cheaper than asked by id), in their order, which the standings keep for rows
    # level on every tie-break.
    entries = [e for e in entry_rows(stage.event.entries.all()) if not e.withdrawn or e.pk in played]
    by_id = {e.pk: e for e in entries}
    competitors = []
    for row in stage_standings(stage, entries, matches):
        entry = by_id[row.id]
        competitors.append(
            swiss.Competitor(
                row.id, row.name, row.points, row.buchholz, row.net_score, row.total_score, row.rating,
                entry.country, entry.club, entry.withdrawn,
            )
        )  # fmt: skip
    return competitors, matches


def undecided(matches):
    """Matches whose result does not count yet: not confirmed, or withheld by a protest (ICF 150)."""
    return matches.filter(~Q(status__in=DECIDED) | Q(result_withheld=True))


WITH_RESULTS = (Match.Status.CONFIRMED, Match.Status.WALKOVER, Match.Status.FINISHED, Match.Status.RETIRED)


def table_history(matches):
    history = defaultdict(lambda: defaultdict(int))
    for m in matches:
        if m.table:
            for entry in (m.entry_a_id, m.entry_b_id):
                history[entry][m.table] += 1
    return history


def tournament_tables(stage):
    """The carrom boards of the tournament's hall, over which Swiss pairing seats the players (the venue is made
    on first use, as scheduling makes it)."""
    return venue_of(stage.event.tournament).tables


# ---------------------------------------------------------------- publishing and changing a draw


@transaction.atomic
def publish_round(rnd):
    rnd.status = Round.Status.PUBLISHED
    rnd.save(update_fields=["status"])
    match_news.send(sender=Match, matches=list(rnd.matches.all()), news="drawn")
    return rnd


@transaction.atomic
def publish_stage(stage):
    """Publish every preview round of a stage (groups, round robins and brackets are published whole)."""
    drafts = list(stage.rounds.filter(status=Round.Status.DRAFT).values_list("pk", flat=True))
    if Round.objects.filter(pk__in=drafts).update(status=Round.Status.PUBLISHED):
        page_cache.changed([stage.event.tournament_id], [stage.pk])  # bulk writes send no signals
        match_news.send(sender=Match, matches=list(Match.objects.filter(round__in=drafts)), news="drawn")


@transaction.atomic
def swap_pairings(first, first_side, second, second_side):
    """Swap one entry of a preview match with one of another match of the same round.

    Returns warnings (a rematch is allowed by hand, but the secretary is told)."""
    first = Match.objects.select_for_update().get(pk=first.pk)
    second = Match.objects.select_for_update().get(pk=second.pk)
    if first.round_id != second.round_id:
        raise StageError(_("Only matches of the same round can be swapped."))
    if first.round.status != Round.Status.DRAFT:
        raise StageError(_("Only a preview round can be changed; this round is published."))
    field_a, field_b = f"entry_{first_side}_id", f"entry_{second_side}_id"
    entry_a, entry_b = getattr(first, field_a), getattr(second, field_b)
    if entry_a is None or entry_b is None:
        raise StageError(_("A bye cannot be swapped; swap the player who has it instead."))
    setattr(first, field_a, entry_b)
    setattr(second, field_b, entry_a)
    if first.pk == second.pk or first.entry_a_id == first.entry_b_id:
        raise StageError(_("A player cannot meet themselves."))
    for match in (first, second):
        if match.entry_b_id is None:
            match.winner_id = match.entry_a_id
        match.save(update_fields=["entry_a", "entry_b", "winner"])
    earlier = Match.objects.filter(stage=first.stage, round__number__lt=first.round.number)
    warnings = []
    for match in (first, second):
        if (
            match.entry_b_id
            and earlier.filter(
                Q(entry_a=match.entry_a_id, entry_b=match.entry_b_id)
                | Q(entry_a=match.entry_b_id, entry_b=match.entry_a_id)
            ).exists()
        ):
            warnings.append(
                _("Rematch: %(a)s and %(b)s have already played each other.") % {"a": match.entry_a, "b": match.entry_b}
            )
    return warnings


def delete_last_round(stage, confirm_results=False):
    """Delete the stage's last round. A round with results needs `confirm_results` (a second confirmation)."""
    try:
        return _delete_last_round(stage, confirm_results)
    except IntegrityError:
        # Something entered meanwhile (a protest, a check-in) points at a match of the round: nothing is deleted.
        raise StageError(
            _(
                "Something was entered in this round while it was being deleted; nothing is deleted. "
                "Look at the round again, then delete it if it should still go."
            )
        ) from None


@transaction.atomic
def _delete_last_round(stage, confirm_results):
    stage = lock(stage)
    whole_draw = stage.kind in (Stage.Kind.KNOCKOUT, Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN)
    last = stage.rounds.order_by("-number").first()
    # A result being entered holds its match's row (scoring locks the match): wait for it, so it is counted below
    # and its games are deleted with the match instead of pointing at a deleted one.
    doomed = stage.matches.all() if whole_draw else Match.objects.filter(round=last)
    list(doomed.select_for_update(of=("self",)).only("pk"))
    if whole_draw:
        return delete_draw(stage, confirm_results)
    if last is None:
        raise StageError(_("There is no round to delete."))
    if not confirm_results and (count := last.matches.filter(status__in=WITH_RESULTS).count()):
        raise ResultsToConfirm(
            ngettext(
                "Round %(number)s has %(count)s result(s): confirm again to delete them.",
                "Round %(number)s has %(count)s result(s): confirm again to delete them.",
                count,
            )
            % {"number": last.number, "count": count}
        )
    last.delete()
    if not stage.rounds.exists():
        stage.status = Stage.Status.PENDING
        stage.save(update_fields=["status"])
    return last.number


def delete_draw(stage, confirm_results):
    """Brackets, groups and round robins are drawn whole, so they are deleted whole: the stage can be drawn again."""
    if stage.next_stages.exclude(status=Stage.Status.PENDING).exists():
        raise StageError(
            _("A later stage has already been drawn from %(stage)s; delete that draw first.") % {"stage": stage.name}
        )
    if not confirm_results and (count := stage.matches.filter(status__in=WITH_RESULTS).count()):
        raise ResultsToConfirm(
            ngettext(
                "%(stage)s has %(count)s result(s): confirm again to delete them.",
                "%(stage)s has %(count)s result(s): confirm again to delete them.",
                count,
            )
            % {"stage": stage.name, "count": count}
        )
    count = stage.rounds.count()
    stage.rounds.all().delete()
    stage.groups.all().delete()
    stage.status = Stage.Status.PENDING
    stage.save(update_fields=["status"])
    return count


# ---------------------------------------------------------------- stage life


@transaction.atomic
def finish_stage(stage):
    stage = lock(stage)
    if stage.status != Stage.Status.DRAWN:
        raise StageError(_("%(stage)s is not in play.") % {"stage": stage.name})
    open_count = undecided(stage.matches).exclude(entry_a=None, entry_b=None).count()
    if open_count:
        raise StageError(
            ngettext(
                "%(stage)s still has %(count)s match(es) without a confirmed result.",
                "%(stage)s still has %(count)s match(es) without a confirmed result.",
                open_count,
            )
            % {"stage": stage.name, "count": open_count}
        )
    if stage.kind == Stage.Kind.SWISS and stage.rounds_planned:
        played = stage.rounds.count()
        if played < stage.rounds_planned:
            raise StageError(
                ngettext(
                    "%(stage)s has played %(played)s of %(count)s rounds.",
                    "%(stage)s has played %(played)s of %(count)s rounds.",
                    stage.rounds_planned,
                )
                % {"stage": stage.name, "played": played, "count": stage.rounds_planned}
            )
    stage.status = Stage.Status.FINISHED
    stage.save(update_fields=["status"])
    stage_finished.send(sender=Stage, stage=stage)
    return stage


def lock(stage):
    return Stage.objects.select_for_update(of=("self",)).select_related("event", "source").get(pk=stage.pk)


def require_pending(stage):
    if stage.status != Stage.Status.PENDING:
        raise StageError(_("%(stage)s is already drawn; delete its rounds to draw again.") % {"stage": stage.name})
