"""The federations' API: /api/tournaments/<slug>/federations/ for the tournament's secretaries (GET the delegations
with their places, links and entries; POST invites one and sets its places), and /api/federation/<token>/entries/
for a delegate, whose token is the key (GET their places and entries; POST enters a player). A bad token: 404."""

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.errors import ServiceError
from core.http_errors import error_responses
from federations import fee_services, links, selectors, services
from federations.models import SentEntry
from federations.serializers import (
    DelegateEntrySerializer,
    DelegateViewSerializer,
    DelegationSerializer,
    EntrySentSerializer,
    EventFeeSerializer,
    EventFeesSerializer,
    FeePaymentSerializer,
    InviteSerializer,
)
from tournaments.models import Event
from tournaments.scoping import SecretaryOnlyView


def quota_body(line):
    return {"event": line.event.pk, "places": line.places, "used": line.used, "open": line.open}


def entry_body(entry):
    return {
        "id": entry.pk,
        "event": entry.event_id,
        "name": entry.name,
        "withdrawn": entry.withdrawn,
        "players": [player.pk for player in entry.members_in_order],
        "sent_at": entry.sent_at,
        "fee": money(entry.fee.amount) if entry.fee else None,
        "currency": entry.fee.currency if entry.fee else "",
        "fee_status": entry.fee_status,
    }


def money(amount):
    """An amount as the API writes money: a string with its two decimals ("500.00"), never a float."""
    return f"{amount:.2f}"


def delegation_body(summary, request):
    delegation = summary.delegation
    return {
        "id": delegation.pk,
        "federation": delegation.federation_id,
        "federation_name": delegation.federation.name,
        "country": delegation.federation.country,
        "link": links.delegate_url(delegation, request),
        "quotas": [quota_body(line) for line in summary.quotas],
        "places": summary.places,
        "used": summary.used,
        "entries": [entry_body(entry) for entry in summary.entries],
        "fee_totals": [
            {"currency": t.currency, "due": money(t.due), "paid": money(t.paid), "waived": money(t.waived)}
            for t in summary.fee_totals
        ],
    }


def quota_events(tournament, quotas):
    """{Event: places} of the API's list, the events the tournament's own (else 400)."""
    events = {e.pk: e for e in Event.objects.filter(tournament=tournament, pk__in=[q["event"] for q in quotas])}
    missing = [q["event"] for q in quotas if q["event"] not in events]
    if missing:
        raise ServiceError("quotas", _("No event %(id)s in this tournament.") % {"id": missing[0]})
    return {events[q["event"]]: q["places"] for q in quotas}


class FederationsView(SecretaryOnlyView):
    @extend_schema(responses={200: DelegationSerializer(many=True), **error_responses(403, 404)})
    def get(self, request, tournament_slug):
        tournament = self.get_tournament()
        return Response([delegation_body(summary, request) for summary in selectors.summaries(tournament)])

    @extend_schema(
        request=InviteSerializer,
        responses={200: DelegationSerializer, 201: DelegationSerializer, **error_responses(400, 403, 404)},
        description="Invite a federation (by id, or by name and country: found or made) and set its places; "
        "201 for a new delegation, 200 when it was invited already (its places are set again).",
    )
    def post(self, request, tournament_slug):
        tournament = self.get_tournament()
        data = self.valid(InviteSerializer)
        existed = tournament.delegations.filter(federation=data.get("federation")).exists()
        delegation = services.invite_federation(
            tournament,
            data.get("federation"),
            name=data.get("name", ""),
            country=data.get("country", ""),
            quotas=quota_events(tournament, data.get("quotas", [])),
        )
        body = delegation_body(selectors.summary(delegation), request)
        return Response(body, status=200 if existed else 201)


class EventFeesView(SecretaryOnlyView):
    @extend_schema(responses={200: EventFeeSerializer(many=True), **error_responses(403, 404)})
    def get(self, request, tournament_slug):
        return Response(fees_body(self.get_tournament()))

    @extend_schema(
        request=EventFeesSerializer,
        responses={200: EventFeeSerializer(many=True), **error_responses(400, 403, 404)},
        description="Set the entry fee of each event listed (amount null: no fee); the others keep theirs.",
    )
    def put(self, request, tournament_slug):
        tournament = self.get_tournament()
        fees = self.valid(EventFeesSerializer)["fees"]
        events = {event.pk: event for event in selectors.quota_events(tournament)}
        missing = [fee["event"] for fee in fees if fee["event"] not in events]
        if missing:
            raise ServiceError("fees", _("No singles or doubles event %(id)s in this tournament.") % {"id": missing[0]})
        with transaction.atomic():
            for fee in fees:
                fee_services.set_event_fee(events[fee["event"]], fee["amount"], fee.get("currency", ""))
        return Response(fees_body(tournament))


def fees_body(tournament):
    return [
        {
            "event": event.pk,
            "amount": money(event.fee.amount) if event.fee else None,
            "currency": event.fee.currency if event.fee else "",
        }
        for event in selectors.quota_events(tournament)
    ]


class EntryFeeView(SecretaryOnlyView):
    @extend_schema(
        request=FeePaymentSerializer,
        responses={200: EntrySentSerializer, **error_responses(400, 403, 404)},
        description="Record the fee of an entry a federation sent: due, paid (how, and when: today by default) "
        "or waived.",
    )
    def put(self, request, tournament_slug, entry_id):
        tournament = self.get_tournament()
        sent = SentEntry.objects.filter(entry_id=entry_id, delegation__tournament=tournament)
        sent = sent.select_related("entry", "delegation").first()
        if sent is None:
            raise NotFound(_("No entry %(id)s was sent by a federation to this tournament.") % {"id": entry_id})
        data = self.valid(FeePaymentSerializer)
        fee_services.record_fee(sent.entry, data["status"], data.get("method", ""), data.get("paid_on"), request.user)
        summary = selectors.summary(sent.delegation)
        return Response(entry_body(next(e for e in summary.entries if e.pk == entry_id)))


class DelegateEntriesView(ServiceAPIView):
    """The token is the key: no log-in, no session needed."""

    authentication_classes = []
    permission_classes = [AllowAny]

    def delegation(self):
        delegation = links.delegation_from_token(self.kwargs["token"])
        if delegation is None:
            raise NotFound(_("This link is not valid."))
        return delegation

    @extend_schema(responses={200: DelegateViewSerializer, **error_responses(404)}, auth=[])
    def get(self, request, token):
        delegation = self.delegation()
        summary = selectors.summary(delegation)
        return Response(
            {
                "tournament": delegation.tournament.slug,
                "federation": delegation.federation.name,
                "quotas": [quota_body(line) for line in summary.quotas if line.places],
                "entries": [entry_body(entry) for entry in summary.entries],
            }
        )

    @extend_schema(
        request=DelegateEntrySerializer,
        responses={201: EntrySentSerializer, **error_responses(400, 404)},
        auth=[],
        description="Enter a player (a pair in doubles): refused (400) when the federation's places in the event "
        "are used up, entries to it are not open, or a player is already entered.",
    )
    def post(self, request, token):
        delegation = self.delegation()
        data = self.valid(DelegateEntrySerializer)
        event = Event.objects.filter(pk=data["event"], tournament=delegation.tournament_id).first()
        if event is None:
            raise ServiceError("event", _("This event is not in the tournament."))
        entry = services.delegate_enter(delegation, event, data["players"])
        summary = selectors.summary(delegation)
        sent = next(e for e in summary.entries if e.pk == entry.pk)
        return Response(entry_body(sent), status=201)
