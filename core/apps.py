import warnings

from django.apps import AppConfig
from django.conf import settings
from PIL import Image


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"

    def ready(self):
        from core import checks, heartbeat

        checks.register_all()
        heartbeat.listen()  # beat and the workers stamp their runs of the periodic tasks

        # Wherever Pillow opens an image in this project, one of more pixels than IMAGE_MAX_PIXELS raises instead of
        # being decoded: Pillow only warns between its bound and twice it, and a warning stops nothing.
        Image.MAX_IMAGE_PIXELS = settings.IMAGE_MAX_PIXELS
        warnings.filterwarnings("error", category=Image.DecompressionBombWarning)
