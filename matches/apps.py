from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        from tournaments.page_cache import watch

        from . import models as m

        watch(m.Match, "stage__event__tournament")
        watch(m.Game, "match__stage__event__tournament")
        watch(m.Board, "match__stage__event__tournament")
        watch(m.ResultChange, "match__stage__event__tournament")
        watch(m.Venue, "tournament")
        watch(m.RoundClock, "round__stage__event__tournament")
