from django.apps import AppConfig


class CheckinConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.checkin"
    label = "checkin"

    def ready(self):
        from matches.checkin.services import refresh_deadlines
        from stages.signals import match_times_changed

        def times_changed(sender, matches, **kwargs):
            refresh_deadlines(matches)

        match_times_changed.connect(times_changed, weak=False, dispatch_uid="checkin.refresh_deadlines")
