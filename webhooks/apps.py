from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "webhooks"

    def ready(self):
        from stages.signals import match_news, result_confirmed, stage_finished
        from tournaments.signals import player_erasing
        from webhooks import erasure, events

        match_news.connect(events.on_match_news, weak=False, dispatch_uid="webhooks.match_news")
        result_confirmed.connect(events.on_result_confirmed, weak=False, dispatch_uid="webhooks.result_confirmed")
        stage_finished.connect(events.on_stage_finished, weak=False, dispatch_uid="webhooks.stage_finished")
        player_erasing.connect(erasure.on_player_erasing, weak=False, dispatch_uid="webhooks.forget_player")
