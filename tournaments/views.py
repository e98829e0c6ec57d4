from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, F, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.page_cache import public_page
from tournaments import services
from tournaments.forms import EventForm, ImportForm, TournamentForm
from tournaments.importing import ImportFailed
from tournaments.models import Event, Tournament
from tournaments.permissions import can_create_tournament, is_chief_referee, is_secretary
from tournaments.scoping import secretary_tournament, visible_tournament


def home(request):
    tournaments = (
        Tournament.objects.visible_to(request.user)
        .select_related("host_club")
        .annotate(event_count=Count("events", distinct=True))
    )
    return render(
        request,
        "tournaments/home.html",
        {"tournaments": tournaments, "can_create": can_create_tournament(request.user)},
    )


@public_page
def tournament_detail(request, slug):
    tournament = visible_tournament(request, slug)
    events = tournament.events.annotate(entry_count=Count("entries", filter=Q(entries__withdrawn=False))).order_by(
        "name"
    )
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "events": events,
            "is_secretary": is_secretary(request.user, tournament),
            "is_official": is_chief_referee(request.user, tournament),
            "is_player": hasattr(request.user, "player"),
        },
    )


@public_page
def event_detail(request, slug, event_id):
    tournament = visible_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    entries = event.entries.order_by("withdrawn", F("seed").asc(nulls_last=True), "name")
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "tournament": tournament,
            "event": event,
            "entries": entries,
            "is_secretary": is_secretary(request.user, tournament),
        },
    )


@login_required
def tournament_create(request):
    if not can_create_tournament(request.user):
        raise PermissionDenied(_("Only secretaries create tournaments."))
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = services.create_tournament(request.user, **form.cleaned_data)
        messages.success(request, _("%(tournament)s created.") % {"tournament": tournament})
        return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form, "title": _("New tournament")})


@login_required
def tournament_edit(request, slug):
    tournament = secretary_tournament(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Tournament saved."))
        return redirect(tournament)
    return render(
        request, "tournaments/form.html", {"form": form, "title": _("Edit %(tournament)s") % {"tournament": tournament}}
    )


@login_required
def event_create(request, slug):
    tournament = secretary_tournament(request, slug)
    form = EventForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        event = form.save()
        messages.success(request, _("Event %(event)s created.") % {"event": event.name})
        return redirect(event)
    return render(
        request,
        "tournaments/form.html",
        {"form": form, "title": _("New event in %(tournament)s") % {"tournament": tournament}},
    )


@login_required
def event_import(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    form = ImportForm(request.POST or None, request.FILES or None)
    errors = []
    if request.method == "POST" and form.is_valid():
        try:
            summary = services.import_entries(event, form.cleaned_data["file"])
        except ImportFailed as failure:
            errors = failure.errors
        else:
            messages.success(request, _("Imported: %(summary)s.") % {"summary": summary})
            return redirect(event)
    return render(request, "tournaments/import.html", {"form": form, "event": event, "errors": errors})
