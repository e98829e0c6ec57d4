"""The archive's pages: anyone may open them."""

from django.urls import path

from history.archive import views

urlpatterns = [
    path("archive/", views.index, name="archive"),
    path("archive/players/<int:player_id>/", views.player_page, name="archive-player"),
    path("archive/players/<int:player_id>/statistics/", views.player_statistics, name="archive-player-statistics"),
    path("archive/players/<int:player_id>/vs/", views.head_to_head_form, name="archive-head-to-head-form"),
    path("archive/players/<int:player_id>/vs/<int:other_id>/", views.head_to_head, name="archive-head-to-head"),
    path("archive/players/<int:player_id>/portrait/", views.portrait, name="archive-portrait"),
    path("archive/clubs/<int:club_id>/", views.club_page, name="archive-club"),
    path("archive/clubs/<int:club_id>/emblem/", views.emblem, name="archive-emblem"),
    path("archive/ratings/<int:rating_id>/", views.rating_page, name="archive-rating"),
    path("archive/championships/<int:championship_id>/", views.championship_page, name="archive-championship"),
]
