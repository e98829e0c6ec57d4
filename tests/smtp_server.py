"""A real SMTP server the tests start themselves: aiosmtpd's Controller (its own thread and event loop) on a free
port of 127.0.0.1, keeping every message it accepts. It can refuse addresses (`refuse`: 550 for good, or 451 for
now), ask for a user name and password, and speak TLS (STARTTLS, or TLS from the first byte) with a certificate
of its own; stopped and started again on the same port, it is a mail server that was down and came back."""

import email
import ssl
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from ipaddress import IPv4Address

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.s3_server import free_port

HOST = "127.0.0.1"


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list
    message: email.message.EmailMessage

    @property
    def text(self):
        return self.message.get_content()


@dataclass
class Inbox:
    """The server's handler: what it accepted, and the addresses it refuses ({address: SMTP answer})."""

    messages: list = field(default_factory=list)
    refuse: dict = field(default_factory=dict)
    arrived: threading.Event = field(default_factory=threading.Event)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        self.messages.append(Received(envelope.mail_from, list(envelope.rcpt_tos), message))
        self.arrived.set()
        return "250 Message accepted for delivery"

    def to(self, address):
        return [received for received in self.messages if address in received.rcpt_tos]


REFUSED_FOR_GOOD = "550 5.1.1 No such mailbox here"
REFUSED_FOR_NOW = "451 4.3.0 Try again later"


class MailServer:
    """One SMTP server on `port` (a free one unless given). `login` = (user, password) asks for them (AUTH PLAIN
    and LOGIN); `tls` = "starttls" or "ssl" speaks TLS with `certificate` (see `certificate_files`)."""

    def __init__(self, port=None, login=None, tls=None, certificate=None):
        self.port = port or free_port()
        self.inbox = Inbox()
        self.login, self.tls, self.certificate = login, tls, certificate
        self.controller = None

    def start(self):
        options = {}
        if self.login:
            # Over TLS from the first byte aiosmtpd does not know the line is encrypted: it must offer AUTH anyway.
            options.update(authenticator=self.authenticate, auth_require_tls=self.tls == "starttls")
        if self.tls:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(*self.certificate)
            options.update({"tls_context": context, "require_starttls": True} if self.tls == "starttls" else {})
            if self.tls == "ssl":
                options["ssl_context"] = context
        self.controller = Controller(self.inbox, hostname=HOST, port=self.port, **options)
        self.controller.start()
        return self

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        given = (auth_data.login.decode(), auth_data.password.decode())
        return AuthResult(success=given == self.login, handled=False)  # not handled: aiosmtpd answers 535

    def settings(self):
        """The EMAIL_* settings that point Django's SMTP backend here (no TLS, no login)."""
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": HOST,
            "EMAIL_PORT": self.port,
            "EMAIL_HOST_USER": "",
            "EMAIL_HOST_PASSWORD": "",
            "EMAIL_USE_TLS": False,
            "EMAIL_USE_SSL": False,
            "EMAIL_TIMEOUT": 5,
        }


def certificate_files(folder):
    """A self-signed certificate for 127.0.0.1 and its key, written in `folder`: (certificate path, key path)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, HOST)])
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(IPv4Address(HOST))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path
