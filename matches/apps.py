from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        from matches.models import ResultChange
        from matches.watching import watch_match_rows

        watch_match_rows(ResultChange)
