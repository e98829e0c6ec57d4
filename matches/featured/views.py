"""The featured screens (public, no log-in: the streaming software and a tablet at the table open them) and the
officials' page that chooses what they show. Both screens refresh their scoreboard through static/js/live.js twice a
second: a board entered on the score card shows within a second."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.live import live_fragment, live_region
from core.page_cache import public_page
from matches.featured import display, selectors, services
from matches.featured.forms import MatchForm, StopForm, TableForm
from matches.featured.models import FeaturedTable
from stages.models import Match
from tournaments.models import Tournament
from tournaments.scoping import visible_tournament

# ---------------------------------------------------------------- the screens


@public_page(params=("fragment",), live=True)
def featured_overlay(request, slug, featured_id):
    """The lower-third score bug for streaming software: a transparent 1920 × 1080 page."""
    return screen(request, slug, featured_id, "featured/overlay.html")


@public_page(params=("fragment",), live=True)
def featured_court(request, slug, featured_id):
    """The same scoreboard, plain and full screen, for a tablet or a phone at the table."""
    return screen(request, slug, featured_id, "featured/court.html")


def screen(request, slug, featured_id, template):
    tournament = visible_tournament(request, slug)
    featured = selectors.featured_of(tournament, featured_id)
    board = selectors.scoreboard(featured)
    context = {"tournament": tournament, "board": board}
    html = render_to_string("featured/_scoreboard.html", context, request)
    if request.GET.get("fragment"):  # static/js/live.js polls it; 204 while nothing changed
        return live_fragment(request, html)
    return render(request, template, {**context, "scoreboard": html, **live_region(request, html)})


# ---------------------------------------------------------------- the officials' page


@login_required
def featured_tables(request, slug):
    """What the tournament streams: feature a table or a match, stop featuring one; each with its screens'
    addresses to paste into the streaming software."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not services.may_feature(request.user, tournament):
        raise PermissionDenied(services.refusal())
    table_form = TableForm()
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "table":
            table_form = TableForm(request.POST)
            if table_form.is_valid():
                try:
                    done = services.feature_table(tournament, table_form.cleaned_data["table"], user=request.user)
                except ServiceError as error:
                    error.show_on(table_form)
                else:
                    messages.success(request, display.featured_done("feature", done))
                    return redirect("featured-tables", slug)
        elif action in ("match", "stop"):
            return feature_or_stop(request, tournament, action)
        else:
            messages.error(request, _("Choose an action of this page."))
            return redirect("featured-tables", slug)
    context = selectors.settings_page(tournament)
    for row in context["featured"]:
        row.overlay_url = request.build_absolute_uri(reverse("featured-overlay", args=[slug, row.pk]))
        row.court_url = request.build_absolute_uri(reverse("featured-court", args=[slug, row.pk]))
    context["table_form"] = table_form
    return render(request, "featured/featured_tables.html", context, status=400 if table_form.errors else 200)


def feature_or_stop(request, tournament, action):
    """The buttons of this page's lists and of the round page: feature a match, stop featuring a row. Nothing to
    type, so a refusal is a message on the page."""
    form = (MatchForm if action == "match" else StopForm)(request.POST)
    try:
        if not form.is_valid():
            raise ServiceError(action, _("Choose a match or a featured table of this tournament."))
        if action == "match":
            match = (
                Match.with_rubbers.filter(pk=form.cleaned_data["match"], stage__event__tournament=tournament)
                .select_related("stage__event", "round", "entry_a", "entry_b")
                .first()
            )
            if match is None:
                raise ServiceError("match", _("Choose a match or a featured table of this tournament."))
            done = services.feature_match(tournament, match, user=request.user)
        else:
            done = FeaturedTable.objects.filter(pk=form.cleaned_data["featured"], tournament=tournament).first()
            if done is None:
                raise ServiceError("featured", _("Choose a match or a featured table of this tournament."))
            services.stop_featuring(done, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, display.featured_done(action, done))
    return redirect("featured-tables", tournament.slug)
