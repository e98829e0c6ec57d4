from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.scoring"
    label = "scoring"

    def ready(self):
        from matches.scoring import models as m
        from matches.scoring.withdrawals import follow_withdrawal
        from matches.watching import watch_match_rows
        from tournaments.signals import entry_withdrawn

        entry_withdrawn.connect(follow_withdrawal, dispatch_uid="scoring.follow_withdrawal")

        watch_match_rows(m.Game, m.Board)
