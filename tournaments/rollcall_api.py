"""The roll call through the API (tournaments.rollcall), for the tournament's secretaries:

- GET …/events/<id>/roll-call/: whether it is open, each active entry with its mark, and the absent entries' ids.
- POST …/roll-call/ `{entry, present}` marks an entry (opening the roll call), or `{open: true|false}` opens or
  closes it to the players' links.
- POST …/roll-call/withdraw-absent/ `{entries: [ids]}`: the absent entries as the caller saw them; all are
  withdrawn in one step. 409 when the absent are no longer exactly those, or a stage of the event is drawn."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import ServiceError
from core.http_errors import error_responses
from tournaments import rollcall
from tournaments.api import ServiceErrorsMixin
from tournaments.permissions import is_secretary
from tournaments.scoping import TournamentScopedMixin


class RollCallLineSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    present = serializers.BooleanField()
    marked_at = serializers.DateTimeField(allow_null=True)
    by_player = serializers.BooleanField(help_text="Marked by one of its players from their personal link.")


class RollCallSerializer(serializers.Serializer):
    open = serializers.BooleanField()
    opened_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    entries = RollCallLineSerializer(many=True)
    absent = serializers.ListField(child=serializers.IntegerField(), help_text="Active entries not marked present.")


class MarkSerializer(serializers.Serializer):
    entry = serializers.IntegerField(required=False, min_value=1)
    present = serializers.BooleanField(required=False, default=True)
    open = serializers.BooleanField(required=False, help_text="Open (true) or close (false) to the players' links.")


class WithdrawAbsentSerializer(serializers.Serializer):
    entries = serializers.ListField(
        child=serializers.IntegerField(min_value=1), allow_empty=True, help_text="The absent entries' ids, as read."
    )


class WithdrawnSerializer(serializers.Serializer):
    withdrawn = serializers.ListField(child=serializers.IntegerField())


def roll_call_body(event):
    roll_call = rollcall.roll_call_of(event)
    lines = rollcall.roll_call_lines(event)
    return {
        "open": bool(roll_call and roll_call.is_open),
        "opened_at": roll_call.opened_at if roll_call else None,
        "closed_at": roll_call.closed_at if roll_call else None,
        "entries": [
            {
                "entry": line.entry.pk,
                "name": line.entry.name,
                "present": line.present,
                "marked_at": line.presence.marked_at if line.presence else None,
                "by_player": bool(line.presence and line.presence.player_id),
            }
            for line in lines
        ],
        "absent": [line.entry.pk for line in lines if not line.present],
    }


class RollCallMixin(ServiceErrorsMixin, TournamentScopedMixin):
    def event(self):
        if not is_secretary(self.request.user, self.tournament):
            raise PermissionDenied(_("Only a secretary of this tournament may hold its roll call."))
        return get_object_or_404(self.tournament.events.all(), pk=self.kwargs["event_pk"])


class RollCallView(RollCallMixin, APIView):
    @extend_schema(responses={200: RollCallSerializer, **error_responses(403, 404)})
    def get(self, request, tournament_slug, event_pk):
        return Response(RollCallSerializer(roll_call_body(self.event())).data)

    @extend_schema(request=MarkSerializer, responses={200: RollCallSerializer, **error_responses(400, 403, 404, 409)})
    def post(self, request, tournament_slug, event_pk):
        event = self.event()
        serializer = MarkSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "open" in data and "entry" not in data:
            if data["open"]:
                rollcall.open_roll_call(event, request.user)
            else:
                rollcall.close_roll_call(event)
        elif "entry" in data:
            entry = event.entries.filter(pk=data["entry"]).first()
            if entry is None:
                raise ServiceError("entry", _("No entry of this event has this id."))
            rollcall.mark(entry, present=data["present"], user=request.user)
        else:
            raise ServiceError("entry", _("Give the entry to mark, or open (true or false)."))
        return Response(RollCallSerializer(roll_call_body(event)).data)


class WithdrawAbsentView(RollCallMixin, APIView):
    @extend_schema(
        request=WithdrawAbsentSerializer, responses={200: WithdrawnSerializer, **error_responses(400, 403, 404, 409)}
    )
    def post(self, request, tournament_slug, event_pk):
        event = self.event()
        serializer = WithdrawAbsentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        withdrawn = rollcall.withdraw_absent(event, serializer.validated_data["entries"])
        return Response(WithdrawnSerializer({"withdrawn": [entry.pk for entry in withdrawn]}).data)
