"""Players' API, under /api/tournaments/<slug:tournament_slug>/: a player's schedule, by id or personal link (rate
limited per client address, players.throttle); the secretary's players' links, to read and revoke."""

from django.urls import path

from players import api, link_api
from players.throttle import link_rate_limited

urlpatterns = [
    path("players/<int:player_id>/schedule/", api.PlayerScheduleView.as_view(), name="player-schedule-api"),
    path("me/<str:token>/", link_rate_limited(api.PersonalScheduleView.as_view()), name="personal-schedule-api"),
    path("players/<int:player_id>/link/", link_api.PersonalLinkView.as_view(), name="api-personal-link"),
    path(
        "players/<int:player_id>/link/revoke/",
        link_api.RevokePersonalLinkView.as_view(),
        name="api-personal-link-revoke",
    ),
    path("matches/<int:match_pk>/links/", link_api.MatchLinksView.as_view(), name="api-match-links"),
    path(
        "matches/<int:match_pk>/links/revoke/", link_api.RevokeMatchLinksView.as_view(), name="api-match-links-revoke"
    ),
]
