"""The federations' API: the secretaries' list under the tournament, the delegate's by token."""

from django.urls import path

from federations import api

urlpatterns = [
    path("tournaments/<slug:tournament_slug>/federations/", api.FederationsView.as_view(), name="api-federations"),
    path("tournaments/<slug:tournament_slug>/fees/", api.EventFeesView.as_view(), name="api-entry-fees"),
    path(
        "tournaments/<slug:tournament_slug>/fees/entries/<int:entry_id>/",
        api.EntryFeeView.as_view(),
        name="api-entry-fee",
    ),
    path("federation/<str:token>/entries/", api.DelegateEntriesView.as_view(), name="api-federation-entries"),
]
