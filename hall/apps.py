from django.apps import AppConfig


class HallConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "hall"

    def ready(self):
        from core.page_cache import watch
        from hall.models import HallDisplay

        # The hall page's fragment shows which views the secretary chose; the page cache drops it when they change.
        watch(HallDisplay, "tournament")
