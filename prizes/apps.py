from django.apps import AppConfig


class PrizesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "prizes"

    def ready(self):
        from core.page_cache import watch
        from prizes.display import event_page_lines
        from prizes.models import PrizeCategory
        from tournaments.signals import event_prize_rules_asked

        event_prize_rules_asked.connect(event_page_lines, dispatch_uid="prizes.event_page_lines")
        # The event page lists the prize rules; the page cache drops it when they change.
        watch(PrizeCategory, "event__tournament")
