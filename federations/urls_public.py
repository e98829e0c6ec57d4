"""The delegates' pages, by their federation's personal link (no log-in)."""

from django.urls import path

from federations import views

urlpatterns = [
    path("t/<slug:slug>/federation/<str:token>/", views.delegate_page, name="federation-delegate"),
    path(
        "t/<slug:slug>/federation/<str:token>/entries/<int:entry_id>/",
        views.delegate_entry,
        name="federation-delegate-entry",
    ),
]
