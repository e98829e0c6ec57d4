from django.apps import AppConfig


class ConductConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "conduct"
