from django.apps import AppConfig


class TiesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.ties"
    label = "ties"

    def ready(self):
        from core.page_cache import watch
        from matches.ties.models import LineUp
        from matches.ties.services import check_roster_change, move_line_ups, settle_tie
        from stages.signals import rubber_changed
        from tournaments.signals import players_merging, roster_changing

        watch(LineUp, "tie__stage__event__tournament")  # a tie's page shows its line-ups

        def rubber_result_changed(sender, rubber, **kwargs):
            settle_tie(rubber.tie)

        rubber_changed.connect(rubber_result_changed, weak=False, dispatch_uid="ties.settle_tie")

        def roster_change_asked(sender, team, dropped, **kwargs):
            check_roster_change(team, dropped)

        roster_changing.connect(roster_change_asked, weak=False, dispatch_uid="ties.check_roster_change")
        players_merging.connect(move_line_ups, dispatch_uid="ties.move_line_ups")
