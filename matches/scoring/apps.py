from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.scoring"
    label = "scoring"

    def ready(self):
        from core.page_cache import watch
        from matches.scoring import models as m
        from matches.scoring.withdrawals import follow_withdrawal
        from tournaments.signals import entry_withdrawn

        entry_withdrawn.connect(follow_withdrawal, dispatch_uid="scoring.follow_withdrawal")

        watch(m.Game, "match__stage__event__tournament", part="match__stage", piece="match__round", noted="match")
        watch(m.Board, "match__stage__event__tournament", part="match__stage", piece="match__round", noted="match")
