from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        from core.page_cache import watch
        from tournaments import languages  # noqa: F401  the log-in signal brings the user's language along
        from tournaments import models as m

        # What the public pages show, and the way from each row to its tournament.
        watch(m.Tournament, "pk")
        watch(m.Event, "tournament")
        watch(m.Entry, "event__tournament")
        watch(m.EntryMember, "entry__event__tournament")
        watch(m.Player, "memberships__entry__event__tournament")
        watch(m.Club, "players__memberships__entry__event__tournament")
        watch(m.Notification, "tournament")
        watch(m.Venue, "tournament")
        watch(m.PlayingSession, "venue__tournament")
        # The players' personal pages offer "I am here" while their event's roll call is open.
        watch(m.RollCall, "event__tournament")
        watch(m.Presence, "roll_call__event__tournament")
