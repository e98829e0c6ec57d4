"""The desk's line-up page of a tie: the secretary or chief referee names a side's players for each rubber. The
tie itself is shown on its match page (scoring), which includes the tie's sheet."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from matches.permissions import is_official
from matches.ties.forms import LineUpForm
from matches.ties.services import is_tie, name_line_up, rubbers_to_name, team_of
from stages.models import Match


@login_required
def line_up(request, slug, match_id, side):
    tie = get_object_or_404(
        Match.objects.select_related("stage__event__tournament", "entry_a", "entry_b", "round"),
        pk=match_id,
        stage__event__tournament__slug=slug,
    )
    if not is_tie(tie) or side not in ("a", "b") or team_of(tie, side) is None:
        raise Http404(_("This match is not a tie between two teams."))
    if not is_official(request.user, tie):
        raise PermissionDenied(_("Only the tournament's secretaries and chief referees name line-ups here."))
    return line_up_page(request, tie, side)


def line_up_page(request, tie, side, done=None, back=None):
    """The line-up form of one side of a tie, saved through the ties services; back to `done` (default: the tie's
    page) once saved, the form again with the reason when refused. The desk's page and the captain's share it."""
    team = team_of(tie, side)
    form = LineUpForm(request.POST or None, team=team, rubbers=rubbers_to_name(tie))
    if request.method == "POST" and form.is_valid():
        try:
            name_line_up(tie, side, form.line_up())
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The line-up of %(team)s is saved.") % {"team": team})
            return redirect(done or reverse("match-detail", args=[tie.stage.event.tournament.slug, tie.pk]))
    context = {"tie": tie, "team": team, "form": form, "tournament": tie.stage.event.tournament, "back": back}
    return render(request, "ties/line_up.html", context, status=400 if form.errors else 200)
