"""The secretary's page to enter a team in a team event (tournaments.teams)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.entry_views import secretary_entry, secretary_event
from tournaments.models import Event
from tournaments.team_forms import TeamForm
from tournaments.teams import change_team, enter_team, parse_roster, roster_text


@login_required
def team_add(request, slug, event_id):
    return team_page(request, secretary_event(request, slug, event_id))


@login_required
def team_edit(request, slug, event_id, entry_id):
    """Change an entered team: its name, what it represents, its roster (a player leaves, another joins, the
    captain changes), written as when it was entered."""
    team = secretary_entry(request, slug, event_id, entry_id)
    return team_page(request, team.event, team)


def team_page(request, event, team=None):
    """The team form: a new team of `event`, or `team` changed."""
    if event.kind != Event.Kind.TEAM_TIES:
        raise Http404(_("Teams enter team events (ties of singles and doubles) only."))
    initial = {}
    if team is not None:
        club = team.club.name if team.club_id else ""
        initial = {"name": team.name, "country": team.country, "club": club, "roster": roster_text(team)}
    form = TeamForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            fields = (data["name"], parse_roster(data["roster"]), data["country"], data["club"])
            saved = change_team(team, *fields) if team else enter_team(event, *fields)
        except ServiceError as error:
            error.show_on(form)
        else:
            if team:
                messages.success(request, _("%(entry)s saved.") % {"entry": saved})
            else:
                messages.success(request, _("%(entry)s entered in %(event)s.") % {"entry": saved, "event": event.name})
            return redirect(event)
    context = {"form": form, "event": event, "team": team}
    return render(request, "tournaments/team_add.html", context, status=400 if form.errors else 200)
