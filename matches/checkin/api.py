"""Check-in API (ICF 143), scoped by tournament: umpires and officials mark sides as reported at their board and
read a round's check-in list; chief referees and secretaries cancel forfeits and, in a Swiss stage, withdraw a
player who forfeited from the later rounds. Each view checks permission and calls one service of checkin.services."""

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from matches.checkin import absence, selectors
from matches.checkin import services as late
from matches.checkin.serializers import (
    AbsentSerializer,
    CancelForfeitSerializer,
    CancelledRoundSerializer,
    CancelRoundForfeitsSerializer,
    CheckinRowSerializer,
    ReportSerializer,
    RoundCheckinSerializer,
    UndoReportSerializer,
    WithdrawalSerializer,
    WithdrawnEntrySerializer,
    checkin_row,
)
from matches.permissions import can_read, is_official
from stages.models import Match, Round
from tournaments.permissions import can_view, is_umpire

ROW = {200: CheckinRowSerializer, **error_responses(400, 403, 404)}


class CheckinAPIView(ServiceAPIView):
    permission_classes = [IsAuthenticated]

    def get_match(self):
        match = get_object_or_404(
            Match.with_rubbers.select_related("stage__event__tournament", "round", "entry_a", "entry_b"),
            pk=self.kwargs["match_id"],
            stage__event__tournament__slug=self.kwargs["tournament_slug"],
        )
        if not can_read(self.request.user, match):
            raise NotFound()
        return match

    def row(self, match):
        match.refresh_from_db()
        return Response(checkin_row(match, timezone.now()))


class ReportView(CheckinAPIView):
    """POST {"side": "a"|"b", "reason"}: the side is at its board. After the deadline only the chief referee may
    accept it, with a reason (ICF 143(i), ECC 18, queen2 ¶10)."""

    @extend_schema(request=ReportSerializer, responses=ROW)
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        self.require(late.can_report(request.user, match), _("Only the umpire of this match or an official may."))
        data = self.valid(ReportSerializer)
        late.report(match, data["side"], request.user, reason=data["reason"])
        return self.row(match)


class UndoReportView(CheckinAPIView):
    """POST {"side", "reason"}: take a report at the board back (e.g. a player's own check-in when they were not
    there); the side is awaited again and forfeits if the deadline has passed."""

    @extend_schema(request=UndoReportSerializer, responses=ROW)
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        self.require(late.can_report(request.user, match), _("Only the umpire of this match or an official may."))
        data = self.valid(UndoReportSerializer)
        late.undo_report(match, data["side"], request.user, data["reason"])
        return self.row(match)


class CancelForfeitView(CheckinAPIView):
    """POST {"reason", "reported": ["a", "b"]}: cancel a forfeit; the match is announced again."""

    @extend_schema(request=CancelForfeitSerializer, responses=ROW)
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        self.require(is_official(request.user, match), _("Only a chief referee or secretary may cancel a forfeit."))
        data = self.valid(CancelForfeitSerializer)
        late.cancel_forfeit(match, request.user, data["reason"], reported=data["reported"])
        return self.row(match)


class AbsentView(CheckinAPIView):
    """POST {"side"}: someone on the spot (the umpire, the desk) says the side is absent. Past the law's deadline
    it loses at once; before it, at the deadline unless it reports (ICF 143(i), ECC 18, queen2 ¶10)."""

    @extend_schema(request=AbsentSerializer, responses=ROW)
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        self.require(late.can_report(request.user, match), _("Only the umpire of this match or an official may."))
        absence.declare_absent(match, self.valid(AbsentSerializer)["side"], user=request.user)
        return self.row(match)


class CancelRoundForfeitsView(CheckinAPIView):
    """POST {"reason"}: the chief referee undoes every lateness forfeit of the round in one step; each match is
    announced again with both sides present (audited, one cancelled forfeit per match)."""

    @extend_schema(
        request=CancelRoundForfeitsSerializer,
        responses={200: CancelledRoundSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request, tournament_slug, round_id):
        rnd = get_object_or_404(
            Round.objects.select_related("stage__event__tournament"),
            pk=round_id,
            stage__event__tournament__slug=tournament_slug,
        )
        if not can_view(request.user, rnd.stage.event.tournament):
            raise NotFound()
        reason = self.valid(CancelRoundForfeitsSerializer)["reason"]
        cancelled = absence.cancel_round_forfeits(rnd, request.user, reason)
        return Response({"round": rnd.pk, "cancelled": [match.pk for match in cancelled]})


class WithdrawalView(CheckinAPIView):
    """POST {"side", "withdrawn"}: Swiss: withdraw the side that forfeited from the later rounds, or keep it in."""

    @extend_schema(
        request=WithdrawalSerializer, responses={200: WithdrawnEntrySerializer, **error_responses(400, 403, 404)}
    )
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        self.require(is_official(request.user, match), _("Only a chief referee or secretary may withdraw a player."))
        data = self.valid(WithdrawalSerializer)
        entry = late.set_withdrawn_after_forfeit(match, data["side"], data["withdrawn"])
        return Response({"entry": entry.pk, "name": entry.name, "withdrawn": entry.withdrawn})


class RoundCheckinView(CheckinAPIView):
    """GET: every match of the round with its deadline and each side's state, for umpires and officials."""

    @extend_schema(responses={200: RoundCheckinSerializer, **error_responses(403, 404)})
    def get(self, request, tournament_slug, round_id):
        rnd = get_object_or_404(
            Round.objects.select_related("stage__event__tournament"),
            pk=round_id,
            stage__event__tournament__slug=tournament_slug,
        )
        tournament = rnd.stage.event.tournament
        if not can_view(request.user, tournament):
            raise NotFound()
        self.require(is_umpire(request.user, tournament), _("The check-in list is for umpires and officials."))
        now = timezone.now()
        late_arrival = selectors.stage_late_arrival(rnd.stage)
        return Response(
            {
                "round": {"id": rnd.pk, "stage": rnd.stage_id, "number": rnd.number, "name": rnd.display_name},
                "law": late_arrival.law if late_arrival else None,
                "now": now.isoformat(),
                "matches": [checkin_row(m, now) for m in selectors.checkin_matches(rnd)],
            }
        )
