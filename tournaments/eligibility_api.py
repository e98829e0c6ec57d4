"""Who may enter an event, through the API (tournaments.eligibility), for its secretaries only (the exceptions'
reasons are theirs): GET and PUT /api/tournaments/<slug>/events/<id>/eligibility/ read and replace the rules;
POST …/eligibility/exceptions/ admits one player against them, with the reason."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from tournaments import eligibility
from tournaments.api import ServiceErrorsMixin
from tournaments.models import EventEligibility, Player
from tournaments.permissions import is_secretary
from tournaments.scoping import TournamentScopedMixin


class ExceptionSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    name = serializers.CharField(read_only=True)
    reason = serializers.CharField(max_length=500)
    admitted_by = serializers.CharField(read_only=True, allow_null=True)
    admitted_at = serializers.DateTimeField(read_only=True)


class EligibilitySerializer(serializers.Serializer):
    sex = serializers.ChoiceField(choices=["", *EventEligibility.Sex.values], required=False, default="")
    born_on_or_after = serializers.DateField(required=False, allow_null=True, default=None)
    born_on_or_before = serializers.DateField(required=False, allow_null=True, default=None)
    countries = serializers.ListField(
        child=serializers.CharField(max_length=3), required=False, default=list, max_length=300
    )
    country_of = serializers.ChoiceField(
        choices=EventEligibility.CountryOf.values, required=False, default=EventEligibility.CountryOf.RESIDENCE
    )
    federation_members = serializers.BooleanField(required=False, default=False)
    rules = serializers.ListField(child=serializers.CharField(), read_only=True, help_text="The rules in words.")
    exceptions = ExceptionSerializer(many=True, read_only=True)


def exception_body(exception):
    return {
        "player": exception.player,
        "name": exception.player.full_name,
        "reason": exception.reason,
        "admitted_by": exception.admitted_by.get_username() if exception.admitted_by_id else None,
        "admitted_at": exception.admitted_at,
    }


def eligibility_body(event):
    rule = EventEligibility.objects.filter(event=event).first()
    fields = EventEligibility(event=event) if rule is None else rule
    return {
        "sex": fields.sex,
        "born_on_or_after": fields.born_on_or_after,
        "born_on_or_before": fields.born_on_or_before,
        "countries": fields.countries,
        "country_of": fields.country_of,
        "federation_members": fields.federation_members,
        "rules": [str(line) for line in eligibility.rule_lines(rule)],
        "exceptions": [exception_body(e) for e in event.eligibility_exceptions.select_related("player", "admitted_by")],
    }


class EligibilityMixin(ServiceErrorsMixin, TournamentScopedMixin):
    def event(self):
        if not is_secretary(self.request.user, self.tournament):
            raise PermissionDenied(_("Only a secretary of this tournament may see who may enter its events."))
        return get_object_or_404(self.tournament.events.all(), pk=self.kwargs["event_pk"])


class EligibilityView(EligibilityMixin, APIView):
    @extend_schema(responses={200: EligibilitySerializer, **error_responses(403, 404)})
    def get(self, request, tournament_slug, event_pk):
        return Response(EligibilitySerializer(eligibility_body(self.event())).data)

    @extend_schema(
        request=EligibilitySerializer, responses={200: EligibilitySerializer, **error_responses(400, 403, 404)}
    )
    def put(self, request, tournament_slug, event_pk):
        event = self.event()
        serializer = EligibilitySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        eligibility.set_eligibility(event, **serializer.validated_data)
        return Response(EligibilitySerializer(eligibility_body(event)).data)


class EligibilityExceptionsView(EligibilityMixin, APIView):
    @extend_schema(request=ExceptionSerializer, responses={201: ExceptionSerializer, **error_responses(400, 403, 404)})
    def post(self, request, tournament_slug, event_pk):
        event = self.event()
        serializer = ExceptionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        exception = eligibility.admit_exception(event, data["player"], data["reason"], request.user)
        return Response(ExceptionSerializer(exception_body(exception)).data, status=status.HTTP_201_CREATED)
