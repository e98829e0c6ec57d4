"""The check-in desk: players reporting at their boards, reporting deadlines, late-arrival forfeits and
withdrawals."""

from django.apps import AppConfig


class CheckinConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "checkin"
