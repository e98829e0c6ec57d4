from django.apps import AppConfig


class StrokesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.strokes"
    label = "strokes"

    def ready(self):
        from matches.strokes import models as m
        from matches.watching import watch_match_rows

        # The public match page and the featured screens show the board in play: a stroke changes them.
        watch_match_rows(m.KeptBoard)
        watch_match_rows(m.BoardStroke, match="kept__match")
