"""Where a push may go. A phone's push endpoint is an address that a stranger hands us (anyone with a personal link
posts one), and the worker then connects to it: only the push services' hosts are accepted, over https on port
443 (another port only where WEBPUSH_ALLOWED_HOSTS names it), and only at public addresses or the networks of
WEBPUSH_TRUSTED_NETWORKS.

The address is checked when the endpoint is given (`check_endpoint`, a field error) and again at every connection
(`guarded_session`); how, and why the connection goes to the checked addresses only, is core.outbound's."""

from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from core import outbound
from core.outbound import RefusedAddress

HTTPS_PORT = 443
LONGEST_ENDPOINT = 1000


def trusted_networks():
    return outbound.networks(settings.WEBPUSH_TRUSTED_NETWORKS)


def addresses_of(host, port):
    """The host's addresses, every one public or trusted; RefusedAddress worded for the person who subscribes."""
    try:
        return outbound.addresses_of(host, port, trusted_networks())
    except RefusedAddress as error:
        if error.reason == "not_found":
            raise RefusedAddress(error.reason, _("The push service's host cannot be found.")) from error
        raise RefusedAddress(error.reason, _("A push service's endpoint must be at a public address.")) from error


def allowed_host(host, port):
    """Whether WEBPUSH_ALLOWED_HOSTS takes `host` on `port`: each entry a host name, `*.` and a domain (any host
    under it), or `*` (any host); with `:port` for a port other than 443."""
    for entry in settings.WEBPUSH_ALLOWED_HOSTS:
        name, _colon, entry_port = entry.strip().lower().rpartition(":")
        if not entry_port.isdigit():
            name, entry_port = entry.strip().lower(), str(HTTPS_PORT)
        if int(entry_port) != port:
            continue
        if name == "*" or host == name or (name.startswith("*.") and host.endswith(name[1:])):
            return True
    return False


def endpoint_host(endpoint):
    """(host, port) of an https endpoint on an allowed host, without looking the name up."""
    not_https = RefusedAddress("not_https", _("A push subscription's endpoint is an https address."))
    if not isinstance(endpoint, str) or len(endpoint) > LONGEST_ENDPOINT:
        raise not_https
    try:
        parts = urlsplit(endpoint)
        port = parts.port or HTTPS_PORT
    except ValueError as error:  # a port out of range or not a number, a broken IPv6 literal
        raise not_https from error
    if parts.scheme != "https" or not parts.hostname or parts.username is not None or parts.password is not None:
        raise not_https
    host = parts.hostname.rstrip(".")
    if not allowed_host(host, port):
        raise RefusedAddress("not_listed", _("This is not the address of a known push service."))
    return host, port


def check_endpoint(endpoint):
    """Refuse (RefusedAddress) an endpoint no push may go to: not https, not an allowed host, not a public
    address now."""
    host, port = endpoint_host(endpoint)
    addresses_of(host, port)
    return host, port


def guarded_session():
    """A requests session for pushes: https to checked public (or trusted) addresses, no proxy, no redirect."""
    return outbound.guarded_session(trusted_networks())
