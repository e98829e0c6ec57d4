"""The public sign-up's rate limits (SIGN_UP_RATE_PER_CLIENT, SIGN_UP_RATE_PER_ADDRESS), the same for the form and
the API: counted in the cache by django-ratelimit, with no captcha."""

from django.conf import settings
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

from core.ratelimit import client_address


def too_many(request, email):
    """The refusal when this client (per hour) or this address (per day) has signed up too often, else None. A
    cache that does not answer counts nothing and refuses no one."""
    client = get_usage(
        request,
        group="registration.sign-up.client",
        key=lambda group, request: client_address(request) or "unknown",
        rate=settings.SIGN_UP_RATE_PER_CLIENT,
        increment=True,
    )
    address = get_usage(
        request,
        group="registration.sign-up.address",
        key=lambda group, request: email.strip().casefold(),
        rate=settings.SIGN_UP_RATE_PER_ADDRESS,
        increment=True,
    )
    if client and client["should_limit"]:
        return _("Too many sign-ups from your network in the last hour. Please try again later.")
    if address and address["should_limit"]:
        return _("Too many sign-ups with this e-mail address today. Please try again tomorrow.")
    return None
