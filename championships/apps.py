from django.apps import AppConfig


class ChampionshipsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "championships"

    def ready(self):
        from championships import receivers  # noqa: F401 (connects the signal receivers)
