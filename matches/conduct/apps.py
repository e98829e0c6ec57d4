from django.apps import AppConfig


class ConductConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.conduct"
    label = "conduct"

    def ready(self):
        from matches.conduct.rest import start_rest
        from matches.conduct.services import move_conduct_records
        from matches.scoring.signals import game_finished
        from tournaments.signals import players_merging

        game_finished.connect(start_rest, dispatch_uid="conduct.start_rest")
        players_merging.connect(move_conduct_records, dispatch_uid="conduct.move_conduct_records")
        watch_records()


def watch_records():
    """The match page names the law a match was lost under and the disciplinary record lists the warnings, so
    every record of the referee's desk stamps its tournament (core.page_cache)."""
    from core.page_cache import watch
    from matches.conduct import models as m
    from matches.watching import watch_match_rows

    watch_match_rows(m.MatchWarning, m.MatchLoss, m.Concession, m.RestInterval)
    watch(m.DisciplinaryReport, "tournament")
    watch(m.ConductChange, "tournament")
