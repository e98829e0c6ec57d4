"""The project's own apps and models (not Django's nor the libraries'), for tests that must cover every one."""

from pathlib import Path

from django.apps import apps
from django.conf import settings


def our_apps():
    """Our apps, from the ground floor up, nested ones (`matches.scoring`) included."""
    root = Path(settings.BASE_DIR)
    return [
        app
        for app in apps.get_app_configs()
        if Path(app.path).is_relative_to(root) and "site-packages" not in Path(app.path).parts
    ]


def our_models():
    return [model for app in our_apps() for model in app.get_models()]
