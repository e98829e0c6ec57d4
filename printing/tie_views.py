"""A team event's round on paper (printing.tie_pdf): the team score sheets and the captains' line-up slips, for the
tournament's officials and umpires, like the score cards."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.utils.translation import gettext as _

from printing import tie_data
from printing.tie_pdf import line_up_slips, team_score_sheets
from printing.views import pdf_response, require_umpire, round_name_parts, visible_round
from tournaments.models import Event
from tournaments.scoping import visible_tournament


def team_round(request, slug, round_id):
    tournament = visible_tournament(request, slug)
    require_umpire(request, tournament)
    rnd = visible_round(request, tournament, round_id)
    if rnd.stage.event.kind != Event.Kind.TEAM_TIES:
        raise Http404(_("This round has no team ties."))
    return rnd


@login_required
def round_team_sheets(request, slug, round_id):
    rnd = team_round(request, slug, round_id)
    sheets = [tie_data.score_sheet(tie) for tie in tie_data.round_ties(rnd)]
    return pdf_response(team_score_sheets(sheets), *round_name_parts(rnd), "team-score-sheets")


@login_required
def round_line_up_slips(request, slug, round_id):
    rnd = team_round(request, slug, round_id)
    slips = [slip for tie in tie_data.round_ties(rnd) for slip in tie_data.slips(tie)]
    return pdf_response(line_up_slips(slips), *round_name_parts(rnd), "line-up-slips")
