"""An event's entries window through the API, /api/tournaments/<slug>/events/<id>/registration/: GET for anyone
who sees the tournament (its secretaries also get the sign-ups, addresses included), PUT for its secretaries (the
fields given are set, through the same service as the secretary's page: registration.services.set_registration)."""

from django.shortcuts import get_object_or_404
from django.utils import translation
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from registration import selectors
from registration.models import SignUp
from registration.serializers import RegistrationSerializer, SignedUpSerializer, SignUpRequestSerializer
from registration.services import FIELDS, confirm_hours, set_registration, sign_up
from registration.throttle import too_many
from tournaments.models import Event, Tournament
from tournaments.permissions import is_secretary
from tournaments.scoping import TournamentScopedMixin


def registration_body(event, secretary):
    window = selectors.registration_of(event)
    sign_ups = selectors.sign_ups_of(event) if secretary else []
    body = {name: getattr(window, name) if window else None for name in ("opens_at", "closes_at", "cap")}
    body.update(
        closed=bool(window and window.closed),
        public_sign_up=bool(window and window.public_sign_up),
        open=selectors.entries_open(event),
        entries=event.entries.filter(withdrawn=False).count(),
        waiting=SignUp.objects.filter(event=event, status=SignUp.Status.WAITING).count(),
    )
    if secretary:
        body["sign_ups"] = sign_ups
    return body


class RegistrationView(TournamentScopedMixin, ServiceAPIView):
    def event(self):
        return get_object_or_404(Event, pk=self.kwargs["event_pk"], tournament=self.tournament)

    def answer(self, event):
        body = registration_body(event, is_secretary(self.request.user, self.tournament))
        return Response(RegistrationSerializer(body).data)

    @extend_schema(responses={200: RegistrationSerializer, **error_responses(404)})
    def get(self, request, tournament_slug, event_pk):
        return self.answer(self.event())

    @extend_schema(
        request=RegistrationSerializer, responses={200: RegistrationSerializer, **error_responses(400, 403, 404)}
    )
    def put(self, request, tournament_slug, event_pk):
        event = self.event()
        data = self.valid(RegistrationSerializer)
        set_registration(event, **{name: data[name] for name in FIELDS if name in data})
        return self.answer(event)


class SignUpView(ServiceAPIView):
    """The public form's sign-up, for a program (a club's own site): no log-in, the same rate limits (429 past
    them) and the same service; the e-mail's link confirms it, as from the form."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=SignUpRequestSerializer,
        responses={201: SignedUpSerializer, **error_responses(400, 404)},
        auth=[],
        description="Sign up for an event taking sign-ups: 201, pending until the e-mailed link is opened; 400 "
        "with the reason (entries not open, no public sign-up, already signed up or entered, the event's rules); "
        "429 past the rate limits. The sex and date of birth are needed where the event's rules read them.",
    )
    def post(self, request, tournament_slug, event_pk):
        tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=tournament_slug)
        event = get_object_or_404(Event, pk=event_pk, tournament=tournament)
        data = self.valid(SignUpRequestSerializer)
        refused = too_many(request, data["email"])
        if refused:
            return Response({"detail": refused}, status=429)
        row = sign_up(event, data, translation.get_language() or "", request.build_absolute_uri("/"))
        body = {"event_id": event.pk, "name": row.name, "status": row.status, "confirm_within_hours": confirm_hours()}
        return Response(SignedUpSerializer(body).data, status=201)
