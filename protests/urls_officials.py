"""Protest pages, for the officials: the decision queue, a protest, its fee and the fee ledger."""

from django.urls import path

from protests import views

protests = "t/<slug:slug>/protests/"

urlpatterns = [
    path(protests, views.protest_queue, name="protest-queue"),
    path(f"{protests}ledger/", views.fee_ledger, name="protest-ledger"),
    path(f"{protests}fee/", views.set_fee, name="protest-set-fee"),
    path(f"{protests}new/<int:match_id>/", views.log_protest, name="protest-log"),
    path(f"{protests}<int:pk>/", views.protest_detail, name="protest-detail"),
    path(f"{protests}<int:pk>/written/", views.lodge_written, name="protest-written"),
    path(f"{protests}<int:pk>/decide/", views.decide, name="protest-decide"),
    path(f"{protests}<int:pk>/photos/", views.add_photo, name="protest-add-photo"),
    path(f"{protests}<int:pk>/photos/<int:photo_pk>/", views.photo, name="protest-photo"),
]
