"""The webhook's API, for the tournament's secretaries alone (reading too: the secret is theirs):
/api/tournaments/<slug>/webhook/ (GET; PUT {url, active}), webhook/secret/ (POST: a new one), webhook/ping/ (POST:
a test delivery), webhook/deliveries/ (GET the latest) and webhook/deliveries/<id>/retry/ (POST)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from core.http_errors import error_responses
from tournaments.scoping import SecretaryOnlyView
from webhooks import selectors, services
from webhooks.serializers import DeliverySerializer, WebhookSerializer

DELIVERY_FIELDS = list(DeliverySerializer().fields)


def webhook_body(webhook):
    return {
        "url": webhook.url,
        "active": webhook.active,
        "secret": webhook.secret,
        "secret_made_at": webhook.secret_made_at,
    }


def delivery_body(row):
    return {name: getattr(row, name) for name in DELIVERY_FIELDS if name != "id"} | {"id": row.pk}


class WebhookScopedView(SecretaryOnlyView):
    def get_webhook(self):
        webhook = selectors.webhook_of(self.get_tournament())
        if webhook is None:
            raise NotFound(_("This tournament has no webhook yet."))
        return webhook


class WebhookView(WebhookScopedView):
    @extend_schema(responses={200: WebhookSerializer, **error_responses(403, 404)})
    def get(self, request, tournament_slug):
        return Response(webhook_body(self.get_webhook()))

    @extend_schema(
        request=WebhookSerializer,
        responses={200: WebhookSerializer, **error_responses(400, 403, 404)},
        description="Set the receiver's URL (https, at a public address: refused with 400 otherwise) and whether "
        "the events are sent; the first time, the secret is made.",
    )
    def put(self, request, tournament_slug):
        tournament = self.get_tournament()
        data = self.valid(WebhookSerializer)
        return Response(webhook_body(services.set_webhook(tournament, data["url"], data["active"])))


class WebhookSecretView(WebhookScopedView):
    @extend_schema(request=None, responses={200: WebhookSerializer, **error_responses(403, 404)})
    def post(self, request, tournament_slug):
        return Response(webhook_body(services.regenerate_secret(self.get_webhook())))


class WebhookPingView(WebhookScopedView):
    @extend_schema(request=None, responses={202: DeliverySerializer, **error_responses(400, 403, 404)})
    def post(self, request, tournament_slug):
        return Response(delivery_body(services.send_ping(self.get_webhook())), status=202)


class WebhookDeliveriesView(WebhookScopedView):
    @extend_schema(responses={200: DeliverySerializer(many=True), **error_responses(403, 404)})
    def get(self, request, tournament_slug):
        return Response([delivery_body(row) for row in selectors.latest_deliveries(self.get_tournament())])


class WebhookRetryView(WebhookScopedView):
    @extend_schema(request=None, responses={202: DeliverySerializer, **error_responses(403, 404)})
    def post(self, request, tournament_slug, delivery_id):
        row = services.retry_now(self.get_tournament(), delivery_id)
        if row is None:
            raise NotFound(_("This delivery has been delivered already, or is not one of this tournament's."))
        return Response(delivery_body(row), status=202)
