"""The players' pages: a player's next match, results and links, by personal link or logged in."""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "players"
