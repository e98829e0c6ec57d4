"""Stage pages: the public view of a stage (groups, round-robin grids, Swiss rounds, bracket) and the secretary's
actions on it. Every change goes through stages.services or scoring.services, and what a page shows is read by
stages.stage_page; these views only read the request and forms, call one of them and say what happened."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.live import live_fragment, live_region
from core.numbers import object_id
from core.page_cache import public_page
from stages import deleting
from stages import services as stage_services
from stages.errors import StageError
from stages.forms import GAMES_PATTERN, ResultForm, StageForm, SwapForm
from stages.models import Round, Stage
from stages.rules_round import league_score_example
from stages.scoping import secretary_stage, visible_stage
from stages.stage_page import stage_page_data
from tournaments.models import Event, Tournament
from tournaments.permissions import is_secretary, is_umpire
from tournaments.scoping import secretary_tournament
from tournaments.services import set_tournament_status

# ---------------------------------------------------------------- reading a stage


@public_page(params=("fragment",), live=True, part="stage_id")
def stage_detail(request, slug, stage_id):
    """The stage page. Its standings, bracket or pairings refresh themselves on a screen left open in the hall
    (static/js/live.js polls ?fragment=1); the secretary's page, with its forms, does not."""
    stage, tournament = visible_stage(request, slug, stage_id)
    secretary = is_secretary(request.user, tournament)
    context = {"tournament": tournament, "event": stage.event, "stage": stage, "is_secretary": secretary}
    context["prints_score_cards"] = secretary or is_umpire(request.user, tournament)  # secretaries, referees, umpires
    context.update(stage_page_data(stage, secretary))
    if secretary:
        context.update(secretary_forms(stage, context["swap_round"]))
    body = render_to_string("stages/_body.html", context, request)
    if secretary:
        return render(request, "stages/detail.html", {**context, "body": body})
    if request.GET.get("fragment"):
        return live_fragment(request, body)
    return render(request, "stages/detail.html", {**context, "body": body, **live_region(request, body)})


def secretary_forms(stage, swap_round):
    """The forms of the secretary's actions on the stage page: the swap of a preview round's pairings, and a
    result entered from the page (its example in the games the event's rule set plays)."""
    return {
        "swap_form": SwapForm(matches=swap_round.match_list, auto_id="swap_%s") if swap_round else None,
        "result_form": ResultForm(auto_id=False),
        "games_pattern": GAMES_PATTERN,
        "score_example": league_score_example(stage),
    }


# ---------------------------------------------------------------- creating stages


@login_required
def stage_create(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    form = StageForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        stage = form.save()
        messages.success(request, _("Stage %(stage)s added.") % {"stage": stage.name})
        return redirect(stage)
    title = _("New stage in %(event)s") % {"event": event.name}
    return render(request, "stages/form.html", {"form": form, "event": event, "title": title})


@login_required
def stage_edit(request, slug, stage_id):
    stage = secretary_stage(request, slug, stage_id)
    if stage.status != Stage.Status.PENDING:
        messages.error(
            request, _("%(stage)s is drawn: delete its rounds before changing how it is drawn.") % {"stage": stage.name}
        )
        return redirect(stage)
    form = StageForm(request.POST or None, instance=stage, event=stage.event)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Stage %(stage)s saved.") % {"stage": stage.name})
        return redirect(stage)
    context = {"form": form, "event": stage.event, "title": _("Edit %(stage)s") % {"stage": stage.name}}
    return render(request, "stages/form.html", context)


# ---------------------------------------------------------------- secretary actions


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


def shuffle_tables(request):
    """The secretary ticked "Shuffle tables" when pairing a Swiss round (else the top board plays at table 1)."""
    return request.POST.get("shuffle_tables") == "1"


@stage_action
def stage_draw(request, stage):
    stage_services.draw_stage(stage, shuffle_tables=shuffle_tables(request))
    if stage.kind == Stage.Kind.SWISS:
        messages.success(request, _("Round 1 is paired as a preview: check it, swap if needed, then publish it."))
    else:
        messages.success(
            request, _("%(stage)s is drawn as a preview: check it, then publish it.") % {"stage": stage.name}
        )


@stage_action
def stage_pair(request, stage):
    rnd = stage_services.pair_swiss_round(stage, shuffle_tables=shuffle_tables(request))
    messages.success(
        request, _("Round %(number)s is paired as a preview: check it, then publish it.") % {"number": rnd.number}
    )


@stage_action
def stage_publish(request, stage):
    round_id = request.POST.get("round")
    if round_id:
        rnd = get_object_or_404(Round, pk=object_id(round_id), stage=stage)
        stage_services.publish_round(rnd)
        messages.success(request, _("%(name)s is published.") % {"name": rnd.display_name})
    else:
        stage_services.publish_stage(stage)
        messages.success(request, _("%(name)s is published.") % {"name": stage.name})


@stage_action
def stage_swap(request, stage):
    rnd = get_object_or_404(Round, pk=object_id(request.POST.get("round")), stage=stage)
    form = SwapForm(request.POST, matches=list(rnd.matches.select_related("entry_a", "entry_b")))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, _("Swap: %(error)s") % {"error": error})
        return None
    (first, first_side), (second, second_side) = form.places()
    warnings = stage_services.swap_pairings(first, first_side, second, second_side)
    messages.success(request, _("Swapped."))
    for warning in warnings:
        messages.warning(request, warning)
    return None


@stage_action
def stage_delete_round(request, stage):
    confirmed = request.POST.get("confirm_results") == "1"
    if stage.kind != Stage.Kind.SWISS and not confirmed and deleting.draw_deletion_asks(stage):
        # A whole draw goes only once the secretary has said yes on a page that says what will be lost.
        return confirm_delete(request, stage, deleting.draw_results_question(stage))
    try:
        number = stage_services.delete_last_round(stage, confirm_results=confirmed)
    except stage_services.ResultsToConfirm as error:
        # Ask a second time, saying what will be lost.
        return confirm_delete(request, stage, str(error))
    if stage.kind == Stage.Kind.SWISS:
        messages.success(request, _("Round %(number)s is deleted.") % {"number": number})
    else:
        messages.success(request, _("The draw of %(stage)s is deleted; it can be drawn again.") % {"stage": stage.name})
    return None


def confirm_delete(request, stage, question):
    last = stage.rounds.order_by("-number").first()
    context = {"stage": stage, "event": stage.event, "round": last, "question": question}
    return render(request, "stages/confirm_delete.html", context)


@stage_action
def stage_finish(request, stage):
    if request.POST.get("confirm") != "1":
        # Finishing makes the standings final and lets the next stages draw from them: asked once more.
        context = {"stage": stage, "event": stage.event, "next_stages": list(stage.next_stages.order_by("order"))}
        return render(request, "stages/confirm_finish.html", context)
    stage_services.finish_stage(stage)
    messages.success(request, _("%(stage)s is finished.") % {"stage": stage.name})


@stage_action
def stage_publish_tournament(request, stage):
    """Publish the tournament from the notice on a stage page of a draft tournament."""
    tournament = stage.event.tournament
    if tournament.status == Tournament.Status.DRAFT:
        set_tournament_status(tournament, Tournament.Status.PUBLISHED)
        messages.success(request, _("%(name)s is published.") % {"name": tournament.name})
