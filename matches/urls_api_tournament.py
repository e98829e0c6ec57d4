"""Match API routes scoped by tournament but not by one match: /api/tournaments/<slug:tournament_slug>/...
One section per module."""

from django.urls import path  # noqa: F401

urlpatterns = []

# ---- scheduling, venue and round clocks (matches.schedule_api)
from . import schedule_api  # noqa: E402

urlpatterns += [
    path("venue/", schedule_api.VenueView.as_view(), name="api-venue"),
    path("rounds/<int:round_id>/schedule/", schedule_api.RoundScheduleView.as_view(), name="api-round-schedule"),
    path("rounds/<int:round_id>/call/", schedule_api.RoundCallView.as_view(), name="api-round-call"),
    path("rounds/<int:round_id>/clock/", schedule_api.RoundClockView.as_view(), name="api-round-clock"),
    path("matches/<int:match_id>/move/", schedule_api.MatchMoveView.as_view(), name="api-match-move"),
    path("matches/<int:match_id>/umpire/", schedule_api.MatchUmpireView.as_view(), name="api-match-umpire"),
]

# ---- reporting at the board and forfeits (matches.checkin_api)
from . import checkin_api  # noqa: E402

checkin_match = "matches/<int:match_id>/"
urlpatterns += [
    path(f"{checkin_match}report/", checkin_api.ReportView.as_view(), name="match-report-api"),
    path(f"{checkin_match}cancel-forfeit/", checkin_api.CancelForfeitView.as_view(), name="match-cancel-forfeit-api"),
    path(f"{checkin_match}withdrawal/", checkin_api.WithdrawalView.as_view(), name="match-withdrawal-api"),
    path("rounds/<int:round_id>/checkin/", checkin_api.RoundCheckinView.as_view(), name="round-checkin-api"),
]

# ---- players' schedules (matches.player_api)
from . import player_api  # noqa: E402

urlpatterns += [
    path("players/<int:player_id>/schedule/", player_api.PlayerScheduleView.as_view(), name="player-schedule-api"),
    path("me/<str:token>/", player_api.PersonalScheduleView.as_view(), name="personal-schedule-api"),
]
