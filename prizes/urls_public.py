"""The prizes' pages anyone who may see the tournament opens: the prize list sheet (PDF)."""

from django.urls import path

from prizes import views

urlpatterns = [
    path("t/<slug:slug>/events/<int:event_id>/prizes.pdf", views.prize_list_pdf, name="print-event-prizes"),
]
