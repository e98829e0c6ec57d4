from django.apps import AppConfig


class PrizesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "prizes"

    def ready(self):
        from core.page_cache import watch
        from prizes.models import PrizeCategory

        # The event page lists the prize rules; the page cache drops it when they change.
        watch(PrizeCategory, "event__tournament")
