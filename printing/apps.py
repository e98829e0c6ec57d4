"""Printed sheets (PDF): ICF score cards, pairings, results and standings."""

from django.apps import AppConfig


class PrintingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "printing"
