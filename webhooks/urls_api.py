"""The webhook's API, under the tournament: its secretaries only."""

from django.urls import path

from webhooks import api

hook = "tournaments/<slug:tournament_slug>/webhook/"

urlpatterns = [
    path(hook, api.WebhookView.as_view(), name="api-webhook"),
    path(f"{hook}secret/", api.WebhookSecretView.as_view(), name="api-webhook-secret"),
    path(f"{hook}ping/", api.WebhookPingView.as_view(), name="api-webhook-ping"),
    path(f"{hook}deliveries/", api.WebhookDeliveriesView.as_view(), name="api-webhook-deliveries"),
    path(f"{hook}deliveries/<int:delivery_id>/retry/", api.WebhookRetryView.as_view(), name="api-webhook-retry"),
]
