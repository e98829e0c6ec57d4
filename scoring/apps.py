from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self):
        from core.page_cache import watch
        from scoring import models as m

        watch(m.Game, "match__stage__event__tournament")
        watch(m.Board, "match__stage__event__tournament")
        watch(m.ResultChange, "match__stage__event__tournament")
