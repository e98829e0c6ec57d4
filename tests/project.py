"""The project's own apps and models (not Django's nor the libraries'), for tests that must cover every one."""

from pathlib import Path

from django.apps import apps
from django.conf import settings


def our_apps():
    return [app for app in apps.get_app_configs() if Path(app.path).parent == Path(settings.BASE_DIR)]


def our_models():
    return [model for app in our_apps() for model in app.get_models()]
