"""The webhook's wording built in Python: what a delivery's state says to the secretary."""

from django.utils.translation import gettext as _

from webhooks.models import Delivery


def delivery_state(delivery):
    if delivery.status == Delivery.Status.DELIVERED:
        return _("Delivered")
    if delivery.status == Delivery.Status.FAILED:
        return _("Not delivered: tries used up")
    if delivery.attempts:
        return _("Failed, tried again later")
    return _("To be sent")
