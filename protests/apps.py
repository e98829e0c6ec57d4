from django.apps import AppConfig


class ProtestsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "protests"

    def ready(self):
        from core.page_cache import watch
        from protests import models as m

        watch(m.Protest, "match__stage__event__tournament")
        watch(m.ProtestSettings, "tournament")
