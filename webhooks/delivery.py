"""Sending a tournament's webhook deliveries (webhooks.models.Delivery).

Each delivery is a POST of its JSON payload, signed: the headers name the event (X-Carrom-Event), its id
(X-Carrom-Event-Id, the same on every try: a receiver keeps the ids it took and takes each once), the time of the
try (X-Carrom-Timestamp, Unix seconds) and the signature (X-Carrom-Signature: "sha256=" and the hex HMAC-SHA256,
keyed with the webhook's secret, of the timestamp, a dot and the body as sent). An answer 2xx delivers it;
anything else (another status, a redirect, no answer within WEBHOOK_TIMEOUT_SECONDS, an address refused) is tried
again WEBHOOK_RETRY_SECONDS later, then twice as long after each try (at most an hour), WEBHOOK_MAX_ATTEMPTS
tries in all; then it is "not delivered" until a secretary's "retry now".

A try is claimed before it starts: under a row lock other workers skip, its count goes up and its next time moves
on, so two workers, two sweeps or a sweep beside the task queued at the commit send it once. A worker killed after
the receiver took a delivery but before it was marked sends it again later: receivers go by the event id."""

import hashlib
import hmac
import json
import logging
from datetime import timedelta

import requests
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core import deadlines
from core.deadlines import lock_if_due
from webhooks import addresses
from webhooks.models import Delivery

logger = logging.getLogger(__name__)
PENDING, DELIVERED, FAILED = Delivery.Status.PENDING, Delivery.Status.DELIVERED, Delivery.Status.FAILED

EVENT_HEADER = "X-Carrom-Event"
ID_HEADER = "X-Carrom-Event-Id"
TIMESTAMP_HEADER = "X-Carrom-Timestamp"
SIGNATURE_HEADER = "X-Carrom-Signature"
ANSWER_READ = 4096  # bytes of an answer read, at most: a receiver cannot make the worker read more
ANSWER_KEPT = 500  # characters of it kept on the row, for the secretary's list
KEPT_DELIVERED = timedelta(days=30)  # delivered rows are deleted after this


def body_of(delivery):
    return json.dumps(delivery.payload, separators=(",", ":"), ensure_ascii=False).encode()


def signature(secret, timestamp, body):
    """ "sha256=" and the hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the secret."""
    signed = str(timestamp).encode() + b"." + body
    return "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def headers_of(delivery, body, now):
    timestamp = int(now.timestamp())
    return {
        "Content-Type": "application/json",
        "User-Agent": "carrom-tournaments-webhook",
        EVENT_HEADER: delivery.event,
        ID_HEADER: str(delivery.event_id),
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(delivery.webhook.secret, timestamp, body),
    }


def waiting():
    return Delivery.objects.filter(status=PENDING, webhook__active=True)


def due(now=None):
    """Ids of the deliveries to try now, the longest waiting first."""
    return deadlines.due_rows(waiting(), now)


def wait_after(attempts):
    return deadlines.wait_after(attempts, settings.WEBHOOK_RETRY_SECONDS)


def claim(pk):
    """Count a try of delivery `pk` and move its next time on; None when it is not due (delivered, not yet time,
    held by another worker) or has had all its tries."""
    now = timezone.now()
    with transaction.atomic():
        row = lock_if_due(waiting().filter(next_attempt_at__lte=now), pk, "webhook")
        if row is None:
            return None
        if row.attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
            row.status = FAILED
            row.save(update_fields=["status"])
            return None
        row.attempts += 1
        row.last_attempt_at = now
        row.next_attempt_at = now + wait_after(row.attempts)
        row.save(update_fields=["attempts", "last_attempt_at", "next_attempt_at"])
    return row


def deliver(pk):
    """Try delivery `pk` once (if due). Returns 1 when the receiver took it, else 0; a failure is written on the
    row, never raised."""
    row = claim(pk)
    if row is None:
        return 0
    code, answer, error = post(row)
    taken = code is not None and 200 <= code < 300
    fields = {"last_status_code": code, "last_answer": answer, "last_error": error}
    if taken:
        fields.update(status=DELIVERED, delivered_at=timezone.now(), last_error="")
    elif row.attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
        fields.update(status=FAILED)
    with transaction.atomic():
        Delivery.objects.filter(pk=pk, status=PENDING).update(**fields)
    return int(taken)


def post(row):
    """(status code or None, the answer's start, error) of one POST of the row."""
    body = body_of(row)
    timeout = settings.WEBHOOK_TIMEOUT_SECONDS
    try:
        with addresses.guarded_session() as session:
            response = session.post(
                row.webhook.url,
                data=body,
                headers=headers_of(row, body, timezone.now()),
                timeout=(timeout, timeout),
                allow_redirects=False,
                stream=True,
            )
            with response:
                raw = response.raw.read(ANSWER_READ, decode_content=True) or b""
            answer = raw.decode(response.encoding or "utf-8", errors="replace")[:ANSWER_KEPT]
            error = "" if response.ok and not response.is_redirect else f"HTTP {response.status_code}"
            return response.status_code, answer, error
    except (requests.RequestException, OSError, ValueError) as error:
        logger.warning("Webhook delivery %s (try %s) failed: %s", row.event_id, row.attempts, error)
        return None, "", f"{type(error).__name__}: {error}"[:2000]


def send_due(now=None):
    """The periodic sweep: try every due delivery, then forget the old delivered ones. Returns how many were
    taken."""
    taken = deadlines.settle_each(due(now), deliver, "Sending a webhook")
    forget_delivered(now)
    return taken


def forget_delivered(now=None):
    old = (now or timezone.now()) - KEPT_DELIVERED
    return Delivery.objects.filter(status=DELIVERED, delivered_at__lt=old).delete()[0]
