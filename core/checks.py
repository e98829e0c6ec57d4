"""Start-up checks (`manage.py check`, run before every command and server) of settings that work but do harm."""

from django.conf import settings
from django.core.checks import Warning, register


def register_all():
    register(mail_links_are_whole)


def mail_links_are_whole(app_configs, **kwargs):
    """A worker sends the e-mails, outside any request: without DJANGO_SITE_URL their links (a player's page, a
    set-password link) would be paths that no mail program opens."""
    if getattr(settings, "EMAIL_URL", "").strip().lower().startswith("smtp") and not settings.SITE_URL:
        return [
            Warning(
                "EMAIL_URL sends real e-mail but DJANGO_SITE_URL is not set: the links in e-mails lack the site's "
                "address.",
                hint="Set DJANGO_SITE_URL to the address players open, e.g. https://carrom.example.org.",
                id="carrom.W001",
            )
        ]
    return []
