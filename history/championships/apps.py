from django.apps import AppConfig


class ChampionshipsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "history.championships"
    label = "championships"

    def ready(self):
        from core.page_cache import watch
        from history.championships import receivers  # noqa: F401 (connects the signal receivers)
        from history.championships.models import Prize

        # A prize changed by hand stamps its tournament, which the archive's championship page keys on
        # (archive.stamps); a championship itself belongs to no one tournament and is keyed there by its own row.
        watch(Prize, "event__tournament")
