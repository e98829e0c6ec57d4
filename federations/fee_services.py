"""The entry fees, recorded by the secretary: a fee per event (amount and currency), and per entry whether it is
due, paid (how and when) or waived. One transaction each; a refusal is a core.errors.ServiceError."""

import re
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ServiceError
from federations.models import EventFee, FeePayment

CURRENCY = re.compile(r"[A-Z]{3}")
MAX_AMOUNT = Decimal("999999.99")


@transaction.atomic
def set_event_fee(event, amount, currency):
    """The event's entry fee; an empty amount takes the fee away."""
    field = f"fee_{event.pk}"
    if amount in (None, ""):
        EventFee.objects.filter(event=event).delete()
        return None
    try:
        amount = Decimal(str(amount)).quantize(Decimal("0.01"))
    except InvalidOperation:
        raise ServiceError(field, _("A fee is an amount, e.g. 500 or 12.50.")) from None
    if amount < 0 or amount > MAX_AMOUNT:
        raise ServiceError(field, _("A fee is an amount, e.g. 500 or 12.50."))
    currency = (currency or "").strip().upper()
    if not CURRENCY.fullmatch(currency):
        raise ServiceError(f"currency_{event.pk}", _("A currency is three letters, e.g. INR or EUR."))
    fee, _created = EventFee.objects.update_or_create(event=event, defaults={"amount": amount, "currency": currency})
    return fee


@transaction.atomic
def record_fee(entry, status, method="", paid_on=None, user=None):
    """Record the entry's fee as due, paid (with its method and date: today when none is given) or waived."""
    if status not in FeePayment.Status.values:
        raise ServiceError("status", _("Choose due, paid or waived."))
    if method and method not in FeePayment.Method.values:
        raise ServiceError("method", _("Choose how the fee was paid."))
    if status == FeePayment.Status.PAID:
        if not method:
            raise ServiceError("method", _("Choose how the fee was paid."))
        paid_on = paid_on or timezone.localdate()
    else:
        method, paid_on = "", None
    payment, _created = FeePayment.objects.update_or_create(
        entry=entry,
        defaults={
            "status": status,
            "method": method,
            "paid_on": paid_on,
            "recorded_at": timezone.now(),
            "recorded_by": user,
        },
    )
    return payment
