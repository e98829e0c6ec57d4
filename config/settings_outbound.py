"""Where the workers connect to addresses that people hand the site (core.outbound): the phones' push endpoints
(tournaments.push_hosts) and the tournaments' webhooks (webhooks.addresses). Public addresses only, checked after
the name is looked up, when the address is given and at each connection; a network listed here as trusted (a push
relay, a webhook receiver of the site's own) may be reached as well."""

import ipaddress
import os

from django.core.exceptions import ImproperlyConfigured


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def trusted_networks(name):
    """The CIDR networks listed in the environment variable `name`; a wrong one stops the site at start."""
    networks = env_list(name)
    try:
        [ipaddress.ip_network(network, strict=False) for network in networks]
    except ValueError as error:
        raise ImproperlyConfigured(f"{name}: {error}") from error
    return networks


# A phone's endpoint is given by whoever holds a personal link, and the worker connects to it (tournaments.push_hosts):
# only these hosts are accepted (a name, `*.domain` for any host under it, `*` for any host; `:port` for a port
# other than 443): the push services of Chrome, Edge, Firefox and Safari. Whatever the list, a push goes to public
# addresses only, checked after the name is looked up, when subscribing and at each connection; except the
# networks of WEBPUSH_TRUSTED_NETWORKS (CIDR), for a push relay of the site's own.
WEBPUSH_ALLOWED_HOSTS = env_list(
    "WEBPUSH_ALLOWED_HOSTS",
    "fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com",
)
WEBPUSH_TRUSTED_NETWORKS = trusted_networks("WEBPUSH_TRUSTED_NETWORKS")
# Phones kept per player: a new one past this replaces their oldest. Seconds a push waits to connect, and for each
# answer: a push service that does not answer costs the news worker this long once per run (tournaments.push).
WEBPUSH_MAX_PER_PLAYER = int(os.environ.get("WEBPUSH_MAX_PER_PLAYER", "5"))
WEBPUSH_TIMEOUT_SECONDS = float(os.environ.get("WEBPUSH_TIMEOUT_SECONDS", "4"))
# A tournament's webhook (webhooks): the URL a secretary gives, and the worker posts to it. https to public addresses
# only, checked when saved and at each connection (core.outbound); the networks of WEBHOOK_TRUSTED_NETWORKS (CIDR:
# a receiver of the site's own, beside it) may be reached as well, over http too. Seconds to connect and for each
# answer; a failed delivery is tried again after WEBHOOK_RETRY_SECONDS, twice as long each time (at most an hour),
# WEBHOOK_MAX_ATTEMPTS tries in all.
WEBHOOK_TRUSTED_NETWORKS = trusted_networks("WEBHOOK_TRUSTED_NETWORKS")
WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("WEBHOOK_TIMEOUT_SECONDS", "5"))
WEBHOOK_RETRY_SECONDS = int(os.environ.get("WEBHOOK_RETRY_SECONDS", "60"))
WEBHOOK_MAX_ATTEMPTS = int(os.environ.get("WEBHOOK_MAX_ATTEMPTS", "10"))
