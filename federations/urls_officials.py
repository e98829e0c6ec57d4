"""The secretary's page of the federations invited to a tournament."""

from django.urls import path

from federations import views

urlpatterns = [
    path("t/<slug:slug>/federations/", views.federations_page, name="federations"),
]
