"""Tournaments API: tournaments, players, clubs, events, entries and the entry import, who may enter an event and
its roll call; officials, and the signed-in person's own invitations and appointments."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter, SimpleRouter

from tournaments import account_api, api, eligibility_api, rollcall_api, team_api

EVENT = "tournaments/<slug:tournament_slug>/events/<int:event_pk>/"

router = DefaultRouter()
router.register("tournaments", api.TournamentViewSet, basename="tournament")
router.register("players", api.PlayerViewSet, basename="player")
router.register("clubs", api.ClubViewSet, basename="club")

events = SimpleRouter()
events.register("events", api.EventViewSet, basename="event")

entries = SimpleRouter()
entries.register("entries", api.EntryViewSet, basename="entry")

urlpatterns = [
    path("", include(router.urls)),
    path("tournaments/<slug:tournament_slug>/", include(events.urls)),
    path("tournaments/<slug:tournament_slug>/events/<int:event_pk>/", include(entries.urls)),
    path("tournaments/<slug:tournament_slug>/officials/", api.OfficialsView.as_view(), name="api-officials"),
    path("account/invitations/", account_api.InvitationsView.as_view(), name="api-account-invitations"),
    path("account/invitations/<int:pk>/", account_api.InvitationAnswerView.as_view(), name="api-account-invitation"),
    path("account/appointments/", account_api.AppointmentsView.as_view(), name="api-account-appointments"),
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/teams/",
        team_api.TeamsView.as_view(),
        name="api-event-teams",
    ),
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/teams/<int:team_pk>/",
        team_api.TeamView.as_view(),
        name="api-event-team",
    ),
    path(f"{EVENT}eligibility/", eligibility_api.EligibilityView.as_view(), name="api-event-eligibility"),
    path(
        f"{EVENT}eligibility/exceptions/",
        eligibility_api.EligibilityExceptionsView.as_view(),
        name="api-event-eligibility-exceptions",
    ),
    path(f"{EVENT}roll-call/", rollcall_api.RollCallView.as_view(), name="api-event-roll-call"),
    path(
        f"{EVENT}roll-call/withdraw-absent/",
        rollcall_api.WithdrawAbsentView.as_view(),
        name="api-event-roll-call-withdraw",
    ),
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/import/",
        api.ImportEntriesView.as_view(),
        name="event-import",
    ),
]
