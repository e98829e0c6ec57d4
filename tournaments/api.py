from contextlib import contextmanager

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import APIException, PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from core import errors
from core.http_errors import error_responses
from tournaments import consent, display, entry_services, invitations, merging, officials, services
from tournaments.consent_serializers import PlayerDataSerializer
from tournaments.importing import ImportFailed, ImportNeedsConfirmation
from tournaments.models import Club, Entry, Event, Player, Tournament
from tournaments.permissions import (
    SharedRecordPermission,
    TournamentPermission,
    can_change_club,
    can_change_player,
    can_create_tournament,
    can_merge_players,
)
from tournaments.privacy import birth_date_shown, players_visible_to
from tournaments.scoping import SecretaryOnlyView, TournamentScopedMixin, documented_errors
from tournaments.serializers import (
    CONSENT_FIELDS,
    SLUG_TAKEN,
    AppointOfficialSerializer,
    ClubSerializer,
    EntrySerializer,
    EntryUpdateSerializer,
    EventSerializer,
    ImportConfirmationSerializer,
    ImportSerializer,
    ImportSummarySerializer,
    InvitedSerializer,
    MergePlayersSerializer,
    NewAccountSerializer,
    OfficialSerializer,
    PlayerSerializer,
    RemoveOfficialSerializer,
    TournamentSerializer,
)


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("This cannot be done in the current state.")
    default_code = "conflict"


MERGE_REFUSED = gettext_lazy(
    "Only staff, or a secretary of every tournament both players are entered in, may merge them."
)


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
    filterset_fields = ["country", "is_federation", "guid"]

    def may_change(self, user, club):
        return can_change_club(user, club)

    def perform_update(self, serializer):
        with transaction.atomic():
            entry_services.refresh_club_names(serializer.save())


class ServiceErrorsMixin:
    """The services' refusals as answers: Conflict 409 with its message, any other ServiceError 400 with field
    errors."""

    def handle_exception(self, exc):
        if isinstance(exc, errors.Conflict):
            return Response({"detail": exc.message}, status=status.HTTP_409_CONFLICT)
        if isinstance(exc, errors.ServiceError):
            return Response(exc.as_dict(), status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)


@documented_errors(PlayerSerializer)
class PlayerViewSet(ServiceErrorsMixin, ProtectedDestroyMixin, viewsets.ModelViewSet):
    serializer_class = PlayerSerializer
    permission_classes = [SharedRecordPermission]
    filterset_fields = ["country", "club", "sex", "guid"]

    def get_queryset(self):
        user = self.request.user
        return players_visible_to(user).annotate(birth_date_shown=birth_date_shown(user)).select_related("club")

    def may_change(self, user, player):
        return can_change_player(user, player)

    def secretary_object(self):
        player = self.get_object()
        if not can_change_player(self.request.user, player):
            raise PermissionDenied(_("Only a secretary of a tournament this player is entered in may do this."))
        return player

    @extend_schema(request=None, responses={200: PlayerDataSerializer, **error_responses(403, 404)})
    @action(detail=True, methods=["get"])
    def data(self, request, *args, **kwargs):
        """Everything held about the player (a copy to hand them on request): their record, consent, entries,
        matches, personal links, rates, portrait. Secretaries of a tournament the player is entered in."""
        return Response(consent.player_data(self.secretary_object()))

    @extend_schema(request=None, responses={200: PlayerSerializer, **error_responses(403, 404)})
    @action(detail=True, methods=["post"])
    def erase(self, request, *args, **kwargs):
        """Erase the player on their request: personal fields cleared, the name replaced by a pseudonym ("Player
        1234"), portrait and personal links gone; entries and results stay, so no standings change."""
        player = consent.erase_player(self.secretary_object())
        return Response(PlayerSerializer(player, context=self.get_serializer_context()).data)

    def perform_create(self, serializer):
        answers = {name for name in CONSENT_FIELDS if name in serializer.validated_data}
        if answers:  # consent given with the player: recorded as any other, with its source and time
            source = serializer.validated_data.get("consent_source") or Player.ConsentSource.SECRETARY
            serializer.save(consent_source=source, consent_at=timezone.now())
        else:
            serializer.save()

    def perform_update(self, serializer):
        # A corrected name is copied to the player's entries at once (entry_services.update_player).
        fields = dict(serializer.validated_data)
        answers = {name: fields.pop(name) for name in CONSENT_FIELDS if name in fields}
        with transaction.atomic():
            player = entry_services.update_player(serializer.instance, **fields)
            if answers:
                source = answers.pop("consent_source", None) or Player.ConsentSource.SECRETARY
                player = consent.record_consent(player, source, **answers)
        serializer.instance = player

    @extend_schema(request=MergePlayersSerializer, responses={200: PlayerSerializer, **error_responses(400, 403, 404)})
    @action(detail=True, methods=["post"])
    def merge(self, request, pk=None):
        """Merge the player `merged` (another record of the same person) into this one, which is kept: entries,
        line-ups, rates, links, notifications and account follow; the merged record's SoL guid becomes an alias.
        For staff, and for a secretary of every tournament either player is entered in. 400 with the reason when
        the two play in one event or each has an account."""
        kept = get_object_or_404(self.get_queryset(), pk=pk)
        if not (can_change_player(request.user, kept) or can_merge_players(request.user, kept, kept)):
            raise PermissionDenied(MERGE_REFUSED)
        serializer = MergePlayersSerializer(data=request.data, players=players_visible_to(request.user))
        serializer.is_valid(raise_exception=True)
        merged = serializer.validated_data["merged"]
        if not can_merge_players(request.user, kept, merged):
            raise PermissionDenied(MERGE_REFUSED)
        kept = merging.merge_players(kept, merged)
        answer = self.get_queryset().get(pk=kept.pk)
        return Response(PlayerSerializer(answer, context=self.get_serializer_context()).data)


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
    filterset_fields = ["status", "guid"]

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
class EntryViewSet(ServiceErrorsMixin, TournamentScopedMixin, viewsets.ModelViewSet):
    """An event's entries. POST enters one more (late entries too: known `players` and/or `new_players`); PATCH
    changes its seed (or withdraws it); DELETE removes it before any draw of the event (409 after: withdraw it
    instead); POST withdraw/ and reinstate/ at any time."""

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
        entry = entry_services.add_late_entry(
            self.get_event(), data.get("players", []), data.get("new_players", []), seed=data.get("seed")
        )
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    def perform_update(self, serializer):
        serializer.instance = entry_services.update_entry(serializer.instance, **serializer.validated_data)

    def perform_destroy(self, entry):
        entry_services.remove_entry(entry)

    @extend_schema(request=None, responses={200: EntrySerializer, **error_responses(400, 403, 404)})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, *args, **kwargs):
        """Withdraw the entry: never paired or drawn again, its knockout opponents go through; its played matches
        stand."""
        return Response(EntrySerializer(services.withdraw_entry(self.get_object(), True)).data)

    @extend_schema(request=None, responses={200: EntrySerializer, **error_responses(400, 403, 404)})
    @action(detail=True, methods=["post"])
    def reinstate(self, request, *args, **kwargs):
        """Reinstate a withdrawn entry: paired and drawn again from now on."""
        return Response(EntrySerializer(services.withdraw_entry(self.get_object(), False)).data)


class ImportEntriesView(TournamentScopedMixin, APIView):
    """POST an entry list (an Excel workbook or CSV, as a file or as text): all rows are imported, or none (400 with
    one message per bad line). Once a stage of the event is drawn, 409 says what the import would change, and only
    the same request with confirm=true imports it."""

    serializer_class = ImportSerializer

    @extend_schema(
        request=ImportSerializer,
        responses={
            200: ImportSummarySerializer,
            409: ImportConfirmationSerializer,
            **error_responses(400, 403, 404),
        },
    )
    def post(self, request, tournament_slug, event_pk):
        event = get_object_or_404(Event, pk=event_pk, tournament=self.tournament)
        serializer = ImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            summary = services.import_entries(event, data["source"], confirm=data["confirm"])
        except ImportFailed as failure:
            return Response({"file": failure.errors}, status=status.HTTP_400_BAD_REQUEST)
        except ImportNeedsConfirmation as question:
            return Response(confirmation_body(event, question.preview), status=status.HTTP_409_CONFLICT)
        return Response(vars(summary), status=status.HTTP_200_OK)


def confirmation_body(event, preview):
    message = _(
        "The draw of %(event)s has begun: nothing was imported. Check what the import would change, then send it "
        "again with confirm set to true."
    )
    return {
        "detail": message % {"event": event.name},
        "new_entries": preview.new_entries,
        "seed_changes": [
            {"entry": name, "seed_before": before, "seed": seed} for name, before, seed in preview.seed_changes
        ],
        "entries_unchanged": preview.entries_unchanged,
        "players_created": preview.players_created,
        "drawn_stages": [stage.name for stage in preview.drawn_stages],
        "not_entered_in": preview.closed_stages,
        "paired_from_next_round_in": preview.open_stages,
    }


def official_body(role, user):
    return {"role": role, "id": user.pk, "username": user.get_username(), "name": officials.person(user)}


class OfficialsView(SecretaryOnlyView):
    """The tournament's secretaries, chief referees and umpires, for its secretaries only. GET lists them; POST
    {role, user} invites an existing account named by user name or e-mail, POST {role, name, email?, username?}
    creates an account and invites it. An invitation answers 202 with the same words whether an account has that
    name or address or not, and the account becomes an official once its owner accepts (/api/account/invitations/);
    only an account created without an e-mail address answers 201 with its set-password link. DELETE ?role=&user=
    removes one (id, user name or e-mail). The last secretary stays: 400."""

    @extend_schema(responses={200: OfficialSerializer(many=True), **error_responses(403, 404)})
    def get(self, request, tournament_slug):
        people = officials.officials_of(self.get_tournament())
        return Response([official_body(role, user) for role, users in people.items() for user in users])

    @extend_schema(
        request=AppointOfficialSerializer,
        responses={201: NewAccountSerializer, 202: InvitedSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request, tournament_slug):
        tournament = self.get_tournament()
        data = self.valid(AppointOfficialSerializer)
        role = data["role"]
        if data.get("user"):
            invitations.invite(tournament, role, data["user"], invited_by=request.user)
            return Response({"detail": display.INVITED[role] % {"tournament": tournament}}, status=202)
        account = invitations.create_and_invite(
            tournament,
            role,
            name=data["name"],
            email=data.get("email", ""),
            username=data.get("username", ""),
            invited_by=request.user,
            site=request.build_absolute_uri("/"),
        )
        if account is None:
            return Response({"detail": display.MAILED % {"email": data["email"]}}, status=202)
        return Response({**official_body(role, account.user), "set_password_url": account.link}, status=201)

    @extend_schema(
        parameters=[
            OpenApiParameter("role", str, enum=list(officials.FIELDS), required=True),
            OpenApiParameter("user", str, required=True, description="The official's id, user name or e-mail."),
        ],
        responses={204: None, **error_responses(400, 403, 404)},
    )
    def delete(self, request, tournament_slug):
        tournament = self.get_tournament()
        # The query string, as the schema says; a body is read too, for clients that send one with DELETE.
        serializer = RemoveOfficialSerializer(data=request.query_params or request.data)
        serializer.is_valid(raise_exception=True)
        role, identifier = serializer.validated_data["role"], serializer.validated_data["user"]
        officials.remove(tournament, role, officials.find_member(tournament, role, identifier))
        return Response(status=204)
