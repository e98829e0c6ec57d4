"""Scheduling and round clock API, scoped by tournament: anyone who may see the
tournament reads a published round's schedule and clock; its secretaries schedule, move, assign umpires, call
rounds, start clocks and set the venue. Refusals are 400 with field errors ({"table": ["Table 3 is taken by ..."]}),
other people's writes 403. Each view checks, calls one service and shows the result."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from matches.scheduling import clock as round_clock
from matches.scheduling import services as schedule_services
from matches.scheduling.serializers import (
    CallSerializer,
    ClockStateSerializer,
    MoveSerializer,
    RoundScheduledSerializer,
    RoundScheduleSerializer,
    ScheduleRequestSerializer,
    ScheduleRowSerializer,
    StageScheduleSerializer,
    UmpireSerializer,
    VenueSerializer,
    placement,
    schedule_row,
)
from stages.models import Match, Round, Stage
from tournaments.models import Tournament
from tournaments.permissions import can_see_round, is_secretary
from tournaments.venue import venue_of

READ = error_responses(404)
WRITE = error_responses(400, 403, 404)


class TournamentScopedView(ServiceAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_tournament(self):
        return get_object_or_404(Tournament.objects.visible_to(self.request.user), slug=self.kwargs["tournament_slug"])

    def require_secretary(self, tournament):
        if not is_secretary(self.request.user, tournament):
            raise PermissionDenied(_("Only a secretary of this tournament may change its schedule."))

    def get_round(self):
        tournament = self.get_tournament()
        rnd = get_object_or_404(
            Round.objects.select_related("stage__event__tournament"),
            pk=self.kwargs["round_id"],
            stage__event__tournament=tournament,
        )
        if not can_see_round(self.request.user, rnd, tournament):
            raise NotFound()
        return tournament, rnd


def round_body(rnd):
    return {
        "round": {"id": rnd.pk, "number": rnd.number, "name": rnd.display_name, "status": rnd.status},
        "clock": round_clock.clock_state(round_clock.clock_of(rnd)),
        "matches": [schedule_row(m) for m in schedule_services.round_schedule(rnd)],
    }


class RoundScheduleView(TournamentScopedView):
    """GET: the round's matches by time and table, with umpires, states and the clock. POST {start, first_table,
    last_table, keep_tables}: schedule every match still to be called (secretary)."""

    @extend_schema(responses={200: RoundScheduleSerializer, **READ})
    def get(self, request, tournament_slug, round_id):
        _, rnd = self.get_round()
        return Response(round_body(rnd))

    @extend_schema(request=ScheduleRequestSerializer, responses={200: RoundScheduledSerializer, **WRITE})
    def post(self, request, tournament_slug, round_id):
        tournament, rnd = self.get_round()
        self.require_secretary(tournament)
        placed = schedule_services.schedule_round(rnd, user=request.user, **self.valid(ScheduleRequestSerializer))
        return Response({**round_body(rnd), **placement(placed)})


class StageScheduleView(TournamentScopedView):
    """POST {start, first_table, last_table, keep_tables, reason}: schedule every published round of the stage at
    once, round after round (a knockout in bracket order); answers the matches placed (secretary)."""

    @extend_schema(request=ScheduleRequestSerializer, responses={200: StageScheduleSerializer, **WRITE})
    def post(self, request, tournament_slug, stage_id):
        tournament = self.get_tournament()
        stage = get_object_or_404(Stage, pk=stage_id, event__tournament=tournament)
        self.require_secretary(tournament)
        placed = schedule_services.schedule_stage(stage, user=request.user, **self.valid(ScheduleRequestSerializer))
        rows = Match.objects.select_related("entry_a", "entry_b", "umpire__player").in_bulk([m.pk for m in placed])
        return Response(
            {
                "stage": {"id": stage.pk, "name": stage.name},
                "matches": [schedule_row(rows[m.pk]) for m in placed],
                **placement(placed),
            }
        )


class RoundCallView(TournamentScopedView):
    """POST: call the round: its scheduled matches become called; with a time limit (ECC) the clock starts."""

    @extend_schema(request=CallSerializer, responses={200: RoundScheduleSerializer, **WRITE})
    def post(self, request, tournament_slug, round_id):
        """`check_in` says how absence is established: "claims" (a side loses for lateness only once someone on
        the spot says it is absent) or "desk" (the desk marks every arrival; unmarked sides lose at the law's
        deadline). Without it, the event's default: claims for self-umpired events, desk for umpired ones."""
        tournament, rnd = self.get_round()
        self.require_secretary(tournament)
        check_in = self.valid(CallSerializer).get("check_in") or None
        schedule_services.call_round(rnd, user=request.user, check_in=check_in)
        return Response(round_body(rnd))


class RoundClockView(TournamentScopedView):
    """GET: the round clock's phase, seconds to the next bell and bell times. POST: start it (secretary)."""

    @extend_schema(responses={200: ClockStateSerializer, **READ})
    def get(self, request, tournament_slug, round_id):
        _, rnd = self.get_round()
        return Response(round_clock.clock_state(round_clock.clock_of(rnd)))

    @extend_schema(request=None, responses={201: ClockStateSerializer, **WRITE})
    def post(self, request, tournament_slug, round_id):
        tournament, rnd = self.get_round()
        self.require_secretary(tournament)
        clock = round_clock.start_clock(rnd, user=request.user)
        return Response(round_clock.clock_state(clock), status=201)


class MatchScheduleView(TournamentScopedView):
    def get_match(self):
        tournament = self.get_tournament()
        self.require_secretary(tournament)
        match = get_object_or_404(Match.with_rubbers, pk=self.kwargs["match_id"], stage__event__tournament=tournament)
        return match

    def row(self, match):
        return Response(
            schedule_row(Match.with_rubbers.select_related("entry_a", "entry_b", "umpire__player").get(pk=match.pk))
        )


class MatchMoveView(MatchScheduleView):
    """POST {table, planned_at, reason}: move a match not yet started; 400 naming the clashing match."""

    @extend_schema(request=MoveSerializer, responses={200: ScheduleRowSerializer, **WRITE})
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        data = self.valid(MoveSerializer)
        schedule_services.move_match(match, data["table"], data["planned_at"], request.user, data["reason"])
        return self.row(match)


class MatchUmpireView(MatchScheduleView):
    """POST {umpire: user id or null, reason}: the match's umpire; 400 when they are busy or play in it."""

    @extend_schema(request=UmpireSerializer, responses={200: ScheduleRowSerializer, **WRITE})
    def post(self, request, tournament_slug, match_id):
        match = self.get_match()
        data = self.valid(UmpireSerializer)
        umpire = None
        if data["umpire"] is not None:
            umpire = get_user_model().objects.filter(pk=data["umpire"]).first()
            if umpire is None:
                return Response({"umpire": [_("No such user.")]}, status=400)
        schedule_services.assign_umpire(match, umpire, request.user, data["reason"])
        return self.row(match)


class VenueView(TournamentScopedView):
    """GET: the hall's tables, match minutes, rest minutes and playing sessions. PUT: change them (secretary); 400
    with field errors for a session that ends before it starts, two that overlap, a date that is no date."""

    @extend_schema(responses={200: VenueSerializer, **READ})
    def get(self, request, tournament_slug):
        return Response(VenueSerializer(venue_of(self.get_tournament())).data)

    @extend_schema(request=VenueSerializer, responses={200: VenueSerializer, **WRITE})
    def put(self, request, tournament_slug):
        tournament = self.get_tournament()
        self.require_secretary(tournament)
        venue = schedule_services.update_venue(tournament, **self.valid(VenueSerializer))
        return Response(VenueSerializer(venue).data)
