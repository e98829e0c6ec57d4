"""Match pages, mounted at the site root by config/urls.py. One section per module of views."""

from django.urls import path  # noqa: F401

match = "t/<slug:slug>/matches/<int:match_id>/"
round_ = "t/<slug:slug>/rounds/<int:round_id>/"

urlpatterns = []

# ---- scheduling, round pages and round clocks (matches.schedule_views)

# ---- score card, toss and history (matches.card_views)

# ---- reporting at the board and forfeits (matches.checkin_views)

# ---- players' pages and personal links (matches.player_views)

# ---- printing (matches.print_views)
