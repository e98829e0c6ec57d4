"""The secretary's list of the players' personal links, a match's links (revoke and reissue), the chief
referee's disagreements about self-umpired results, and the officials' list of news and e-mails not delivered."""

from django.urls import path

from players import card_views, link_views, news_views, views

match = "t/<slug:slug>/matches/<int:match_id>/"

urlpatterns = [
    path("t/<slug:slug>/players/", views.player_links, name="player-links"),
    path(
        "t/<slug:slug>/players/<int:player_id>/link/revoke/",
        link_views.revoke_personal_link,
        name="revoke-personal-link",
    ),
    path(f"{match}links/", link_views.match_links, name="match-links"),
    path(f"{match}settle/", card_views.settle, name="self-umpired-settle"),
    path("t/<slug:slug>/disagreements/", card_views.disagreements, name="self-umpired-disagreements"),
    path("t/<slug:slug>/players/news/", news_views.undelivered_news, name="undelivered-news"),
    path("t/<slug:slug>/players/news/<int:news_id>/retry/", news_views.retry_news, name="retry-news"),
    path("t/<slug:slug>/players/mail/<int:mail_id>/retry/", news_views.retry_mail, name="retry-mail"),
]
