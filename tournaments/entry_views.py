"""The secretary's pages for one entry of an event: a late entry, the entry page (seed, its players'
corrections), withdraw, reinstate and remove. Each calls a service of tournaments.entry_services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import entry_services
from tournaments.entry_forms import LateEntryForm, PlayerForm, SeedForm
from tournaments.models import Entry, Event
from tournaments.people_models import officials_entry_name
from tournaments.scoping import secretary_tournament
from tournaments.services import withdraw_entry
from tournaments.signals import removal_refusal


def secretary_event(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    return get_object_or_404(Event.objects.select_related("tournament"), pk=event_id, tournament=tournament)


def secretary_entry(request, slug, event_id, entry_id):
    event = secretary_event(request, slug, event_id)
    return get_object_or_404(Entry.objects.select_related("event__tournament"), pk=entry_id, event=event)


@login_required
def entry_add(request, slug, event_id):
    event = secretary_event(request, slug, event_id)
    form = LateEntryForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            entry = entry_services.add_late_entry(
                event, players=form.known, new_players=form.new, seed=form.cleaned_data["seed"]
            )
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("%(entry)s entered in %(event)s.") % {"entry": entry, "event": event.name})
            return redirect(event)
    return render(request, "tournaments/entry_add.html", {"form": form, "event": event})


@login_required
def entry_edit(request, slug, event_id, entry_id):
    entry = secretary_entry(request, slug, event_id, entry_id)
    data = request.POST or None
    seed_form = SeedForm(data, entry=entry)
    members = entry.members.select_related("player__club").order_by("position")
    player_forms = [PlayerForm(data, player=m.player, prefix=f"p{m.position}") for m in members]
    if request.method == "POST" and valid(seed_form, player_forms):
        corrections = [(form.player, form.changes()) for form in player_forms]
        try:
            entry_services.update_entry(entry, corrections, seed=seed_form.cleaned_data["seed"])
        except ServiceError as error:
            error.show_on(seed_form)
        else:
            messages.success(request, _("%(entry)s saved.") % {"entry": Entry.objects.get(pk=entry.pk)})
            return redirect(entry.event)
    context = {
        "entry": entry,
        "real_name": officials_entry_name(entry),  # the public may see initials (Player.shown_name)
        "event": entry.event,
        "seed_form": seed_form,
        "player_forms": player_forms,
        "removal_refused": removal_refusal(entry.event),
    }
    return render(request, "tournaments/entry_edit.html", context)


def valid(seed_form, player_forms):
    """The entry page's forms are valid, each player's corrections too (checked here, form by form, so that a
    refusal shows on the player it concerns; the service checks them again)."""
    ok = all([seed_form.is_valid(), *(form.is_valid() for form in player_forms)])
    for form in player_forms:
        if form.is_valid():
            try:
                entry_services.clean_player_fields(form.changes())
            except ServiceError as error:
                error.show_on(form)
                ok = False
    return ok


@login_required
@require_POST
def entry_withdraw(request, slug, event_id, entry_id):
    return change_withdrawn(request, secretary_entry(request, slug, event_id, entry_id), True)


@login_required
@require_POST
def entry_reinstate(request, slug, event_id, entry_id):
    return change_withdrawn(request, secretary_entry(request, slug, event_id, entry_id), False)


def change_withdrawn(request, entry, withdrawn):
    try:
        withdraw_entry(entry, withdrawn)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("entry-edit-page", entry.event.tournament.slug, entry.event_id, entry.pk)
    if withdrawn:
        message = _(
            "%(entry)s is withdrawn: it is no longer paired or drawn, and its knockout opponents go through; "
            "its played matches stand."
        )
    else:
        message = _("%(entry)s is reinstated: it is paired and drawn again from now on.")
    messages.success(request, message % {"entry": entry})
    return redirect(entry.event)


@login_required
@require_POST
def entry_remove(request, slug, event_id, entry_id):
    entry = secretary_entry(request, slug, event_id, entry_id)
    try:
        entry_services.remove_entry(entry)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("entry-edit-page", slug, entry.event_id, entry.pk)
    messages.success(request, _("%(entry)s removed from %(event)s.") % {"entry": entry, "event": entry.event.name})
    return redirect(entry.event)
