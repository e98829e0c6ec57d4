from django.apps import AppConfig


class FederationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "federations"
