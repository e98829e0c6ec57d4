from django.apps import AppConfig


class StagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "stages"

    def ready(self):
        from core.page_cache import watch
        from stages import models as m

        watch(m.Stage, "event__tournament")
        watch(m.Group, "stage__event__tournament")
        watch(m.GroupMember, "group__stage__event__tournament")
        watch(m.Round, "stage__event__tournament")
        watch(m.Match, "stage__event__tournament")
