from django.apps import AppConfig


class StrokesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.strokes"
    label = "strokes"

    def ready(self):
        from core.page_cache import watch
        from matches.strokes import models as m

        # The public match page and the featured screens show the board in play: a stroke changes them.
        watch(m.KeptBoard, "match__stage__event__tournament", part="match__stage", piece="match__round", noted="match")
        watch(
            m.BoardStroke,
            "kept__match__stage__event__tournament",
            part="kept__match__stage",
            piece="kept__match__round",
            noted="kept__match",
        )
