"""Round pages: the public round page (pairings by table and time, umpires, results and
the round clock) and the secretary's scheduling on it (schedule the round, move a match, choose its umpire, call
the round, start the clock) and the venue settings. Views read a form, call one service and show the result; a
refused change shows the page again with the form and its messages."""

from functools import partial, wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms.utils import to_current_timezone
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.live import live_fragment, live_region
from core.page_cache import public_page
from matches.scheduling import clock as round_clock
from matches.scheduling import services as schedule_services
from matches.scheduling import sessions
from matches.scheduling.display import carried_notes, unfit_notes, user_name
from matches.scheduling.errors import ScheduleError
from matches.scheduling.forms import DATETIME_LOCAL, MoveForm, ScheduleForm, UmpireForm, VenueForm, session_lines
from matches.scheduling.services import MOVABLE, UMPIRE_SETTABLE
from stages.display import result_text
from stages.models import Match, Round, Stage
from stages.umpiring import CLAIMS, default_check_in, self_umpired_event, umpires_wanted
from tournaments.permissions import can_see_round, is_secretary, is_umpire
from tournaments.scoping import secretary_tournament, visible_tournament
from tournaments.venue import venue_of

# ---------------------------------------------------------------- the round page


@public_page(params=("fragment",), live=True)
def round_detail(request, slug, round_id):
    """The round page. Its pairings refresh themselves on a screen left open in the hall (static/js/live.js polls
    ?fragment=1); the secretary's page, with its forms, does not."""
    tournament = visible_tournament(request, slug)
    rnd = get_round(tournament, round_id)
    if not can_see_round(request.user, rnd, tournament):
        raise Http404(_("This round is not published yet."))
    return render_round(request, tournament, rnd, is_secretary(request.user, tournament))


def get_round(tournament, round_id):
    return get_object_or_404(
        Round.objects.select_related("stage__event__tournament"), pk=round_id, stage__event__tournament=tournament
    )


def get_match(tournament, match_id):
    return get_object_or_404(
        Match.with_rubbers.select_related("round"), pk=match_id, stage__event__tournament=tournament
    )


def render_round(request, tournament, rnd, secretary, schedule_form=None, bound=None):
    """The round page. `bound` is (match id, move form, umpire form) for a refused change, shown open with its
    errors; every other form starts from the match's current values."""
    matches = schedule_services.round_schedule(rnd)
    # An event played under laws for self-umpired games (ECC) asks for no umpire at any of its tables, nor does one
    # of a tournament that appointed no umpire.
    self_umpired, wanted = self_umpired_event(rnd.stage.event), umpires_wanted(rnd.stage.event)
    # get_status_display() hashes every choice's lazy label on each call: translated once per page instead.
    status_labels = {value: str(label) for value, label in Match.Status.choices}
    for match in matches:
        match.result_text = result_text(match)
        match.status_label = status_labels.get(match.status, match.status)
        match.self_umpired_here = self_umpired or match.self_umpired
        match.no_umpire = match.self_umpired_here or not wanted
    clock = round_clock.clock_of(rnd)
    context = {
        "tournament": tournament,
        "round": rnd,
        "stage": rnd.stage,
        "event": rnd.stage.event,
        "matches": matches,
        "clock": clock,
        "is_secretary": secretary,
        "is_umpire": secretary or is_umpire(request.user, tournament),  # a secretary is an umpire too
    }
    if secretary:
        context.update(secretary_context(tournament, rnd, matches, clock, schedule_form, bound))
    if secretary:
        return render(request, "scheduling/round_detail.html", context)
    pairings = render_to_string("scheduling/_pairings.html", context, request)
    if request.GET.get("fragment"):
        return live_fragment(request, pairings)
    live = {"pairings": pairings, **live_region(request, pairings)}
    return render(request, "scheduling/round_detail.html", {**context, **live})


def secretary_context(tournament, rnd, matches, clock, schedule_form, bound):
    """What the secretary's forms of every match show (scheduling/_round_matches.html writes them, without a form
    object per match: a round has 500): the match's table, time and umpire, or a refused change's bound form."""
    people = list(schedule_services.possible_umpires(tournament))
    bound_id, bound_move, bound_umpire = bound or (None, None, None)
    for match in matches:
        match.movable = match.status in MOVABLE and not match.withdrawn
        match.umpire_settable = not match.no_umpire and not match.withdrawn and match.status in UMPIRE_SETTABLE
        match.open = match.pk == bound_id
        match.move_form = bound_move if match.open else None
        match.umpire_form = bound_umpire if match.open else None
        when = match.planned_at if match.movable else None
        match.planned_input = None if when is None else to_current_timezone(when).strftime(DATETIME_LOCAL)
    published = rnd.status == Round.Status.PUBLISHED
    return {
        "schedule_form": schedule_form or schedule_form_for(tournament),
        "can_schedule": published and any(m.status == Match.Status.SCHEDULED for m in matches),
        "can_call": published and any(m.status == Match.Status.SCHEDULED and m.entry_b_id for m in matches),
        "can_start_clock": published and clock is None,
        # Calling a round with a time limit is "Start" and starts its clock (ECC 18, 27, 39).
        "time_limit": rnd.stage.event.rules.time_limit is not None,
        # Who says a player is absent: asked only where the laws forfeit the late (the office sheet has no such law).
        "check_in": default_check_in(rnd.stage.event) if rnd.stage.event.rules.late_arrival else None,
        **venue_context(tournament),
        "umpires": [(str(user.pk), user_name(user)) for user in people],
        "lowest_table": MoveForm.base_fields["table"].min_value,
        "reason_length": MoveForm.base_fields["reason"].max_length,
    }


def schedule_form_for(tournament, data=None):
    """The schedule form, starting from the venue: all its tables, and the next playing session's start."""
    venue = venue_of(tournament)
    initial = {"first_table": 1, "last_table": venue.tables, "start": sessions.next_start(sessions.windows(venue))}
    return ScheduleForm(data, initial=initial, auto_id="schedule_%s")


def venue_context(tournament):
    """The venue as the schedule forms recall it: tables, minutes and playing sessions."""
    venue = venue_of(tournament)
    return {"venue": venue, "sessions": sessions.session_room(venue)[0]}


def move_form(match, data=None):
    initial = {"table": match.table, "planned_at": match.planned_at}
    return MoveForm(data, initial=initial, prefix=f"m{match.pk}", auto_id=f"move{match.pk}_%s")


def umpire_form(match, people, data=None):
    prefix, auto_id = f"u{match.pk}", f"ump{match.pk}_%s"
    return UmpireForm(data, officials=people, initial={"umpire": match.umpire_id}, prefix=prefix, auto_id=auto_id)


# ---------------------------------------------------------------- secretary actions on a round


def round_action(func):
    """A POST-only secretary action on a round; `func` returns a response or None (back to the round page)."""

    @login_required
    @require_POST
    @wraps(func)
    def view(request, slug, round_id, **kwargs):
        tournament = secretary_tournament(request, slug)
        rnd = get_round(tournament, round_id)
        return func(request, tournament, rnd, **kwargs) or redirect("round-detail", slug, rnd.pk)

    return view


@round_action
def round_schedule(request, tournament, rnd):
    form = ScheduleForm(request.POST, auto_id="schedule_%s")
    if form.is_valid() and scheduled(
        request, form, partial(schedule_services.schedule_round, rnd), rnd.display_name, rnd.stage.event
    ):
        return None
    return render_round(request, tournament, rnd, True, schedule_form=form)


def scheduled(request, form, schedule, name, event):
    """Run a schedule service (a round's or a whole stage's) with the form's data; say what it placed and which
    matches still want an umpire, or put its refusal on the form. Whether it scheduled."""
    try:
        placed = schedule(user=request.user, **form.cleaned_data)
    except ScheduleError as error:
        form.add_service_errors(error)
        return False
    count = len(placed)
    messages.success(
        request,
        ngettext("%(stage)s: %(count)s match scheduled.", "%(stage)s: %(count)s matches scheduled.", count)
        % {"stage": name, "count": count},
    )
    if carried := carried_notes(placed):
        messages.info(request, " ".join(carried))
    if unfit := unfit_notes(placed):
        messages.warning(request, " ".join(unfit))
    warn_without_umpire(request, placed, event)
    return True


def warn_without_umpire(request, placed, event):
    """Say how many matches placed have no umpire though their event asks for one (not a self-umpired event's,
    nor one of a tournament that appointed no umpire)."""
    if not umpires_wanted(event):
        return
    without = sum(1 for m in placed if m.umpire_id is None and not m.self_umpired)
    if without:
        messages.warning(
            request,
            ngettext(
                "%(count)s match has no umpire: none was free at its time. Choose one, or schedule on fewer tables.",
                "%(count)s matches have no umpire: none was free at their time. Choose one for each, or "
                "schedule on fewer tables.",
                without,
            )
            % {"count": without},
        )


@login_required
def stage_schedule(request, slug, stage_id):
    """Schedule a whole stage at once: the form (start, tables) on GET, the schedule on POST, then back to the
    stage page; a refusal shows the form again with its messages."""
    tournament = secretary_tournament(request, slug)
    stage = get_object_or_404(Stage.objects.select_related("event"), pk=stage_id, event__tournament=tournament)
    form = schedule_form_for(tournament, request.POST or None)
    if request.method == "POST" and form.is_valid():
        if scheduled(request, form, partial(schedule_services.schedule_stage, stage), stage.name, stage.event):
            return redirect(stage)
    context = {"tournament": tournament, "stage": stage, "event": stage.event, "form": form}
    context.update(venue_context(tournament))
    context["self_umpired"] = self_umpired_event(stage.event)
    context["umpires_wanted"] = umpires_wanted(stage.event)
    return render(request, "scheduling/stage_schedule.html", context)


@round_action
def round_call(request, tournament, rnd):
    try:
        check_in = request.POST.get("check_in") or None
        called, clock = schedule_services.call_round(rnd, user=request.user, check_in=check_in)
    except ScheduleError as error:
        messages.error(request, error.message)
        return None
    words = {"round": rnd.display_name, "count": len(called)}
    if clock is not None:
        text = ngettext(
            "%(round)s called: %(count)s matches announced. The round clock runs.",
            "%(round)s called: %(count)s matches announced. The round clock runs.",
            len(called),
        )
    else:
        text = ngettext(
            "%(round)s called: %(count)s matches announced.",
            "%(round)s called: %(count)s matches announced.",
            len(called),
        )
    messages.success(request, f"{text % words} {check_in_said(called)}")
    return None


def check_in_said(called):
    """How absence is established in the round just called, in plain words, with the sides nobody marked yet."""
    unmarked = sum(1 for m in called for side in "ab" if getattr(m, f"reported_{side}_at") is None)
    if called and called[0].check_in == CLAIMS:
        return ngettext(
            "By claims: %(count)s side is not marked at the desk, and none loses for that; a side loses for lateness "
            "only once someone at the table says it is absent.",
            "By claims: %(count)s sides are not marked at the desk, and none loses for that; a side loses for "
            "lateness only once someone at the table says it is absent.",
            unmarked,
        ) % {"count": unmarked}
    return ngettext(
        "By the desk: %(count)s side is not marked yet; mark every arrival, as a side unmarked at the deadline loses.",
        "By the desk: %(count)s sides are not marked yet; mark every arrival, as a side unmarked at the deadline "
        "loses.",
        unmarked,
    ) % {"count": unmarked}


@round_action
def round_clock_start(request, tournament, rnd):
    try:
        round_clock.start_clock(rnd, user=request.user)
    except ScheduleError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The clock of %(round)s runs.") % {"round": rnd.display_name})
    return None


@login_required
@require_POST
def match_move(request, slug, match_id):
    tournament = secretary_tournament(request, slug)
    match = get_match(tournament, match_id)
    form = move_form(match, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            schedule_services.move_match(match, data["table"], data["planned_at"], request.user, data["reason"])
        except ScheduleError as error:
            form.add_service_errors(error)
        else:
            messages.success(
                request,
                _("Match %(number)s moved to table %(table)s.") % {"number": match.number, "table": data["table"]},
            )
            return redirect_to_match(slug, match)
    return render_round(request, tournament, match.round, True, bound=(match.pk, form, None))


@login_required
@require_POST
def match_umpire(request, slug, match_id):
    tournament = secretary_tournament(request, slug)
    match = get_match(tournament, match_id)
    form = umpire_form(match, list(schedule_services.possible_umpires(tournament)), request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            schedule_services.assign_umpire(match, data["umpire"], request.user, data["reason"])
        except ScheduleError as error:
            form.add_service_errors(error)
        else:
            messages.success(request, _("Match %(number)s: umpire saved.") % {"number": match.number})
            return redirect_to_match(slug, match)
    return render_round(request, tournament, match.round, True, bound=(match.pk, None, form))


def redirect_to_match(slug, match):
    response = redirect("round-detail", slug, match.round_id)
    response["Location"] += f"#match-{match.pk}"
    return response


# ---------------------------------------------------------------- the venue


@login_required
def venue_edit(request, slug):
    """The hall: its tables, match and rest minutes and playing sessions. A refusal shows the form again as it was
    sent, its messages at the top."""
    tournament = secretary_tournament(request, slug)
    venue = venue_of(tournament)
    initial = {"tables": venue.tables, "match_minutes": venue.match_minutes, "rest_minutes": venue.rest_minutes}
    initial["sessions"] = session_lines(sessions.session_rows(venue))
    form = VenueForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            schedule_services.update_venue(tournament, **form.cleaned_data)
        except ScheduleError as error:
            form.add_service_errors(error)
        else:
            messages.success(request, _("Venue saved."))
            back = request.GET.get("next")
            safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})
            return redirect(back if back and safe else tournament)
    rows, room = sessions.session_room(venue)
    context = {"tournament": tournament, "form": form, "venue": venue, "sessions": rows, "room": room}
    return render(request, "scheduling/venue.html", context)
