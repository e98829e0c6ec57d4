"""The self check-in hook of a player's page: `{% load self_checkin %}{% self_checkin next %}` shows "I am at table N"
while the reporting window is open, or why not (checkin.self_checkin.window)."""

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from matches.checkin.self_checkin import window

register = template.Library()

# Where the tap posts, by the page showing it: the personal link (its token is the credential) or /me/.
ACTIONS = {"player-schedule": "player-self-checkin", "my-schedule": "my-self-checkin"}


@register.inclusion_tag("checkin/_self_checkin.html", takes_context=True)
def self_checkin(context, player_match):
    """`player_match`: the page's next match seen from the player's side (`match` and `side`)."""
    if player_match is None:
        return {"window": None}
    request = getattr(context, "request", None)  # a RequestContext: the page the tag is on
    return {
        "window": window(player_match.match, player_match.side, timezone.now()),
        "match": player_match.match,
        "action_url": action_url(request),
        # Signed in (/me/): the form carries the usual CSRF token. A personal link's own token is its credential, and
        # its page must not touch the CSRF token at all: reading it sets the cookie, and a page that sets a cookie
        # is never kept by the public page cache (core.page_cache). Not named `csrf_token`: an inclusion tag's
        # context takes the page's `csrf_token` over its own.
        "with_csrf_token": is_page(request, "my-schedule"),
    }


def is_page(request, name):
    found = getattr(request, "resolver_match", None)
    return found is not None and found.url_name == name


def action_url(request):
    """The URL the tap posts to from this page, or None on a page that takes no tap."""
    found = getattr(request, "resolver_match", None)
    if found is None or found.url_name not in ACTIONS:
        return None
    try:
        return reverse(ACTIONS[found.url_name], kwargs=found.kwargs)
    except NoReverseMatch:
        return None
