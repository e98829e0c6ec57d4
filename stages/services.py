"""Building draws: the secretary's operations on stages. Each loads what the engine needs in a few queries, runs a
plain-Python engine from stages.draws, and saves with bulk_create, in one transaction."""

import random
from collections import defaultdict

from django.db import transaction
from django.db.models import Max, Prefetch, Q

from core import page_cache
from stages.draws import groups as group_engine
from stages.draws import knockout, round_robin, swiss
from stages.draws.errors import DrawError
from stages.draws.standings import METRICS, ROUND_ROBIN_PRECEDENCE, SWISS_PRECEDENCE, MatchResult, standings
from stages.models import Group, GroupMember, Match, Round, Stage
from stages.signals import hall_tables
from tournaments.models import Entry, EntryMember


class StageError(Exception):
    """An operation the secretary asked for cannot be done now; the message says why."""


class ResultsToConfirm(StageError):
    """Deleting would delete results: done only when asked a second time (`confirm_results`)."""


# ---------------------------------------------------------------- who plays


def with_players(entries):
    """Entries with their members, players and clubs, in two queries whatever their number."""
    return entries.prefetch_related(Prefetch("members", members_with_players()))


def groups_with_players(stage):
    """A stage's groups with their members' entries, players and clubs (see with_players)."""
    members = GroupMember.objects.select_related("entry").prefetch_related(
        Prefetch("entry__members", members_with_players())
    )
    return stage.groups.prefetch_related(Prefetch("members", members))


def members_with_players():
    """Entry members with their players and clubs, for a Prefetch.

    Not `prefetch_related("members__player")`: Django 5.2 prefetches a foreign key on SQLite with one OR term per
    row, which SQLite refuses from about 1,000 players ("Expression tree is too large")."""
    return EntryMember.objects.select_related("player__club")


def entrants(stage):
    """The entries that enter a stage: every active entry of the event, or the qualifiers of its source stage,
    in seeding order (best first)."""
    if stage.source_id is None:
        entries = with_players(stage.event.entries.filter(withdrawn=False))
        return sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, -(entry_rating(e) or 0), e.name))
    source = require_source_finished(stage)
    if source.kind == Stage.Kind.GROUPS:
        tiers = qualifiers_by_group(source, stage.qualifiers)
        # Winners first (group order), then runners-up, ...
        return [group[place] for place in range(stage.qualifiers) for group in tiers if place < len(group)]
    matches = list(source.matches.all())
    entries = played_entries(matches)
    by_id = {entry.pk: entry for entry in entries}
    table = stage_standings(source, entries, matches)
    return [by_id[row.id] for row in table if not by_id[row.id].withdrawn][: stage.qualifiers]


def require_source_finished(stage):
    source = stage.source
    if source.status != Stage.Status.FINISHED:
        raise StageError(f"{source.name} is not finished yet: its qualifiers are not known.")
    if stage.qualifiers is None:
        raise StageError(f"Say how many qualify from {source.name}.")
    return source


def qualifiers_by_group(stage, per_group):
    tiers = []
    for group, rows in group_standings(stage).items():
        by_id = {member.entry_id: member.entry for member in group.members.all()}
        tiers.append([by_id[row.id] for row in rows if not by_id[row.id].withdrawn][:per_group])
    return tiers


def entry_rating(entry):
    ratings = [member.player.rating for member in entry.members.all() if member.player.rating is not None]
    return sum(ratings) / len(ratings) if ratings else None


def entry_attribute(entry, name):
    members = [member.player for member in entry.members.all()]
    if name == "club":
        return members[0].club.name if members and members[0].club else ""
    return members[0].country if members else ""


def next_order(event):
    """A new stage's place in its event's order: after the last one."""
    last = event.stages.aggregate(last=Max("order"))["last"]
    return (last or 0) + 1


def settings_errors(event, values, stage=None):
    """What is wrong with a stage's settings, as {field: message}; the page form and the API both ask here.

    `values` holds the submitted settings; missing ones are read from `stage` (an update)."""

    def value(name):
        return values[name] if name in values else getattr(stage, name, None)

    errors = {}
    order, source, kind, qualifiers = value("order"), value("source"), value("kind"), value("qualifiers")
    others = event.stages.exclude(pk=stage.pk) if stage else event.stages.all()
    if order is not None and others.filter(order=order).exists():
        errors["order"] = "Another stage of this event already has this place in the order."
    if source is not None:
        if source.event_id != event.pk or (order is not None and source.order >= order):
            errors["source"] = "The source must be an earlier stage (lower order) of the same event."
        elif source.kind == Stage.Kind.KNOCKOUT:
            errors["source"] = "A knockout has no standings to qualify from."
        if not qualifiers:
            errors["qualifiers"] = f"Say how many qualify from {source.name}."
        elif kind == Stage.Kind.KNOCKOUT and source.kind != Stage.Kind.GROUPS and qualifiers < 2:
            errors["qualifiers"] = "A knockout needs at least two entries."
    elif qualifiers:
        errors["qualifiers"] = "Qualifiers are counted from a source stage; choose one or leave this empty."
    if kind == Stage.Kind.GROUPS and not value("group_count"):
        errors["group_count"] = "Say how many groups to draw (at least 1)."
    if kind == Stage.Kind.SWISS and value("rounds_planned") == 0:
        errors["rounds_planned"] = "A Swiss stage needs at least one round."
    tiebreaks = value("tiebreaks") or []
    unknown = [key for key in tiebreaks if key not in METRICS]
    if unknown:
        errors["tiebreaks"] = f"Unknown tie-break(s): {', '.join(unknown)}. Known: {', '.join(sorted(METRICS))}."
    elif len(set(tiebreaks)) != len(tiebreaks):
        errors["tiebreaks"] = "Name each tie-break once."
    return errors


# ---------------------------------------------------------------- standings


def decided_results(matches, byes_count):
    """MatchResult rows for the standings engine: decided matches only (a protested or unconfirmed result
    counts for nothing yet). A Swiss bye is a win; a round-robin bye is a rest and counts for nothing."""
    results = []
    for match in matches:
        if not match.is_decided or match.entry_a_id is None:
            continue
        if match.entry_b_id is None:
            if byes_count:
                results.append(MatchResult(match.entry_a_id, None, match.score_a or 0, match.score_b or 0))
        elif match.forfeited == "ab":  # both absent at the deadline (issue #6): a loss for each
            results.append(MatchResult(match.entry_a_id, match.entry_b_id, 0, 0, both_lose=True))
        else:
            results.append(MatchResult(match.entry_a_id, match.entry_b_id, *result_scores(match)))
    return results


def result_scores(match):
    """Scores as the standings engine reads them: the winner always has the higher score, so a best-of-three
    match won on games counts as a win even when the loser scored more points in total."""
    a, b = match.score_a or 0, match.score_b or 0
    if match.winner_id == match.entry_a_id and a <= b:
        return b + 1, a
    if match.winner_id == match.entry_b_id and b <= a:
        return a, b + 1
    return a, b


def precedence(stage):
    if stage.tiebreaks:
        return tuple(stage.tiebreaks)
    return SWISS_PRECEDENCE if stage.kind == Stage.Kind.SWISS else ROUND_ROBIN_PRECEDENCE


def points_for(stage):
    points = stage.event.rules.standings_points
    return (points.win, points.draw, points.loss)


def played_entries(matches):
    """The entries that play in `matches`, with their players (see with_players)."""
    return list(with_players(Entry.objects.filter(pk__in=played_ids(matches))))


def stage_standings(stage, entries=None, matches=None):
    """Standings rows (stages.draws.standings.Standing) of a Swiss or round-robin stage."""
    if matches is None:
        matches = list(stage.matches.all())
    if entries is None:
        entries = played_entries(matches)
    competitors = [{"id": e.pk, "name": e.name, "rating": entry_rating(e)} for e in entries]
    results = decided_results(matches, byes_count=stage.kind == Stage.Kind.SWISS)
    return standings(competitors, results, precedence(stage), points_for(stage))


def group_standings(stage, matches=None):
    """{group: standings rows} for a groups or round-robin stage, in group order; `matches` (default: all the
    stage's) are the ones that count. Each group comes with its members' entries and players."""
    groups = list(groups_with_players(stage))
    matches_by_group = defaultdict(list)
    for match in stage.matches.all() if matches is None else matches:
        matches_by_group[match.group_id].append(match)
    return {
        group: stage_standings(stage, [member.entry for member in group.members.all()], matches_by_group[group.pk])
        for group in groups
    }


# ---------------------------------------------------------------- groups and round robins


@transaction.atomic
def draw_groups(stage, rng=None):
    """Groups (a round robin is one group), with the full Berger schedule of every group as draft rounds."""
    stage = lock(stage)
    require_pending(stage)
    entries = entrants(stage)
    count = 1 if stage.kind == Stage.Kind.ROUND_ROBIN else (stage.group_count or 0)
    if count < 1:
        raise StageError("Say how many groups to draw.")
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
        # A Swiss bye counts as a win by the stage's bye score; a round-robin bye is a rest round.
        match.score_a, match.score_b = stage.bye_score_for, stage.bye_score_against


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
            raise StageError("A knockout needs at least two entries.")
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


def sync_bracket(stage):
    """Recompute the bracket from the first-round lines and every decided result, and store who plays whom.

    Called after every result, walkover or withdrawal: winners advance, walkovers and withdrawals advance the
    opponent. A changed result that would remove a player who has already played on is refused."""
    matches = list(stage.matches.select_related("round").order_by("round__number", "number"))
    third_round = next((m.round.number for m in matches if m.round.name == knockout.THIRD_PLACE), None)

    def key(match):
        return (0, 0) if match.round.number == third_round else (match.round.number, match.number - 1)

    lines = [[m.entry_a_id, m.entry_b_id] for m in matches if m.round.number == 1]
    results, walkovers = {}, {}
    for m in matches:
        if m.result_withheld:  # ICF 150: a protested result advances nobody until the protest is decided
            continue
        if m.status == Match.Status.CONFIRMED:
            results[key(m)] = m.winner_id
        elif m.status == Match.Status.WALKOVER and m.winner_id:
            walkovers[key(m)] = m.entry_b_id if m.winner_id == m.entry_a_id else m.entry_a_id
        elif m.status == Match.Status.WALKOVER and m.forfeited == "ab":  # both absent: nobody advances
            walkovers[key(m)] = (m.entry_a_id, m.entry_b_id)
    withdrawn = set(stage.event.entries.filter(withdrawn=True).values_list("pk", flat=True))
    try:
        bracket = knockout.advance(lines, results, walkovers, withdrawn, third_place=third_round is not None)
    except DrawError as error:
        raise StageError(f"The bracket cannot follow this change: {error.message}") from None

    by_key = {km.key: km for km in bracket.matches()}
    changed = []
    for m in matches:
        km = by_key[key(m)]
        before = (m.entry_a_id, m.entry_b_id, m.winner_id, m.status)
        if m.round.number != 1:
            m.entry_a_id, m.entry_b_id = km.a, km.b
        if km.decided and km.walkover and m.status not in (Match.Status.WALKOVER, Match.Status.CONFIRMED):
            m.winner_id, m.status = km.winner, Match.Status.BYE
        elif not km.decided and m.status == Match.Status.BYE:
            m.winner_id, m.status = None, Match.Status.SCHEDULED
        if (m.entry_a_id, m.entry_b_id, m.winner_id, m.status) != before:
            changed.append(m)
    Match.objects.bulk_update(changed, ["entry_a", "entry_b", "winner", "status"])
    if changed:  # bulk writes send no signals
        page_cache.changed([stage.event.tournament_id])
    return bracket


# ---------------------------------------------------------------- Swiss rounds


@transaction.atomic
def pair_swiss_round(stage, rng=None):
    """Pair the next Swiss round as a draft (preview) round; byes are won by the stage's bye score."""
    stage = lock(stage)
    if stage.kind != Stage.Kind.SWISS:
        raise StageError("Only a Swiss stage is paired round by round.")
    last = stage.rounds.order_by("-number").first()
    if last and last.status == Round.Status.DRAFT:
        raise StageError(f"Round {last.number} is still a preview: publish or delete it first.")
    if last and undecided(last.matches).exists():
        raise StageError(f"Round {last.number} has matches without a confirmed result.")
    number = (last.number if last else 0) + 1
    if stage.rounds_planned and number > stage.rounds_planned:
        raise StageError(f"All {stage.rounds_planned} planned rounds are paired.")

    matches = list(stage.matches.all())
    entries = list(with_players(stage.event.entries.filter(Q(withdrawn=False) | Q(pk__in=played_ids(matches)))))
    table = stage_standings(stage, entries, matches)
    by_id = {e.pk: e for e in entries}
    competitors = [
        swiss.Competitor(
            id=row.id,
            name=row.name,
            points=row.points,
            buchholz=row.buchholz,
            net_score=row.net_score,
            total_score=row.total_score,
            rating=row.rating,
            country=entry_attribute(by_id[row.id], "country"),
            club=entry_attribute(by_id[row.id], "club"),
            withdrawn=by_id[row.id].withdrawn,
        )
        for row in table
    ]
    played = [(m.entry_a_id, m.entry_b_id) for m in matches]
    pairer = swiss.SwissPairer(
        stage.pairing_method,
        delay_top_players=stage.delay_top_players,
        first_round="rating" if stage.first_round_by_rating else "random",
        rng=rng or random.Random(),
        bye_score=(stage.bye_score_for, stage.bye_score_against),
    )
    try:
        pairing = pairer.pair(competitors, played=played, round_no=number)
    except DrawError as error:
        raise StageError(error.message) from None

    rnd = Round.objects.create(stage=stage, number=number)
    history = table_history(matches)
    pairs = [*pairing.pairs, *([(pairing.bye, None)] if pairing.bye else [])]
    tables = swiss.assign_tables(pairs, history, tournament_tables(stage), number, rng)
    new = []
    for index, ((a, b), board) in enumerate(zip(pairs, tables, strict=True), 1):
        match = Match(stage=stage, round=rnd, number=index, entry_a_id=a, entry_b_id=b, table=board)
        if b is None:
            mark_bye(match, stage)
        new.append(match)
    Match.objects.bulk_create(new)
    if stage.status == Stage.Status.PENDING:
        stage.status = Stage.Status.DRAWN
        stage.save(update_fields=["status"])
    return rnd


DECIDED = (Match.Status.CONFIRMED, Match.Status.WALKOVER, Match.Status.BYE)


def undecided(matches):
    """Matches whose result does not count yet: not confirmed, or withheld by a protest (ICF 150)."""
    return matches.filter(~Q(status__in=DECIDED) | Q(result_withheld=True))


WITH_RESULTS = (Match.Status.CONFIRMED, Match.Status.WALKOVER, Match.Status.FINISHED, Match.Status.RETIRED)


def played_ids(matches):
    return ({m.entry_a_id for m in matches} | {m.entry_b_id for m in matches}) - {None}


def table_history(matches):
    history = defaultdict(lambda: defaultdict(int))
    for m in matches:
        if m.table:
            for entry in (m.entry_a_id, m.entry_b_id):
                history[entry][m.table] += 1
    return history


def tournament_tables(stage):
    return hall_tables(stage.event.tournament)


@transaction.atomic
def publish_round(rnd):
    rnd.status = Round.Status.PUBLISHED
    rnd.save(update_fields=["status"])
    return rnd


@transaction.atomic
def publish_stage(stage):
    """Publish every preview round of a stage (groups, round robins and brackets are published whole)."""
    if stage.rounds.filter(status=Round.Status.DRAFT).update(status=Round.Status.PUBLISHED):
        page_cache.changed([stage.event.tournament_id])  # bulk writes send no signals


@transaction.atomic
def swap_pairings(first, first_side, second, second_side):
    """Swap one entry of a preview match with one of another match of the same round.

    Returns warnings (a rematch is allowed by hand, but the secretary is told)."""
    first = Match.objects.select_for_update().get(pk=first.pk)
    second = Match.objects.select_for_update().get(pk=second.pk)
    if first.round_id != second.round_id:
        raise StageError("Only matches of the same round can be swapped.")
    if first.round.status != Round.Status.DRAFT:
        raise StageError("Only a preview round can be changed; this round is published.")
    field_a, field_b = f"entry_{first_side}_id", f"entry_{second_side}_id"
    entry_a, entry_b = getattr(first, field_a), getattr(second, field_b)
    if entry_a is None or entry_b is None:
        raise StageError("A bye cannot be swapped; swap the player who has it instead.")
    setattr(first, field_a, entry_b)
    setattr(second, field_b, entry_a)
    if first.pk == second.pk or first.entry_a_id == first.entry_b_id:
        raise StageError("A player cannot meet themselves.")
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
            warnings.append(f"Rematch: {match.entry_a} and {match.entry_b} have already played each other.")
    return warnings


@transaction.atomic
def delete_last_round(stage, confirm_results=False):
    """Delete the stage's last round. A round with results needs `confirm_results` (a second confirmation)."""
    stage = lock(stage)
    if stage.kind in (Stage.Kind.KNOCKOUT, Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN):
        return delete_draw(stage, confirm_results)
    last = stage.rounds.order_by("-number").first()
    if last is None:
        raise StageError("There is no round to delete.")
    if not confirm_results and (count := last.matches.filter(status__in=WITH_RESULTS).count()):
        raise ResultsToConfirm(f"Round {last.number} has {count} result(s): confirm again to delete them.")
    last.delete()
    if not stage.rounds.exists():
        stage.status = Stage.Status.PENDING
        stage.save(update_fields=["status"])
    return last.number


def delete_draw(stage, confirm_results):
    """Brackets, groups and round robins are drawn whole, so they are deleted whole: the stage can be drawn again."""
    if stage.next_stages.exclude(status=Stage.Status.PENDING).exists():
        raise StageError(f"A later stage has already been drawn from {stage.name}; delete that draw first.")
    if not confirm_results and (count := stage.matches.filter(status__in=WITH_RESULTS).count()):
        raise ResultsToConfirm(f"{stage.name} has {count} result(s): confirm again to delete them.")
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
        raise StageError(f"{stage.name} is not in play.")
    open_count = undecided(stage.matches).exclude(entry_a=None, entry_b=None).count()
    if open_count:
        raise StageError(f"{stage.name} still has {open_count} match(es) without a confirmed result.")
    if stage.kind == Stage.Kind.SWISS and stage.rounds_planned:
        played = stage.rounds.count()
        if played < stage.rounds_planned:
            raise StageError(f"{stage.name} has played {played} of {stage.rounds_planned} rounds.")
    stage.status = Stage.Status.FINISHED
    stage.save(update_fields=["status"])
    return stage


@transaction.atomic
def draw_stage(stage, rng=None):
    """Draw a stage whatever its kind: groups and round robins whole, knockouts whole, Swiss round 1."""
    if stage.kind in (Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN):
        return draw_groups(stage, rng)
    if stage.kind == Stage.Kind.KNOCKOUT:
        return draw_knockout(stage)
    return pair_swiss_round(stage, rng)


def lock(stage):
    return Stage.objects.select_for_update(of=("self",)).select_related("event", "source").get(pk=stage.pk)


def require_pending(stage):
    if stage.status != Stage.Status.PENDING:
        raise StageError(f"{stage.name} is already drawn; delete its rounds to draw again.")
