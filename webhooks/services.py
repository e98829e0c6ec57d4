"""What a secretary does with the tournament's webhook: set its URL (checked: core.outbound), turn it on or off,
make a new secret, send a test ping, and try a delivery again now. One transaction each."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from webhooks import events, tasks
from webhooks.addresses import check_url
from webhooks.models import Delivery, Webhook, new_secret


def set_webhook(tournament, url, active=True):
    """Set the tournament's webhook (made with a new secret the first time). The URL is looked up first, outside
    the transaction: a private address is refused with its reason."""
    url = check_url(url)
    with transaction.atomic():
        webhook, _created = Webhook.objects.select_for_update().get_or_create(
            tournament=tournament, defaults={"url": url, "active": active}
        )
        webhook.url, webhook.active = url, active
        webhook.save(update_fields=["url", "active"])
    return webhook


@transaction.atomic
def regenerate_secret(webhook):
    """A new secret: deliveries signed from now on use it (those waiting too); the old one stops at once."""
    webhook = Webhook.objects.select_for_update().get(pk=webhook.pk)
    webhook.secret, webhook.secret_made_at = new_secret(), timezone.now()
    webhook.save(update_fields=["secret", "secret_made_at"])
    return webhook


@transaction.atomic
def send_ping(webhook):
    """A test delivery, sent as the events are: the receiver checks its signature with the secret shown."""
    if not webhook.active:
        raise ServiceError("webhook", _("The webhook is turned off: turn it on to send a test."))
    return events.record(webhook, Delivery.Event.PING, {"message": "ping"})


def retry_now(tournament, delivery_id):
    """A secretary's "retry now" on a delivery not yet delivered: due at once, with all its tries again, and
    queued. None when there is no such delivery of the tournament's still to send."""
    with transaction.atomic():
        rows = Delivery.objects.select_for_update().filter(pk=delivery_id, webhook__tournament=tournament)
        row = rows.exclude(status=Delivery.Status.DELIVERED).first()
        if row is None:
            return None
        row.status, row.attempts, row.next_attempt_at = Delivery.Status.PENDING, 0, timezone.now()
        row.save(update_fields=["status", "attempts", "next_attempt_at"])
        transaction.on_commit(lambda: tasks.queue([row.pk]))
    return row
