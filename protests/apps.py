from django.apps import AppConfig


class ProtestsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "protests"
