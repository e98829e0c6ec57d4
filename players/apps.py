from django.apps import AppConfig


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self):
        from django.db.models.signals import post_save

        from players import player_data
        from players.links import move_personal_links
        from players.outbox import on_mail_undelivered
        from players.tasks import on_match_news, on_match_saved
        from stages.models import Match
        from stages.signals import match_news
        from tournaments.signals import mail_undelivered, player_data_asked, player_erasing, players_merging

        match_news.connect(on_match_news, weak=False, dispatch_uid="players.tell_players")
        mail_undelivered.connect(on_mail_undelivered, weak=False, dispatch_uid="players.mail_undelivered")
        players_merging.connect(move_personal_links, weak=False, dispatch_uid="players.move_personal_links")
        player_data_asked.connect(player_data.answer_player_data, dispatch_uid="players.player_data")
        player_erasing.connect(player_data.forget_player, dispatch_uid="players.forget_player")
        post_save.connect(on_match_saved, sender=Match, weak=False, dispatch_uid="players.chances")
        watch_links()


def watch_links():
    """A revoked personal link must stop opening its player's page at once, cached copy included (core.page_cache):
    the links and the self-umpired reports stamp their tournament."""
    from core.page_cache import watch
    from players import models as m

    watch(m.PersonalLink, "tournament")
    watch(m.FormerLink, "link__tournament")
    watch(m.MatchLink, "match__stage__event__tournament", part="match__stage")
    watch(m.SelfReport, "match__stage__event__tournament", part="match__stage")
