"""Protest API, mounted at /api/tournaments/<slug:tournament_slug>/ by config/urls.py."""

from django.urls import path

from protests import api

urlpatterns = [
    path("protests/", api.ProtestListView.as_view(), name="protest-list-api"),
    path("protests/ledger/", api.LedgerView.as_view(), name="protest-ledger-api"),
    path("protests/fee/", api.FeeSettingsView.as_view(), name="protest-fee-settings-api"),
    path("protests/<int:pk>/", api.ProtestDetailView.as_view(), name="protest-detail-api"),
    path("protests/<int:pk>/written/", api.ProtestWrittenView.as_view(), name="protest-written-api"),
    path("protests/<int:pk>/decision/", api.ProtestDecisionView.as_view(), name="protest-decision-api"),
    path("protests/<int:pk>/photos/", api.ProtestPhotosView.as_view(), name="protest-photos-api"),
    path("protests/<int:pk>/photos/<int:photo_pk>/", api.ProtestPhotoFileView.as_view(), name="protest-photo-file-api"),
]
