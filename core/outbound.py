"""Connections to addresses that people hand the site. A phone's push endpoint (tournaments.push_hosts) and a
tournament's webhook (webhooks.addresses) are URLs given by someone else, and a worker then connects to them: it
must never be made to reach the site's own network (the database, Redis, the cloud's metadata service).

An address is checked when it is given (a field error) and again at every connection, since a name may point
elsewhere by then. The connection goes to the very addresses that were checked, never to a second lookup of the
name, so a name that changes between the two (DNS rebinding) still reaches no private address; an https
certificate is checked against the name as usual. No proxy from the environment, no redirect followed.

Each caller says which networks it trusts besides the public internet (a push relay or a webhook receiver of the
site's own, from its settings), and whether plain http may go there: only ever to a trusted network."""

import ipaddress
import socket

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.util.connection import create_connection

# A name with many addresses is tried at its first few only: each try may cost a whole connect timeout.
ADDRESSES_TRIED = 2


class RefusedAddress(ValueError):
    """An address no connection goes to. `reason` is "not_found" (the name has no address) or "not_public" (one of
    its addresses is private and not trusted), for the caller to word it for the person who gave it."""

    def __init__(self, reason, message=""):
        super().__init__(message or reason)
        self.reason = reason


def networks(values):
    """The networks of a setting's list of CIDR strings (ValueError for a bad one)."""
    return [ipaddress.ip_network(value, strict=False) for value in values]


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


def is_trusted(ip, trusted):
    return any(ip.version == net.version and ip in net for net in trusted)


def may_connect(ip, trusted=(), public=True):
    """A public address (where `public`), or one of the `trusted` networks."""
    return (public and is_public(ip)) or is_trusted(ip, trusted)


def addresses_of(host, port, trusted=(), public=True):
    """The host's addresses, every one checked: a name with one refused address among good ones is refused whole,
    since a connection may go to any of them. RefusedAddress otherwise."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError) as error:  # not found; a name IDNA cannot encode, or with a NUL in it
        raise RefusedAddress("not_found", f"{host} cannot be found") from error
    addresses = list(dict.fromkeys(info[4][0] for info in found))
    if not addresses:
        raise RefusedAddress("not_found", f"{host} cannot be found")
    for address in addresses:
        if not may_connect(ipaddress.ip_address(address.split("%")[0]), trusted, public):
            raise RefusedAddress("not_public", f"{host} is at an address this site does not connect to")
    return addresses


class GuardedConnectionMixin:
    """Connects to the checked addresses of its host only. `trusted` and `public` are set on the subclass an
    adapter makes."""

    trusted = ()
    public = True

    def _new_conn(self):
        try:
            addresses = addresses_of(self._dns_host, self.port, self.trusted, self.public)
        except RefusedAddress as error:
            raise NewConnectionError(self, f"Refused: {error}") from error
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


class GuardedHTTPSConnection(GuardedConnectionMixin, HTTPSConnection):
    pass


class GuardedHTTPConnection(GuardedConnectionMixin, HTTPConnection):
    pass


class GuardedAdapter(HTTPAdapter):
    """An adapter whose connections go only where `trusted` (and, where `public`, the public internet) allow."""

    def __init__(self, trusted=(), public=True, **kwargs):
        self.guard = {"trusted": tuple(trusted), "public": public}
        super().__init__(**kwargs)

    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        https = type("Connection", (GuardedHTTPSConnection,), self.guard)
        http = type("Connection", (GuardedHTTPConnection,), self.guard)
        self.poolmanager.pool_classes_by_scheme = {
            "https": type("Pool", (HTTPSConnectionPool,), {"ConnectionCls": https}),
            "http": type("Pool", (HTTPConnectionPool,), {"ConnectionCls": http}),
        }


class RefusingAdapter(HTTPAdapter):
    def send(self, request, *args, **kwargs):
        raise requests.ConnectionError(f"Refused: https only ({request.url[:60]})")


def guarded_session(trusted=(), http_to_trusted=False):
    """A requests session: https to checked public addresses or the `trusted` networks; plain http refused, or,
    with `http_to_trusted`, allowed to the trusted networks alone. No proxy, no redirect."""
    session = requests.Session()
    session.trust_env = False  # no HTTPS_PROXY nor .netrc from the worker's environment
    session.max_redirects = 0
    session.mount("https://", GuardedAdapter(trusted))
    session.mount("http://", GuardedAdapter(trusted, public=False) if http_to_trusted else RefusingAdapter())
    return session
