"""A player's own pages: by personal link (no login) or logged in; a match's card by its link (no login). The link
pages are rate-limited per client address (players.throttle).

The limit goes around the personal page's page cache (views.player_schedule is a core.page_cache.public_page), not
inside it: every request is counted, one answered from the cache too, and an address stopped for trying tokens is
refused every link page. (CachedPageMiddleware then leaves the page to the view: it answers early only a page whose
outermost decorator is `public_page`; the wrapper still answers from the cache, without rendering.)"""

from django.urls import path

from players import calendar_views, card_views, line_up_views, results_feed, roll_call_views, self_checkin, views
from players.throttle import link_rate_limited

urlpatterns = [
    path("t/<slug:slug>/me/", views.my_schedule, name="my-schedule"),
    # Self check-in (H2, checkin.self_checkin); /me/checkin/ before the personal link's pattern, which would take
    # "checkin" for a token.
    path("t/<slug:slug>/me/checkin/", self_checkin.my_self_checkin, name="my-self-checkin"),
    path("t/<slug:slug>/me/<str:token>/", link_rate_limited(views.player_schedule), name="player-schedule"),
    path(
        "t/<slug:slug>/me/<str:token>/checkin/",
        link_rate_limited(self_checkin.self_checkin),
        name="player-self-checkin",
    ),
    path(
        "t/<slug:slug>/me/<str:token>/line-up/<int:match_id>/",
        link_rate_limited(line_up_views.captain_line_up),
        name="player-line-up",
    ),
    path("t/<slug:slug>/me/<str:token>/here/", link_rate_limited(roll_call_views.i_am_here), name="player-here"),
    path("t/<slug:slug>/me/<str:token>/push/", link_rate_limited(views.push_subscription), name="player-push"),
    path(
        "t/<slug:slug>/me/<str:token>/calendar.ics",
        link_rate_limited(calendar_views.player_calendar),
        name="player-calendar",
    ),
    path("t/<slug:slug>/calendar.ics", calendar_views.tournament_calendar, name="tournament-calendar"),
    path("t/<slug:slug>/results.atom", results_feed.results_feed, name="tournament-results-feed"),
    path("t/<slug:slug>/matches/<int:match_id>/play/<str:token>/", card_views.match_play, name="match-play"),
]
