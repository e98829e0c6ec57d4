"""The demo tournaments that `manage.py load_demo` builds, through every app's services."""

from django.apps import AppConfig


class DemoConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "demo"
