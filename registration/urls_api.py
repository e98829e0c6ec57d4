from django.urls import path

from registration import api

urlpatterns = [
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/registration/",
        api.RegistrationView.as_view(),
        name="api-event-registration",
    ),
    path(
        "tournaments/<slug:tournament_slug>/events/<int:event_pk>/sign-up/",
        api.SignUpView.as_view(),
        name="api-event-sign-up",
    ),
]
