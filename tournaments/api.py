from contextlib import contextmanager

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.exceptions import APIException, PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from tournaments import services
from tournaments.importing import ImportFailed
from tournaments.models import Club, Entry, Event, Tournament
from tournaments.permissions import (
    SharedRecordPermission,
    TournamentPermission,
    birth_date_shown,
    can_change_club,
    can_change_player,
    can_create_tournament,
    players_visible_to,
)
from tournaments.scoping import TournamentScopedMixin, documented_errors
from tournaments.serializers import (
    SLUG_TAKEN,
    ClubSerializer,
    EntrySerializer,
    EntryUpdateSerializer,
    EventSerializer,
    ImportSerializer,
    ImportSummarySerializer,
    PlayerSerializer,
    TournamentSerializer,
)


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("This cannot be done in the current state.")
    default_code = "conflict"


class ProtectedDestroyMixin:
    """DELETE of something still in use (a player entered in an event, an entry or event with matches) answers 409
    and says what holds it, instead of failing on the database's protection."""

    def perform_destroy(self, instance):
        try:
            with transaction.atomic():
                instance.delete()
        except ProtectedError as error:
            holders = sorted({str(obj._meta.verbose_name_plural) for obj in error.protected_objects})
            message = _("%(object)s cannot be deleted while %(holders)s refer to it.")
            raise Conflict(message % {"object": instance, "holders": ", ".join(holders)}) from None


@documented_errors(ClubSerializer)
class ClubViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet):
    queryset = Club.objects.all()
    serializer_class = ClubSerializer
    permission_classes = [SharedRecordPermission]
    filterset_fields = ["country", "is_federation"]

    def may_change(self, user, club):
        return can_change_club(user, club)


@documented_errors(PlayerSerializer)
class PlayerViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet):
    serializer_class = PlayerSerializer
    permission_classes = [SharedRecordPermission]
    filterset_fields = ["country", "club", "sex"]

    def get_queryset(self):
        user = self.request.user
        return players_visible_to(user).annotate(birth_date_shown=birth_date_shown(user)).select_related("club")

    def may_change(self, user, player):
        return can_change_player(user, player)


@contextmanager
def slug_race(serializer):
    """A slug the serializer found free but another request took in the meantime: 400, as if it had been taken
    before (a slug made from the name is retried by Tournament.save instead)."""
    try:
        yield
    except IntegrityError:
        slug = serializer.validated_data.get("slug")
        if slug and Tournament.objects.filter(slug=slug).exists():
            raise ValidationError({"slug": [SLUG_TAKEN]}) from None
        raise


@documented_errors(TournamentSerializer)
class TournamentViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet):
    serializer_class = TournamentSerializer
    permission_classes = [TournamentPermission]
    lookup_field = "slug"
    filterset_fields = ["status"]

    def get_queryset(self):
        return Tournament.objects.visible_to(self.request.user).select_related("host_club")

    def get_tournament(self, tournament):
        return tournament

    def perform_create(self, serializer):
        if not can_create_tournament(self.request.user):
            raise PermissionDenied(_("Only secretaries create tournaments."))
        with slug_race(serializer):
            serializer.instance = services.create_tournament(self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        with slug_race(serializer):
            with transaction.atomic():
                serializer.save()


@documented_errors(EventSerializer)
class EventViewSet(ProtectedDestroyMixin, TournamentScopedMixin, viewsets.ModelViewSet):
    serializer_class = EventSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation has no URL kwargs
            return Event.objects.none()
        return Event.objects.filter(tournament__slug=self.kwargs["tournament_slug"])

    def perform_create(self, serializer):
        serializer.save(tournament=self.tournament)


@documented_errors(EntrySerializer, update_serializer=EntryUpdateSerializer)
class EntryViewSet(ProtectedDestroyMixin, TournamentScopedMixin, viewsets.ModelViewSet):
    filterset_fields = ["withdrawn"]

    def get_serializer_class(self):
        return EntryUpdateSerializer if self.action in ("update", "partial_update") else EntrySerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entry.objects.none()
        # EntrySerializer reads `players` (then lists them in member order): both prefetched, not read per entry.
        return Entry.objects.filter(
            event_id=self.kwargs["event_pk"], event__tournament__slug=self.kwargs["tournament_slug"]
        ).prefetch_related("members", "players")

    def get_event(self):
        return get_object_or_404(Event, pk=self.kwargs["event_pk"], tournament=self.tournament)

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            entry = services.add_entry(self.get_event(), data["players"], seed=data.get("seed"))
        except ImportFailed as failure:
            raise ValidationError({"players": failure.errors}) from None
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class ImportEntriesView(TournamentScopedMixin, APIView):
    """POST a CSV entry list: all rows are imported, or none (400 with one message per bad line)."""

    serializer_class = ImportSerializer

    @extend_schema(request=ImportSerializer, responses={200: ImportSummarySerializer, **error_responses(400, 403, 404)})
    def post(self, request, tournament_slug, event_pk):
        event = get_object_or_404(Event, pk=event_pk, tournament=self.tournament)
        serializer = ImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            summary = services.import_entries(event, serializer.validated_data["text"])
        except ImportFailed as failure:
            return Response({"file": failure.errors}, status=status.HTTP_400_BAD_REQUEST)
        return Response(vars(summary), status=status.HTTP_200_OK)
