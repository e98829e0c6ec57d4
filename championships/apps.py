from django.apps import AppConfig


class ChampionshipsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "championships"

    def ready(self):
        from championships import receivers  # noqa: F401 (connects the signal receivers)
        from championships.models import Prize
        from core.page_cache import watch

        # A prize changed by hand stamps its tournament, which the archive's championship page keys on
        # (archive.stamps); a championship itself belongs to no one tournament and is keyed there by its own row.
        watch(Prize, "event__tournament")
