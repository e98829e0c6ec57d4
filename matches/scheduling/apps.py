from django.apps import AppConfig


class SchedulingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.scheduling"
    label = "scheduling"

    def ready(self):
        from core.page_cache import watch
        from matches.scheduling import models as m
        from matches.scheduling.venue import venue_of
        from stages.signals import tables_asked

        watch(m.Venue, "tournament")
        watch(m.RoundClock, "round__stage__event__tournament")

        def tables(sender, tournament, **kwargs):
            return venue_of(tournament).tables

        tables_asked.connect(tables, weak=False, dispatch_uid="scheduling.hall_tables")
