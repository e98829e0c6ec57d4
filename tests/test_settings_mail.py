"""EMAIL_URL (config/settings_mail.py): each form read into Django's EMAIL_* settings, and each really spoken to a
real SMTP server (tests/smtp_server.py): plain with a user name and password, STARTTLS (`tls=1`), TLS from the first
byte (`smtps://`); console in development; a wrong one refused at start-up with what is wrong."""

import pytest
from django.core import mail
from django.core.exceptions import ImproperlyConfigured

from config.settings_mail import email_settings
from tests.smtp_server import MailServer, certificate_files
from tests.test_settings import run_check


def test_smtp_with_starttls_and_a_quoted_login():
    assert email_settings("smtp://carrom%40example.org:p%40ss:word@smtp.example.org:587/?tls=1") == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "carrom@example.org",
        "EMAIL_HOST_PASSWORD": "p@ss:word",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 10.0,
    }


def test_the_ports_each_form_defaults_to():
    assert email_settings("smtps://mail.example.org")["EMAIL_PORT"] == 465
    assert email_settings("smtps://mail.example.org")["EMAIL_USE_SSL"] is True
    assert email_settings("smtp://mail.example.org/?tls=1")["EMAIL_PORT"] == 587
    plain = email_settings("smtp://mail.example.org?timeout=3")
    assert (plain["EMAIL_PORT"], plain["EMAIL_USE_TLS"], plain["EMAIL_HOST_USER"], plain["EMAIL_TIMEOUT"]) == (
        25,
        False,
        "",
        3.0,
    )


def test_console_and_the_defaults_without_a_url():
    console = {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    assert email_settings("console:") == console
    assert email_settings("", debug=True) == console  # development prints what it would send
    assert email_settings("") == {"EMAIL_TIMEOUT": 10.0}  # SMTP on localhost:25, as before there was a setting


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("imap://mail.example.org", "must start with smtp://, smtps:// or console:"),
        ("smtp://mail.example.org/?tsl=1", "unknown option tsl"),
        ("smtps://mail.example.org/?tls=1", "exclude each other"),
        ("smtp:///?tls=1", "names no host"),
        ("smtp://mail.example.org:port", "EMAIL_URL: Port could not be cast"),
    ],
)
def test_a_wrong_url_is_refused_with_what_is_wrong(url, said):
    with pytest.raises(ImproperlyConfigured, match=said):
        email_settings(url)


def test_the_site_refuses_to_start_on_a_wrong_url():
    result = run_check({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1", "EMAIL_URL": "smtp://"})
    assert result.returncode != 0 and "EMAIL_URL names no host" in result.stderr


def send_through(url, settings):
    for name, value in email_settings(url).items():
        setattr(settings, name, value)
    settings.EMAIL_TIMEOUT = 5
    return mail.send_mail("Hello", "Body", "cup@carrom.example", ["asha@example.org"])


@pytest.fixture
def certificate(tmp_path, monkeypatch):
    """A certificate for 127.0.0.1 that this process trusts (OpenSSL reads SSL_CERT_FILE when a context loads the
    default authorities, as Django's SMTP backend's does)."""
    files = certificate_files(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(files[0]))
    return files


@pytest.mark.parametrize(
    ("scheme", "query", "tls"), [("smtp", "", None), ("smtp", "?tls=1", "starttls"), ("smtps", "", "ssl")]
)
def test_each_form_reaches_a_real_server_with_its_login(settings, certificate, scheme, query, tls):
    server = MailServer(login=("carrom@example.org", "s3cret:pass"), tls=tls, certificate=certificate).start()
    try:
        url = f"{scheme}://carrom%40example.org:s3cret%3Apass@127.0.0.1:{server.port}/{query}"
        assert send_through(url, settings) == 1
        [received] = server.inbox.messages
        assert received.rcpt_tos == ["asha@example.org"] and received.message["Subject"] == "Hello"
        settings.EMAIL_HOST_PASSWORD = "wrong"
        with pytest.raises(Exception, match="535|[Aa]uthentication"):
            mail.send_mail("Hello", "Body", "cup@carrom.example", ["asha@example.org"])
    finally:
        server.stop()


def test_real_mail_without_the_sites_address_is_warned_of():
    env = {"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1", "EMAIL_URL": "smtp://mail.example.org"}
    assert "carrom.W001" in run_check(env).stderr
    assert "carrom.W001" not in run_check({**env, "DJANGO_SITE_URL": "https://carrom.example.org"}).stderr
