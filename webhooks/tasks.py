"""Webhook deliveries on the news queue: the one queued when its event's action commits, and the periodic sweep
(CELERY_BEAT_SCHEDULE, and `run_deadlines`) that sends whatever is due: not taken by the broker, or failed before
and due again."""

import logging

from celery import shared_task

from webhooks import delivery

logger = logging.getLogger(__name__)


@shared_task(name="webhooks.tasks.deliver_webhook")
def deliver_webhook(delivery_id):
    """Try one delivery (idempotent: one delivered, not due, or held by another worker is left alone)."""
    return delivery.deliver(delivery_id)


@shared_task(name="webhooks.tasks.send_due_webhooks")
def send_due_webhooks():
    """Periodic: send the deliveries that are due. Returns how many the receivers took."""
    return delivery.send_due()


def queue(delivery_ids):
    """Hand the deliveries to the news worker (eager without Redis: sent here). A broker that does not take them
    is not waited for: they are due already, and the next sweep sends them."""
    for delivery_id in delivery_ids:
        try:
            deliver_webhook.delay(delivery_id)
        except Exception:  # the broker down: the rows wait in the database
            logger.exception("Could not queue the webhook deliveries %s: the next sweep sends them", delivery_ids)
            return
