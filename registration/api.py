"""An event's entries window through the API, /api/tournaments/<slug>/events/<id>/registration/: GET for anyone
who sees the tournament (its secretaries also get the sign-ups, addresses included), PUT for its secretaries (the
fields given are set, through the same service as the secretary's page: registration.services.set_registration)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.http_errors import error_responses
from registration import selectors
from registration.models import SignUp
from registration.serializers import RegistrationSerializer
from registration.services import FIELDS, set_registration
from tournaments.models import Event
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
