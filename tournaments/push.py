"""Web Push: a player's news on their phone even when their page is closed, for players who allowed it on their
personal page (pywebpush, signed with the site's VAPID keys from the environment; without both keys nothing is
offered and nothing is sent).

A push service that answers 404 or 410 says the phone unsubscribed: the subscription is dropped. Any other failure
is logged, never raised: the news is on the player's page and in their e-mail all the same."""

import json
import logging
from collections import defaultdict
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from core.errors import ServiceError
from tournaments.models import PushSubscription

logger = logging.getLogger(__name__)
GONE = (404, 410)
# How long a push service keeps trying to reach a phone that is off: a call is stale after half an hour.
TTL_SECONDS = 30 * 60


def push_enabled():
    return bool(settings.WEBPUSH_VAPID_PUBLIC_KEY and settings.WEBPUSH_VAPID_PRIVATE_KEY)


@transaction.atomic
def subscribe(player, endpoint, p256dh, auth):
    """Keep where to push the player's news (the browser's PushSubscription). Refused with field errors when it is
    not one; the same endpoint again (the page asked twice, or another player on the same phone) is taken over."""
    if not push_enabled():
        raise ServiceError("endpoint", _("This site does not offer notifications on phones."))
    if not isinstance(endpoint, str) or urlsplit(endpoint).scheme != "https" or len(endpoint) > 1000:
        raise ServiceError("endpoint", _("A push subscription's endpoint is an https address."))
    for name, value, longest in (("p256dh", p256dh, 200), ("auth", auth, 100)):
        if not isinstance(value, str) or not value or len(value) > longest:
            raise ServiceError(name, _("This key of the push subscription is missing or too long."))
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"player": player, "p256dh": p256dh, "auth": auth}
    )
    return subscription


def push_news(news):
    """Push each (player id, subject, body, url) of `news` to the player's phones. Returns how many were sent."""
    if not push_enabled() or not news:
        return 0
    phones = defaultdict(list)
    for subscription in PushSubscription.objects.filter(player_id__in={item[0] for item in news}):
        phones[subscription.player_id].append(subscription)
    sent = 0
    for player_id, subject, body, url in news:
        payload = json.dumps({"title": subject, "body": body, "url": url})
        sent += sum(push_one(subscription, payload) for subscription in phones[player_id])
    return sent


def push_one(subscription, payload):
    """Send one push; True when the push service took it."""
    try:
        webpush(
            subscription_info={
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=payload,
            vapid_private_key=settings.WEBPUSH_VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.WEBPUSH_VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=10,
        )
    except WebPushException as error:
        if getattr(error.response, "status_code", None) in GONE:
            subscription.delete()  # the phone unsubscribed or the browser dropped it
        else:
            logger.warning("Web Push to %s refused: %s", subscription.endpoint[:60], error)
        return False
    except Exception:  # the push service unreachable, a bad key: logged, the news stands on the page
        logger.exception("Web Push to %s failed", subscription.endpoint[:60])
        return False
    return True
