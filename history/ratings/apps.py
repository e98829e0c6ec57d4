from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "history.ratings"
    label = "ratings"

    def ready(self):
        from core.page_cache import watch
        from history.ratings import models as m
        from history.ratings.player_data import answer_player_data
        from history.ratings.seeding import answer_member_rating, move_rates, recompute_after_swiss
        from stages.signals import member_rating_asked, stage_finished
        from tournaments.signals import player_data_asked, players_merging

        member_rating_asked.connect(answer_member_rating, dispatch_uid="ratings.member_rating")
        stage_finished.connect(recompute_after_swiss, dispatch_uid="ratings.recompute_after_swiss")
        players_merging.connect(move_rates, dispatch_uid="ratings.move_rates")
        player_data_asked.connect(answer_player_data, dispatch_uid="ratings.player_data")
        # Seeding and Swiss pairings show the rates, so tournaments using a rating change with it.
        watch(m.EventRating, "event__tournament")
        watch(m.Rate, "rating__event_ratings__event__tournament")
        watch(m.Rating, "event_ratings__event__tournament")
