from django.apps import AppConfig


class SolConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "history.sol"
    label = "sol"
