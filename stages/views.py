"""Stage pages: the public view of a stage (groups, round-robin grids, Swiss rounds, bracket) and the secretary's
actions on it. Every change goes through stages.services or scoring.services; these views only read
forms, call a service and say what happened."""

from collections import defaultdict
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from core.page_cache import public_page
from stages import services as stage_services
from stages.display import result_text, side_scores
from stages.draws.knockout import THIRD_PLACE
from stages.forms import ResultForm, StageForm, SwapForm
from stages.models import OPEN, Match, Round, Stage
from stages.services import StageError
from tournaments.models import Event, Tournament
from tournaments.permissions import is_secretary, is_umpire
from tournaments.views import secretary_tournament

# ---------------------------------------------------------------- reading a stage


def stage_queryset():
    return Stage.objects.select_related("event__tournament", "source")


@public_page
def stage_detail(request, slug, stage_id):
    tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=slug)
    stage = get_object_or_404(stage_queryset(), pk=stage_id, event__tournament=tournament)
    secretary = is_secretary(request.user, tournament)
    context = {"tournament": tournament, "event": stage.event, "stage": stage, "is_secretary": secretary}
    context["prints_score_cards"] = secretary or is_umpire(request.user, tournament)  # secretaries, referees, umpires
    context.update(stage_page_data(stage, secretary))
    return render(request, "stages/detail.html", context)


def stage_page_data(stage, secretary):
    """Everything the stage page shows, loaded in a fixed number of queries whatever the stage's size.

    Preview (draft) rounds, and what only they contain, are left out unless `secretary`."""
    rounds = [r for r in stage.rounds.all() if secretary or r.status == Round.Status.PUBLISHED]
    by_round = {r.pk: r for r in rounds}
    swiss = stage.kind == Stage.Kind.SWISS
    matches = swiss_matches(stage, rounds) if swiss else stage_matches(stage, rounds)
    # The latest Swiss round's pairings under the standings; earlier rounds on their own pages.
    shown = rounds[-1:] if swiss else rounds
    for r in rounds:
        r.match_list = []
    for m in matches:
        m.round = by_round[m.round_id]
        m.round.match_list.append(m)
    for m in (m for r in shown for m in r.match_list):
        m.result_text = result_text(m)
        m.side_scores = side_scores(m)
        m.takes_result = secretary and m.round.status == Round.Status.PUBLISHED and takes_result(m)
    data = {"rounds": rounds, "matches": matches}
    if stage.kind in (Stage.Kind.GROUPS, Stage.Kind.ROUND_ROBIN):
        data["groups"] = group_tables(stage, rounds, matches) if rounds else []
    elif swiss:
        entries = stage_services.played_entries(matches)
        name_sides(shown[0].match_list if shown else [], entries)
        data["standings"] = stage_services.stage_standings(stage, entries, matches) if matches else []
        data["swiss_rounds"], data["earlier_rounds"] = shown, rounds[-2::-1]
    else:
        data["bracket"] = [r for r in rounds if r.name != THIRD_PLACE]
        data["third_place"] = next((r for r in rounds if r.name == THIRD_PLACE), None)
    if secretary:
        data.update(secretary_data(stage, rounds))
    return data


def stage_matches(stage, rounds):
    matches = stage.matches.filter(round__in=rounds).order_by("round__number", "group__number", "number")
    if stage.kind == Stage.Kind.KNOCKOUT:
        # A group's matches are named from the groups' members, which the standings load (group_tables).
        matches = matches.select_related("entry_a", "entry_b")
    return list(matches)


# What the standings read of a match (stage_services.decided_results), and its stage (the related manager sets it).
STANDINGS_FIELDS = (
    "stage",
    "round",
    "entry_a",
    "entry_b",
    "winner",
    "status",
    "result_withheld",
    "forfeited",
    "score_a",
    "score_b",
)


def swiss_matches(stage, rounds):
    """A Swiss stage page shows the latest round's pairings; the earlier rounds (5,500 matches in a 1,000-player
    event) only count in the standings, so they are loaded with what the standings read, and no match brings its
    entries: the standings' entry list names the latest round's players (`name_sides`)."""
    matches = stage.matches.filter(round__in=rounds).order_by("round__number", "number")
    latest = rounds[-1] if rounds else None
    return [*matches.exclude(round=latest).only(*STANDINGS_FIELDS), *matches.filter(round=latest)]


def name_sides(matches, entries):
    """Give `matches` their entries from an entry list already loaded."""
    by_id = {entry.pk: entry for entry in entries}
    for m in matches:
        m.entry_a, m.entry_b = by_id.get(m.entry_a_id), by_id.get(m.entry_b_id)


def takes_result(match):
    open_or_confirmed = match.status in OPEN or match.status == Match.Status.CONFIRMED
    return open_or_confirmed and match.entry_a_id is not None and match.entry_b_id is not None


def group_tables(stage, rounds, matches):
    """Per group: members, standings rows, the cross table and the group's matches round by round."""
    standings_by_group = stage_services.group_standings(stage, matches)
    entries_by_group = {group: [member.entry for member in group.members.all()] for group in standings_by_group}
    # Every entry of the stage's matches is a member of one of its groups (a swap moves entries within a round).
    name_sides(matches, [entry for entries in entries_by_group.values() for entry in entries])
    by_group = defaultdict(list)
    played = defaultdict(list)  # (group, round) → the matches played (not a rest)
    for m in matches:
        by_group[m.group_id].append(m)
        if m.entry_b_id is not None:
            played[m.group_id, m.round_id].append(m)
    tables = []
    for group, standings in standings_by_group.items():
        group_matches = by_group[group.pk]
        tables.append(
            {
                "group": group,
                "standings": standings,
                "grid": cross_table(entries_by_group[group], group_matches),
                "rounds": [(r, played[group.pk, r.pk]) for r in rounds],
                "open_count": sum(1 for m in group_matches if m.takes_result and m.status in OPEN),
            }
        )
    return tables


def cross_table(entries, matches):
    """Rows of (entry, cells): a cell holds the results of the row entry against the column entry, row's side first."""
    results = defaultdict(list)
    for m in matches:
        if m.entry_b_id is None:
            continue
        for row, column, flip in ((m.entry_a_id, m.entry_b_id, False), (m.entry_b_id, m.entry_a_id, True)):
            results[row, column].append((result_text(m, flip, short=True) or "·", result_text(m, flip)))
    return [
        (entry, [grid_cell(entry.pk == other.pk, results[entry.pk, other.pk]) for other in entries])
        for entry in entries
    ]


def grid_cell(is_self, results):
    return {
        "self": is_self,
        "text": " / ".join(short for short, _ in results),
        "title": " / ".join(full for _, full in results),
    }


def secretary_data(stage, rounds):
    drafts = [r for r in rounds if r.status == Round.Status.DRAFT]
    last = rounds[-1] if rounds else None
    swap_round = None
    if stage.kind == Stage.Kind.SWISS and last and last.status == Round.Status.DRAFT:
        swap_round = last
    elif stage.kind == Stage.Kind.KNOCKOUT and rounds and rounds[0].status == Round.Status.DRAFT:
        swap_round = rounds[0]
    in_play = stage.status != Stage.Status.FINISHED
    return {
        "can_draw": stage.status == Stage.Status.PENDING,
        "can_pair": stage.kind == Stage.Kind.SWISS and in_play and bool(rounds) and not drafts,
        "draft_rounds": drafts,
        "swap_round": swap_round,
        "swap_form": SwapForm(matches=swap_round.match_list, auto_id="swap_%s") if swap_round else None,
        "last_round": last if stage.kind == Stage.Kind.SWISS and in_play else None,
        # Groups, round robins and brackets are drawn whole and deleted whole.
        "can_delete_draw": stage.kind != Stage.Kind.SWISS and stage.status == Stage.Status.DRAWN,
        "can_finish": stage.status == Stage.Status.DRAWN,
        "result_form": ResultForm(auto_id=False),
    }


# ---------------------------------------------------------------- creating stages


@login_required
def stage_create(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    form = StageForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        stage = form.save()
        messages.success(request, f"Stage {stage.name} added.")
        return redirect(stage)
    title = f"New stage in {event.name}"
    return render(request, "stages/form.html", {"form": form, "event": event, "title": title})


@login_required
def stage_edit(request, slug, stage_id):
    stage = secretary_stage(request, slug, stage_id)
    if stage.status != Stage.Status.PENDING:
        messages.error(request, f"{stage.name} is drawn: delete its rounds before changing how it is drawn.")
        return redirect(stage)
    form = StageForm(request.POST or None, instance=stage, event=stage.event)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, f"Stage {stage.name} saved.")
        return redirect(stage)
    context = {"form": form, "event": stage.event, "title": f"Edit {stage.name}"}
    return render(request, "stages/form.html", context)


# ---------------------------------------------------------------- secretary actions


def secretary_stage(request, slug, stage_id):
    tournament = secretary_tournament(request, slug)
    return get_object_or_404(stage_queryset(), pk=stage_id, event__tournament=tournament)


def stage_action(func):
    """A POST-only secretary action: a StageError becomes an error message on the stage page."""

    @login_required
    @require_POST
    @wraps(func)
    def view(request, slug, stage_id):
        stage = secretary_stage(request, slug, stage_id)
        try:
            response = func(request, stage)
        except StageError as error:
            messages.error(request, str(error))
            response = None
        return response or redirect(stage)

    return view


@stage_action
def stage_draw(request, stage):
    stage_services.draw_stage(stage)
    if stage.kind == Stage.Kind.SWISS:
        messages.success(request, "Round 1 is paired as a preview: check it, swap if needed, then publish it.")
    else:
        messages.success(request, f"{stage.name} is drawn as a preview: check it, then publish it.")


@stage_action
def stage_pair(request, stage):
    rnd = stage_services.pair_swiss_round(stage)
    messages.success(request, f"Round {rnd.number} is paired as a preview: check it, then publish it.")


@stage_action
def stage_publish(request, stage):
    round_id = request.POST.get("round")
    if round_id:
        rnd = get_object_or_404(Round, pk=round_id, stage=stage)
        stage_services.publish_round(rnd)
        messages.success(request, f"{rnd.display_name} is published.")
    else:
        stage_services.publish_stage(stage)
        messages.success(request, f"{stage.name} is published.")


@stage_action
def stage_swap(request, stage):
    rnd = get_object_or_404(Round, pk=request.POST.get("round") or 0, stage=stage)
    form = SwapForm(request.POST, matches=list(rnd.matches.select_related("entry_a", "entry_b")))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, f"Swap: {error}")
        return None
    (first, first_side), (second, second_side) = form.places()
    warnings = stage_services.swap_pairings(first, first_side, second, second_side)
    messages.success(request, "Swapped.")
    for warning in warnings:
        messages.warning(request, warning)
    return None


@stage_action
def stage_delete_round(request, stage):
    confirmed = request.POST.get("confirm_results") == "1"
    try:
        number = stage_services.delete_last_round(stage, confirm_results=confirmed)
    except stage_services.ResultsToConfirm as error:
        # Ask a second time, saying what will be lost.
        last = stage.rounds.order_by("-number").first()
        context = {"stage": stage, "event": stage.event, "round": last, "question": str(error)}
        return render(request, "stages/confirm_delete.html", context)
    if stage.kind == Stage.Kind.SWISS:
        messages.success(request, f"Round {number} is deleted.")
    else:
        messages.success(request, f"The draw of {stage.name} is deleted; it can be drawn again.")
    return None


@stage_action
def stage_finish(request, stage):
    stage_services.finish_stage(stage)
    messages.success(request, f"{stage.name} is finished.")
