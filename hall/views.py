"""The hall display (t/<slug>/hall/), public and read-only for a projector or a TV, and the secretary's settings
for it. The page is a frame: its views are a live fragment (core.live, static/js/live.js) and its clocks, rotation
and announcement come from a small JSON answer the page asks every few seconds (hall_state), so the secretary's
changes show without a reload."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from core.live import live_fragment, live_region
from core.page_cache import public_page
from hall import selectors, services
from hall.errors import HallError
from hall.forms import AnnouncementForm, HallViewsForm
from tournaments.scoping import secretary_tournament, visible_tournament

# How often the display asks for its clocks, settings and announcement (seconds), and for its views.
STATE_SECONDS = 3
VIEWS_SECONDS = 5


@public_page(params=("fragment",), live=True)
def hall_display(request, slug):
    tournament = visible_tournament(request, slug)
    hall = selectors.hall_settings(tournament)
    context = {"tournament": tournament, "views": selectors.hall_views(request, tournament, hall.views)}
    views = render_to_string("hall/_views.html", context, request)
    if request.GET.get("fragment"):
        return live_fragment(request, views)
    context.update(
        {
            "views_html": views,
            "views_seconds": VIEWS_SECONDS,
            "state_seconds": STATE_SECONDS,
            "rotation_seconds": hall.rotation_seconds,
            **live_region(request, views),
        }
    )
    return render(request, "hall/display.html", context)


@never_cache
def hall_state(request, slug):
    """The clocks, settings and announcement, with the server's time (never cached: the display's clock sets
    itself by it)."""
    tournament = visible_tournament(request, slug)
    state = selectors.hall_state(tournament)
    state["views"] = [str(key) for key in state["views"]]
    return JsonResponse(state)


@login_required
def hall_settings(request, slug):
    """The secretary chooses what the display shows and puts an announcement on it. A refusal shows the page again
    with the form as sent and its messages."""
    tournament = secretary_tournament(request, slug)
    hall = selectors.hall_settings(tournament)
    views_form = HallViewsForm(initial={"views": hall.views, "rotation_seconds": hall.rotation_seconds})
    announcement_form = AnnouncementForm(initial={"announcement": hall.announcement})
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "views":
                views_form = HallViewsForm(request.POST)
                if views_form.is_valid():
                    services.update_hall(tournament, **views_form.cleaned_data, user=request.user)
                    messages.success(request, _("Hall display settings saved."))
                    return redirect("hall-settings", tournament.slug)
            elif action == "announce":
                announcement_form = AnnouncementForm(request.POST)
                if announcement_form.is_valid():
                    data = announcement_form.cleaned_data
                    services.announce(tournament, data["announcement"], data["minutes"], user=request.user)
                    messages.success(request, _("The announcement is on the display."))
                    return redirect("hall-settings", tournament.slug)
            elif action == "clear":
                services.clear_announcement(tournament, user=request.user)
                messages.success(request, _("The announcement is off the display."))
                return redirect("hall-settings", tournament.slug)
        except HallError as error:
            error.show_on(views_form if action == "views" else announcement_form)
    context = {
        "tournament": tournament,
        "hall": hall,
        "announcement": hall.announcement_at(timezone.now()),
        "views_form": views_form,
        "announcement_form": announcement_form,
    }
    return render(request, "hall/settings.html", context)
