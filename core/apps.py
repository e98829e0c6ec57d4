"""The ground floor every app may use: the service errors and their HTTP answers, the service API view,
the public page cache, rate limiting, pagination and the periodic-deadline command. It imports no app of ours."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
