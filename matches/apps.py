from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        from core.page_cache import watch
        from matches.models import ResultChange

        watch(ResultChange, "match__stage__event__tournament", part="match__stage", piece="match__round", noted="match")
