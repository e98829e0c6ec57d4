from django.apps import AppConfig


class SchedulingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.scheduling"
    label = "scheduling"

    def ready(self):
        from core.page_cache import watch
        from matches.scheduling import models as m

        watch(m.RoundClock, "round__stage__event__tournament", part="round__stage", piece="round")
