"""Scheduling: the venue and its carrom boards (tables), the schedule engine, calling a round and the round clock."""

from django.apps import AppConfig


class SchedulingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scheduling"

    def ready(self):
        from core.page_cache import watch
        from scheduling import models as m

        watch(m.Venue, "tournament")
        watch(m.RoundClock, "round__stage__event__tournament")
