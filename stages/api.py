"""The secretary's stage workflow and the public reads, as an API scoped by the tournament in the URL.

Anyone reads a published tournament; only its secretaries write (TournamentScopedMixin). Preview (draft) rounds
and their matches are shown to secretaries only. Every operation calls a service in stages.services or
scoring.services, every read a selector in stages.selectors: a StageError answers 409 ``{"detail": message}``, a
ServiceError 400 ``{field: [message]}``.
"""

import random

from django.db.models import Count, ProtectedError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from stages import selectors, services
from stages.errors import StageError
from stages.models import Match, Round, Stage
from stages.serializers import (
    BracketSerializer,
    DeleteLastRoundConflictSerializer,
    DeleteLastRoundSerializer,
    DrawSerializer,
    MatchSerializer,
    RoundSerializer,
    StageSerializer,
    StandingsSerializer,
    SwapSerializer,
    WarningsSerializer,
)
from tournaments.models import Event
from tournaments.permissions import is_secretary
from tournaments.scoping import TournamentScopedMixin, documented_errors

# The error answers of the secretary's actions (a StageError is the 409), and of the reads (an unknown stage, or
# one the action does not apply to).
ACTION_ERRORS = error_responses(400, 403, 404, 409)
NO_INPUT_ERRORS = error_responses(403, 404, 409)
READ_ERRORS = error_responses(404, 409)
RESULT_ERRORS = error_responses(400, 403, 404)


def match_queryset():
    """Matches with everything MatchSerializer reads, in a fixed number of queries whatever their number."""
    return Match.objects.select_related("round", "group", "entry_a", "entry_b").prefetch_related("games")


def conflict(message):
    return Response({"detail": str(message)}, status=status.HTTP_409_CONFLICT)


class StageScopedMixin(TournamentScopedMixin, ServiceAPIView):
    """Maps the services' errors to answers (a StageError: 409; a ServiceError as in every match API, see
    ServiceAPIView) and hides preview rounds from everyone but secretaries."""

    def handle_exception(self, exc):
        if isinstance(exc, StageError):
            return conflict(exc)
        return super().handle_exception(exc)

    def sees_previews(self):
        if not hasattr(self, "_sees_previews"):
            self._sees_previews = is_secretary(self.request.user, self.tournament)
        return self._sees_previews

    def visible_rounds(self, rounds):
        return rounds if self.sees_previews() else rounds.filter(status=Round.Status.PUBLISHED)


@documented_errors(StageSerializer)
class EventStageViewSet(StageScopedMixin, mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """The stages of one event, in order; POST adds one."""

    serializer_class = StageSerializer
    pagination_class = None

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Stage.objects.none()
        return Stage.objects.filter(
            event_id=self.kwargs["event_pk"], event__tournament__slug=self.kwargs["tournament_slug"]
        )

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if hasattr(self, "tournament"):
            context["event"] = get_object_or_404(Event, pk=self.kwargs["event_pk"], tournament=self.tournament)
        return context

    def perform_create(self, serializer):
        serializer.save(event=serializer.context["event"])


@documented_errors(StageSerializer, conflicts=("update", "partial_update", "destroy"))
class StageViewSet(
    StageScopedMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """A stage: read, change or delete while it is not drawn, and the secretary's actions on it."""

    serializer_class = StageSerializer
    filterset_fields = ["event", "kind", "status"]
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Stage.objects.none()
        return Stage.objects.filter(event__tournament__slug=self.kwargs["tournament_slug"]).select_related("event")

    def update(self, request, *args, **kwargs):
        stage = self.get_object()
        if stage.status != Stage.Status.PENDING:
            raise StageError(_("%(stage)s is drawn; delete its rounds to change it.") % {"stage": stage.name})
        return super().update(request, *args, **kwargs)

    def perform_destroy(self, stage):
        if stage.status != Stage.Status.PENDING:
            raise StageError(_("%(stage)s is drawn; delete its rounds before deleting it.") % {"stage": stage.name})
        try:
            stage.delete()
        except ProtectedError:
            raise StageError(
                _("%(stage)s is the source of a later stage; delete that first.") % {"stage": stage.name}
            ) from None

    def stage_response(self, stage, code=status.HTTP_200_OK):
        stage.refresh_from_db()
        return Response(StageSerializer(stage).data, status=code)

    @extend_schema(request=DrawSerializer, responses={200: StageSerializer, **ACTION_ERRORS})
    @action(detail=True, methods=["post"])
    def draw(self, request, **kwargs):
        """Draw the stage: groups and round robins with their whole schedule, a knockout's whole bracket, or a
        Swiss stage's first round. Rounds start as previews."""
        stage = self.get_object()
        services.draw_stage(stage, self.rng(), self.valid(DrawSerializer)["shuffle_tables"])
        return self.stage_response(stage)

    @extend_schema(request=DrawSerializer, responses={201: RoundSerializer, **ACTION_ERRORS})
    @action(detail=True, methods=["post"], url_path="pair-next-round")
    def pair_next_round(self, request, **kwargs):
        """Pair the next Swiss round, as a preview."""
        stage = self.get_object()
        rnd = services.pair_swiss_round(stage, self.rng(), self.valid(DrawSerializer)["shuffle_tables"])
        rnd = Round.objects.annotate(match_count=Count("matches")).get(pk=rnd.pk)
        return Response(RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: StageSerializer, **NO_INPUT_ERRORS})
    @action(detail=True, methods=["post"])
    def publish(self, request, **kwargs):
        """Publish every preview round of the stage."""
        stage = self.get_object()
        services.publish_stage(stage)
        return self.stage_response(stage)

    @extend_schema(request=None, responses={200: StageSerializer, **NO_INPUT_ERRORS})
    @action(detail=True, methods=["post"])
    def finish(self, request, **kwargs):
        """Close the stage; its standings then decide who enters the stages it is the source of."""
        stage = self.get_object()
        services.finish_stage(stage)
        return self.stage_response(stage)

    @extend_schema(
        request=DeleteLastRoundSerializer,
        responses={
            200: StageSerializer,
            **ACTION_ERRORS,
            409: OpenApiResponse(DeleteLastRoundConflictSerializer, "Conflict, or results to confirm"),
        },
    )
    @action(detail=True, methods=["post"], url_path="delete-last-round")
    def delete_last_round(self, request, **kwargs):
        """Delete the last round. If it has results, answers 409 unless `confirm_results` is true."""
        stage = self.get_object()
        confirm_results = self.valid(DeleteLastRoundSerializer)["confirm_results"]
        try:
            services.delete_last_round(stage, confirm_results)
        except services.ResultsToConfirm as error:
            return Response(
                {
                    "detail": _('%(question)s Send {"confirm_results": true} to delete them.') % {"question": error},
                    "confirm_results": True,
                },
                status=status.HTTP_409_CONFLICT,
            )
        return self.stage_response(stage)

    @extend_schema(responses={200: StandingsSerializer, **READ_ERRORS})
    @action(detail=True, methods=["get"])
    def standings(self, request, **kwargs):
        """Swiss and round-robin standings; per group for a groups stage. Ranked by the stage's tie-breaks."""
        stage = self.get_object()
        if stage.kind == Stage.Kind.KNOCKOUT:
            raise StageError(_("A knockout has a bracket, not standings."))
        if stage.kind == Stage.Kind.GROUPS:
            groups = [
                {"id": group.pk, "name": group.name, "standings": rows}
                for group, rows in selectors.group_standings(stage).items()
            ]
            return Response(StandingsSerializer({"kind": stage.kind, "groups": groups}).data)
        matches = Match.objects.filter(stage=stage, round__in=self.visible_rounds(stage.rounds.all()))
        rows = selectors.stage_standings(stage, matches=list(matches))
        return Response(StandingsSerializer({"kind": stage.kind, "standings": rows}).data)

    @extend_schema(responses={200: BracketSerializer, **READ_ERRORS})
    @action(detail=True, methods=["get"])
    def bracket(self, request, **kwargs):
        """A knockout's rounds with their matches, and the champion once the final is decided."""
        stage = self.get_object()
        if stage.kind != Stage.Kind.KNOCKOUT:
            raise StageError(_("Only a knockout has a bracket."))
        rounds = list(self.visible_rounds(stage.rounds.all()))
        data = selectors.bracket_data(rounds, match_queryset().filter(round__in=rounds))
        return Response(BracketSerializer(data).data)

    def rng(self):
        seed = self.valid(DrawSerializer).get("seed")
        return random.Random(seed) if seed is not None else None


@documented_errors(RoundSerializer)
class RoundViewSet(StageScopedMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The rounds of one stage (``stages/<stage_pk>/rounds/``); preview rounds for secretaries only."""

    serializer_class = RoundSerializer
    pagination_class = None
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        rounds = Round.objects.filter(
            stage_id=self.kwargs["stage_pk"], stage__event__tournament__slug=self.kwargs["tournament_slug"]
        ).annotate(match_count=Count("matches"))
        return self.visible_rounds(rounds)

    def list(self, request, *args, **kwargs):
        get_object_or_404(Stage, pk=kwargs["stage_pk"], event__tournament=self.tournament)
        return super().list(request, *args, **kwargs)

    @extend_schema(request=None, responses={200: RoundSerializer, **NO_INPUT_ERRORS})
    @action(detail=True, methods=["post"])
    def publish(self, request, **kwargs):
        """Publish a preview round: its pairings become public and take results."""
        rnd = self.get_object()
        services.publish_round(rnd)
        return Response(RoundSerializer(rnd).data)


@documented_errors(MatchSerializer)
class MatchViewSet(StageScopedMixin, viewsets.ReadOnlyModelViewSet):
    """The tournament's matches (filter by stage, round, group, status) and swaps of preview pairings. Results
    and walkovers: scoring.api (same URLs, under matches/<id>/)."""

    serializer_class = MatchSerializer
    filterset_fields = ["stage", "round", "group", "status"]
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Match.objects.none()
        matches = match_queryset().filter(stage__event__tournament__slug=self.kwargs["tournament_slug"])
        if not self.sees_previews():
            matches = matches.filter(round__status=Round.Status.PUBLISHED)
        return matches.order_by("stage__event", "stage__order", "round__number", "group__number", "number")

    @extend_schema(request=SwapSerializer, responses={200: WarningsSerializer, **ACTION_ERRORS})
    @action(detail=False, methods=["post"])
    def swap(self, request, **kwargs):
        """Swap one entry of a preview match with one of another match of the same round."""
        data = self.valid(SwapSerializer)
        found = self.get_queryset().in_bulk([data["first"], data["second"]])
        missing = {
            key: [_("No such match in this tournament.")] for key in ("first", "second") if data[key] not in found
        }
        if missing:
            raise ValidationError(missing)
        first, second = found[data["first"]], found[data["second"]]
        warnings = services.swap_pairings(first, data["first_side"], second, data["second_side"])
        return Response({"warnings": warnings})
