from django.apps import AppConfig


class FeaturedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.featured"
    label = "featured"

    def ready(self):
        from core.page_cache import watch
        from matches.featured.models import FeaturedTable

        # The overlay and the court-side pages are public and cached: featuring another table or match changes them.
        watch(FeaturedTable, "tournament")
