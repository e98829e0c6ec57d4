"""Check-in API, under /api/tournaments/<slug:tournament_slug>/: reporting at the board and forfeits."""

from django.urls import path

from matches.checkin import api

match = "matches/<int:match_id>/"

urlpatterns = [
    path(f"{match}report/", api.ReportView.as_view(), name="match-report-api"),
    path(f"{match}undo-report/", api.UndoReportView.as_view(), name="match-undo-report-api"),
    path(f"{match}cancel-forfeit/", api.CancelForfeitView.as_view(), name="match-cancel-forfeit-api"),
    path(f"{match}withdrawal/", api.WithdrawalView.as_view(), name="match-withdrawal-api"),
    path(f"{match}absent/", api.AbsentView.as_view(), name="match-absent-api"),
    path(
        "rounds/<int:round_id>/cancel-forfeits/",
        api.CancelRoundForfeitsView.as_view(),
        name="round-cancel-forfeits-api",
    ),
    path("rounds/<int:round_id>/checkin/", api.RoundCheckinView.as_view(), name="round-checkin-api"),
]
