"""The public sign-up form of an event, and the page of the confirmation link it e-mails."""

from django.urls import path

from registration import views

urlpatterns = [
    path("t/<slug:slug>/events/<int:event_id>/sign-up/", views.sign_up_page, name="sign-up"),
    path("t/<slug:slug>/sign-up/<str:token>/", views.confirm_page, name="sign-up-confirm"),
]
