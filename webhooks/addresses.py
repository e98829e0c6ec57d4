"""Where a webhook may go: the URL is given by a secretary and the worker connects to it, so it must not reach the
site's own network. https to public addresses only (any port); a network of WEBHOOK_TRUSTED_NETWORKS (a receiver
of the site's own, beside it) may also be reached, over http too. Checked when the URL is saved and again at each
connection, to the checked addresses only, no proxy, no redirect (core.outbound)."""

from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from core import outbound
from core.errors import ServiceError
from core.outbound import RefusedAddress

LONGEST_URL = 1000
DEFAULT_PORTS = {"https": 443, "http": 80}


def trusted_networks():
    return outbound.networks(settings.WEBHOOK_TRUSTED_NETWORKS)


def check_url(url):
    """The URL as it will be used, or ServiceError("url") saying why no webhook may go there. Looks the name up:
    call it outside a transaction."""
    url = (url or "").strip()
    not_url = ServiceError("url", _("Give the receiver's address, starting with https://."))
    if not url or len(url) > LONGEST_URL:
        raise not_url
    try:
        parts = urlsplit(url)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError as error:  # a port out of range or not a number, a broken IPv6 literal
        raise not_url from error
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.username is not None:
        raise not_url
    host = parts.hostname.rstrip(".")
    try:
        outbound.addresses_of(host, port, trusted_networks(), public=parts.scheme == "https")
    except RefusedAddress as error:
        if error.reason == "not_found":
            raise ServiceError("url", _("The receiver's host cannot be found.")) from error
        if parts.scheme == "http" and outbound_is_public(host, port):
            message = _("A webhook goes over https: give an address starting with https://.")
            raise ServiceError("url", message) from error
        raise ServiceError("url", _("A webhook must go to a public address.")) from error
    return url


def outbound_is_public(host, port):
    try:
        outbound.addresses_of(host, port)
    except RefusedAddress:
        return False
    return True


def guarded_session():
    """A requests session for webhooks: https to public or trusted addresses, http to trusted ones only."""
    return outbound.guarded_session(trusted_networks(), http_to_trusted=True)
