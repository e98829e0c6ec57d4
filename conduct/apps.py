from django.apps import AppConfig


class ConductConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "conduct"

    def ready(self):
        from conduct.rest import start_rest
        from scoring.signals import game_finished

        game_finished.connect(start_rest, dispatch_uid="conduct.start_rest")
