"""Where a push may go. A phone's push endpoint is an address that a stranger hands us (anyone with a personal link
posts one), and the worker then connects to it: only the push services' hosts are accepted, over https on port
443 (another port only where WEBPUSH_ALLOWED_HOSTS names it), and only at public addresses.

The address is checked when the endpoint is given (`check_endpoint`, a field error) and again at every connection
(`guarded_session`), since the name may point elsewhere by then. The connection goes to the very addresses that
were checked, never to a second lookup of the name, so a name that changes between the two (DNS rebinding) still
reaches no private address; the certificate is checked against the name as usual. No proxy from the environment,
no redirect followed."""

import ipaddress
import socket
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.utils.translation import gettext as _
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPSConnection
from urllib3.connectionpool import HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.util.connection import create_connection

HTTPS_PORT = 443
LONGEST_ENDPOINT = 1000
# A name with many addresses is tried at its first few only: each try may cost a whole connect timeout.
ADDRESSES_TRIED = 2


class RefusedAddress(ValueError):
    """An endpoint or address no push goes to; the message says why, for the person who gave it."""


def embedded_ipv4(ip):
    """The IPv4 address an IPv6 address carries (mapped, 6to4, Teredo), which must be public too. (NAT64's
    64:ff9b::/96 is reserved, refused whatever it carries.)"""
    if ip.version != 6:
        return None
    return ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)


def is_public(ip):
    """A unicast address of the public internet: not loopback, private, link-local (the cloud's metadata service at
    169.254.169.254), shared (carrier NAT), reserved, multicast or unspecified, nor an IPv6 address carrying one."""
    inner = embedded_ipv4(ip)
    if inner is not None and not is_public(inner):
        return False
    special = ip.is_multicast or ip.is_reserved or ip.is_loopback or ip.is_link_local or ip.is_unspecified
    return ip.is_global and not ip.is_private and not special


def trusted_networks():
    return [ipaddress.ip_network(network, strict=False) for network in settings.WEBPUSH_TRUSTED_NETWORKS]


def may_connect(ip):
    """A public address, or one of the networks the site's own settings trust (a push relay of its own)."""
    return is_public(ip) or any(ip.version == net.version and ip in net for net in trusted_networks())


def addresses_of(host, port):
    """The host's addresses, every one checked: a name with one private address among public ones is refused whole,
    since a connection may go to any of them."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise RefusedAddress(_("The push service's host cannot be found.")) from error
    addresses = list(dict.fromkeys(info[4][0] for info in found))
    for address in addresses:
        if not may_connect(ipaddress.ip_address(address.split("%")[0])):
            raise RefusedAddress(_("A push service's endpoint must be at a public address."))
    return addresses


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
    not_https = RefusedAddress(_("A push subscription's endpoint is an https address."))
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
        raise RefusedAddress(_("This is not the address of a known push service."))
    return host, port


def check_endpoint(endpoint):
    """Refuse (RefusedAddress) an endpoint no push may go to: not https, not an allowed host, not a public
    address now."""
    host, port = endpoint_host(endpoint)
    addresses_of(host, port)
    return host, port


class PublicHTTPSConnection(HTTPSConnection):
    """Connects to the checked addresses of its host only."""

    def _new_conn(self):
        try:
            addresses = addresses_of(self._dns_host, self.port)
        except RefusedAddress as error:
            raise NewConnectionError(self, str(error)) from error
        failure = None
        for address in addresses[:ADDRESSES_TRIED]:
            try:
                return create_connection(
                    (address, self.port), self.timeout, self.source_address, socket_options=self.socket_options
                )
            except TimeoutError:
                failure = ConnectTimeoutError(self, f"Connection to {self.host} timed out ({self.timeout} s)")
            except OSError as error:
                failure = NewConnectionError(self, f"Failed to establish a new connection: {error}")
        raise failure


class PublicHTTPSConnectionPool(HTTPSConnectionPool):
    ConnectionCls = PublicHTTPSConnection


class PublicHTTPSAdapter(HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"https": PublicHTTPSConnectionPool}


class RefusingAdapter(HTTPAdapter):
    def send(self, request, *args, **kwargs):
        raise requests.ConnectionError(f"Refused: pushes go over https only ({request.url[:60]})")


def guarded_session():
    """A requests session for pushes: https to checked public addresses, no proxy, no redirect."""
    session = requests.Session()
    session.trust_env = False  # no HTTPS_PROXY nor .netrc from the worker's environment
    session.max_redirects = 0
    session.mount("https://", PublicHTTPSAdapter())
    session.mount("http://", RefusingAdapter())
    return session
