"""Match API routes scoped by tournament but not by one match: /api/tournaments/<slug:tournament_slug>/...
One section per module."""

from django.urls import path  # noqa: F401

urlpatterns = []

# ---- scheduling, venue and round clocks (matches.schedule_api)

# ---- reporting at the board and forfeits (matches.checkin_api)

# ---- players' schedules (matches.player_api)
