from django.apps import AppConfig


class SolConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "history.sol"
    label = "sol"

    def ready(self):
        from history.sol import player_data
        from history.sol.services import keep_merged_guid
        from tournaments.signals import player_data_asked, player_erasing, players_merging

        players_merging.connect(keep_merged_guid, dispatch_uid="sol.keep_merged_guid")
        player_data_asked.connect(player_data.answer_player_data, dispatch_uid="sol.player_data")
        player_erasing.connect(player_data.forget_player, dispatch_uid="sol.forget_player")
