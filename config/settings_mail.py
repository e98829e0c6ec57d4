"""Mail: how e-mails leave (EMAIL_URL), who they come from, and how long a mail that could not leave is tried again.

EMAIL_URL names the mail server in one line:
    smtp://user:password@host:587/?tls=1   SMTP, STARTTLS after connecting (`tls=1`) or plain (no `tls`)
    smtps://user:password@host:465/        SMTP over TLS from the first byte
    console:                               printed on the process's output (development)
User name and password are URL-quoted (`carrom%40example.org`); `timeout=SECONDS` bounds each connection (10).
Without EMAIL_URL, a debug site prints its mail on the console, and any other sends to SMTP on localhost:25, as
before there was a setting.

Every e-mail waits in the database until it is sent (tournaments.mail): the worker that sends it tries again after
MAIL_RETRY_SECONDS, then twice as long each time up to an hour, for as long as it takes; after MAIL_MAX_ATTEMPTS
tries the tournament's officials are told, and see it on their page of news not delivered."""

import os
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_SMTP = "django.core.mail.backends.smtp.EmailBackend"
_CONSOLE = "django.core.mail.backends.console.EmailBackend"
_TRUE = {"1", "true", "yes", "on"}
_OPTIONS = {"tls", "ssl", "timeout"}
_TIMEOUT = 10.0


def email_settings(url, debug=False):
    """The EMAIL_* settings that EMAIL_URL names (without one, Django's own: SMTP on localhost:25)."""
    url = url.strip()
    if not url:
        # A local mail server that hangs holds a news worker's process 10 s, not for ever.
        return {"EMAIL_BACKEND": _CONSOLE} if debug else {"EMAIL_TIMEOUT": _TIMEOUT}
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "console":
        return {"EMAIL_BACKEND": _CONSOLE}
    if scheme not in {"smtp", "smtps"}:
        raise ImproperlyConfigured("EMAIL_URL must start with smtp://, smtps:// or console:.")
    query = dict(parse_qsl(parts.query))
    unknown = set(query) - _OPTIONS
    if unknown:
        raise ImproperlyConfigured(f"EMAIL_URL: unknown option {', '.join(sorted(unknown))} (tls, ssl, timeout).")
    ssl = scheme == "smtps" or query.get("ssl", "").lower() in _TRUE
    tls = query.get("tls", "").lower() in _TRUE
    if ssl and tls:
        raise ImproperlyConfigured("EMAIL_URL: smtps:// (or ssl=1) and tls=1 exclude each other.")
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL names no host.")
    try:
        port = parts.port or (465 if ssl else 587 if tls else 25)
        timeout = float(query.get("timeout", _TIMEOUT))
    except ValueError as error:
        raise ImproperlyConfigured(f"EMAIL_URL: {error}.") from error
    return {
        "EMAIL_BACKEND": _SMTP,
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": tls,
        "EMAIL_USE_SSL": ssl,
        # A mail server that does not answer holds a news worker's process this long, never longer.
        "EMAIL_TIMEOUT": timeout,
    }


EMAIL_URL = os.environ.get("EMAIL_URL", "")
globals().update(email_settings(EMAIL_URL, debug=os.environ.get("DJANGO_DEBUG", "").strip().lower() in _TRUE))
# The sender of every e-mail to players and officials, and of the error reports Django mails to ADMINS.
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "").strip() or "webmaster@localhost"
SERVER_EMAIL = os.environ.get("DJANGO_SERVER_EMAIL", "").strip() or "root@localhost"
MAIL_RETRY_SECONDS = int(os.environ.get("MAIL_RETRY_SECONDS", "60"))
MAIL_MAX_ATTEMPTS = int(os.environ.get("MAIL_MAX_ATTEMPTS", "5"))
