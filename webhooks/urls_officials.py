"""The secretary's page of the tournament's webhook."""

from django.urls import path

from webhooks import views

urlpatterns = [
    path("t/<slug:slug>/webhook/", views.webhook_page, name="webhook"),
]
