"""The referee's calculator page, mounted at rules/."""

from django.urls import path

from rules import views

urlpatterns = [
    path("", views.calculator, name="rules-calculator"),
]
