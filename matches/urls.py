"""Match pages, mounted at the site root by config/urls.py. One section per module of views."""

from django.urls import path  # noqa: F401

match = "t/<slug:slug>/matches/<int:match_id>/"
round_ = "t/<slug:slug>/rounds/<int:round_id>/"

urlpatterns = []

# ---- scheduling, round pages and round clocks (matches.schedule_views)
from . import schedule_views  # noqa: E402

urlpatterns += [
    path(round_, schedule_views.round_detail, name="round-detail"),
    path(f"{round_}schedule/", schedule_views.round_schedule, name="round-schedule"),
    path(f"{round_}call/", schedule_views.round_call, name="round-call"),
    path(f"{round_}clock/", schedule_views.round_clock_start, name="round-clock"),
    path(f"{match}move/", schedule_views.match_move, name="match-move"),
    path(f"{match}umpire/", schedule_views.match_umpire, name="match-umpire"),
    path("t/<slug:slug>/venue/", schedule_views.venue_edit, name="venue-edit"),
]

# ---- score card, toss and history (matches.card_views)
from . import card_views  # noqa: E402

urlpatterns += [
    path(match, card_views.match_detail, name="match-detail"),
    path(f"{match}card/", card_views.match_card, name="match-card"),
    path(f"{match}history/", card_views.match_history, name="match-history"),
]

# ---- reporting at the board and forfeits (matches.checkin_views)
from . import checkin_views  # noqa: E402

urlpatterns += [
    path(f"{round_}checkin/", checkin_views.round_checkin, name="round-checkin"),
]

# ---- players' pages and personal links (matches.player_views)
from . import player_views  # noqa: E402

urlpatterns += [
    path("t/<slug:slug>/me/", player_views.my_schedule, name="my-schedule"),
    path("t/<slug:slug>/me/<str:token>/", player_views.player_schedule, name="player-schedule"),
    path("t/<slug:slug>/players/", player_views.player_links, name="player-links"),
]

# ---- printing (matches.print_views)
from . import print_views  # noqa: E402

urlpatterns += [
    path(f"{round_}score-cards.pdf", print_views.round_score_cards, name="print-round-score-cards"),
    path(f"{match}score-card.pdf", print_views.match_score_card, name="print-match-score-card"),
    path(
        "t/<slug:slug>/events/<int:event_id>/blank-score-cards.pdf",
        print_views.blank_score_cards,
        name="print-blank-score-cards",
    ),
    path(f"{round_}pairings.pdf", print_views.round_pairings, name="print-pairings"),
    path(f"{round_}results.pdf", print_views.round_results, name="print-results"),
    path("t/<slug:slug>/stages/<int:stage_id>/standings.pdf", print_views.stage_standings, name="print-standings"),
]
