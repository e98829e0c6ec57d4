from django.apps import AppConfig


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self):
        from players.tasks import on_match_news
        from stages.signals import match_news

        match_news.connect(on_match_news, weak=False, dispatch_uid="players.tell_players")
        watch_links()


def watch_links():
    """A revoked personal link must stop opening its player's page at once, cached copy included (core.page_cache):
    the links and the self-umpired reports stamp their tournament."""
    from core.page_cache import watch
    from players import models as m

    watch(m.PersonalLink, "tournament")
    watch(m.MatchLink, "match__stage__event__tournament")
    watch(m.SelfReport, "match__stage__event__tournament")
