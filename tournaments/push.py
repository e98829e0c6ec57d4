"""Web Push: a player's news on their phone even when their page is closed, for players who allowed it on their
personal page (pywebpush, signed with the site's VAPID keys from the environment; without both keys nothing is
offered and nothing is sent).

Only the push services' endpoints are kept, and a push connects to public addresses only (tournaments.push_hosts);
a player keeps at most WEBPUSH_MAX_PER_PLAYER phones, the newest. Each push waits WEBPUSH_TIMEOUT_SECONDS at most
to connect and as long for each answer, and a push service that did not answer is not tried again in the same run,
so phones at an unreachable service cost one timeout, not one each.

A push service that answers 404 or 410 says the phone unsubscribed: the subscription is dropped, as is one whose
host the site no longer accepts. Any other failure is logged, never raised: the news is on the player's page and in
their e-mail all the same."""

import json
import logging
from collections import defaultdict

import requests
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from core.errors import ServiceError
from tournaments.models import PushSubscription
from tournaments.push_hosts import RefusedAddress, check_endpoint, endpoint_host, guarded_session

logger = logging.getLogger(__name__)
GONE = (404, 410)
# How long a push service keeps trying to reach a phone that is off: a call is stale after half an hour.
TTL_SECONDS = 30 * 60


def push_enabled():
    return bool(settings.WEBPUSH_VAPID_PUBLIC_KEY and settings.WEBPUSH_VAPID_PRIVATE_KEY)


def subscribe(player, endpoint, p256dh, auth):
    """Keep where to push the player's news (the browser's PushSubscription). Refused with field errors when it is
    not one, or not at a push service; the same endpoint again (the page asked twice, or another player on the
    same phone) is taken over. A player's new phone past the cap replaces their oldest: that one is most likely
    the phone they no longer use."""
    if not push_enabled():
        raise ServiceError("endpoint", _("This site does not offer notifications on phones."))
    for name, value, longest in (("p256dh", p256dh, 200), ("auth", auth, 100)):
        if not isinstance(value, str) or not value or len(value) > longest:
            raise ServiceError(name, _("This key of the push subscription is missing or too long."))
    try:
        check_endpoint(endpoint)  # looks the name up: outside the transaction, which it could hold for seconds
    except RefusedAddress as error:
        raise ServiceError("endpoint", str(error)) from error
    return keep(player, endpoint, p256dh, auth)


@transaction.atomic
def keep(player, endpoint, p256dh, auth):
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"player": player, "p256dh": p256dh, "auth": auth, "created_at": timezone.now()},
    )
    phones = PushSubscription.objects.filter(player=player).order_by("-created_at", "-pk")
    oldest = list(phones.values_list("pk", flat=True)[settings.WEBPUSH_MAX_PER_PLAYER :])
    PushSubscription.objects.filter(pk__in=oldest).delete()
    return subscription


def push_news(news):
    """Push each (player id, subject, body, url) of `news` to the player's phones. Returns how many were sent."""
    if not push_enabled() or not news:
        return 0
    phones = defaultdict(list)
    for subscription in PushSubscription.objects.filter(player_id__in={item[0] for item in news}):
        phones[subscription.player_id].append(subscription)
    sent = 0
    unreachable = set()  # (host, port) of the push services that did not answer in this run
    with guarded_session() as session:
        for player_id, subject, body, url in news:
            payload = json.dumps({"title": subject, "body": body, "url": url})
            for subscription in phones[player_id]:
                sent += push_one(subscription, payload, session, unreachable)
    return sent


def push_one(subscription, payload, session, unreachable):
    """Send one push; True when the push service took it."""
    try:
        host = endpoint_host(subscription.endpoint)
    except RefusedAddress:
        logger.warning("Web Push to %s dropped: not a push service the site accepts", subscription.endpoint[:60])
        subscription.delete()
        return False
    if host in unreachable:
        return False
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
            timeout=settings.WEBPUSH_TIMEOUT_SECONDS,
            requests_session=session,
        )
    except WebPushException as error:
        if getattr(error.response, "status_code", None) in GONE:
            subscription.delete()  # the phone unsubscribed or the browser dropped it
        else:
            logger.warning("Web Push to %s refused: %s", subscription.endpoint[:60], error)
        return False
    except requests.RequestException as error:  # refused address, no answer in time, a redirect
        unreachable.add(host)
        logger.warning("Web Push to %s failed: %s", subscription.endpoint[:60], error)
        return False
    except Exception:  # a bad key, a broken subscription: logged, the news stands on the page
        logger.exception("Web Push to %s failed", subscription.endpoint[:60])
        return False
    return True
