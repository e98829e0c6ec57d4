"""The officials' page that chooses what the tournament streams."""

from django.urls import path

from matches.featured import views

urlpatterns = [
    path("t/<slug:slug>/featured/", views.featured_tables, name="featured-tables"),
]
