"""Error reports to Sentry (config/settings_health.py) with the real SDK and its real transport, to a tiny HTTP
server the test starts as the DSN's host: a web server started by deploy/entrypoint.sh whose database does not answer
reports the error of a page (with the personal link's token cut out of its address), answers /health/live/ 200
and /health/ 503 naming the database; a background task that fails is reported too (the Celery integration)."""

import gzip
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import requests

from config.settings_health import without_tokens
from tests.s3_server import free_port

ROOT = Path(__file__).resolve().parent.parent
ENTRYPOINT = str(ROOT / "deploy" / "entrypoint.sh")
TOKEN = "p12.S3cretPersonalKey:signature"


class Collector(BaseHTTPRequestHandler):
    """Sentry's ingestion, as far as the SDK sees it: envelopes POSTed to /api/<project>/envelope/, answered 200."""

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        self.server.envelopes.append((self.path, body))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def sentry():
    """The DSN of a collector on a free port; `.envelopes` is what it received."""
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Collector)
    server.envelopes = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    server.dsn = f"http://publickey@127.0.0.1:{server.server_address[1]}/42"
    yield server
    server.shutdown()


def events(server):
    """The error events received: each envelope is lines of JSON, an item's header then its payload."""
    found = []
    for path, body in server.envelopes:
        assert path == "/api/42/envelope/"
        lines = body.split(b"\n")
        for header, payload in zip(lines[1::2], lines[2::2], strict=False):
            if json.loads(header).get("type") == "event":
                found.append(json.loads(payload))
    return found


def wait_for_event(server, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := events(server):
            return found
        time.sleep(0.2)
    raise AssertionError(f"no event reached the collector within {seconds} s: {server.envelopes}")


def environ(tmp_path, **extra):
    return {
        "PATH": os.environ["PATH"],
        "LANG": "C.UTF-8",
        "HOME": str(tmp_path),
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # A PostgreSQL server that is not there: every query fails.
        "DATABASE_URL": f"postgres://carrom@127.0.0.1:{free_port()}/carrom",
        "SENTRY_ENVIRONMENT": "test",
        **extra,
    }


def test_a_page_whose_database_fails_is_reported_and_health_names_the_database(tmp_path, sentry):
    port = free_port()
    log = open(tmp_path / "web.log", "w")  # noqa: SIM115 (closed below)
    web = subprocess.Popen(
        [ENTRYPOINT, "web"],
        env=environ(tmp_path, SENTRY_DSN=sentry.dsn, BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="1"),
        stdout=log,
        stderr=log,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                live = requests.get(f"{base}/health/live/", timeout=10)
                break
            except (requests.ConnectionError, requests.Timeout):  # gunicorn's worker still loading the project
                assert time.monotonic() < deadline, (tmp_path / "web.log").read_text()[-3000:]
                time.sleep(0.2)
        assert live.status_code == 200  # the process runs, whatever it depends on

        health = requests.get(f"{base}/health/", headers={"Accept": "application/json"}, timeout=15)
        assert health.status_code == 503
        assert health.json()["database"] != "OK" and health.json()["cache"] == "OK"

        page = requests.get(
            f"{base}/t/cup/me/{TOKEN}/?from=/me/{TOKEN}/",
            headers={"X-Forwarded-Proto": "https"},  # reached through the proxy
            timeout=15,
        )
        assert page.status_code == 503  # core.http_errors: the database cannot take the request now
        [event] = wait_for_event(sentry)
        assert event["exception"]["values"][-1]["type"] == "OperationalError"
        assert event["environment"] == "test" and event["request"]["url"].endswith("/t/cup/me/[token]/")
        assert TOKEN not in json.dumps(event) and "S3cretPersonalKey" not in json.dumps(event)
        assert "user" not in event or not event["user"].get("ip_address")  # no personal data
    finally:
        os.killpg(web.pid, signal.SIGTERM)
        web.wait(timeout=15)
        log.close()


def test_a_failing_background_task_is_reported(tmp_path, sentry):
    script = (
        "import django, sentry_sdk; django.setup()\n"
        "from celery import current_app\n"
        "current_app.loader.import_default_modules()\n"
        "print(sorted(sentry_sdk.get_client().integrations))\n"
        "try:\n"
        "    current_app.tasks['sol.tasks.fail_stalled_imports'].delay()  # eager: runs here, on no database\n"
        "except Exception as error:\n"
        "    print(type(error).__name__)\n"
        "sentry_sdk.flush()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=environ(tmp_path, SENTRY_DSN=sentry.dsn, DJANGO_SETTINGS_MODULE="config.settings"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "'celery'" in done.stdout and "'django'" in done.stdout and "OperationalError" in done.stdout
    [event] = wait_for_event(sentry)
    assert event["exception"]["values"][-1]["mechanism"]["type"] == "celery"
    assert event["transaction"] == "sol.tasks.fail_stalled_imports"


def test_no_dsn_no_sentry(tmp_path):
    script = "import django, sentry_sdk; django.setup(); print(sentry_sdk.get_client().is_active())"
    env = environ(tmp_path, DJANGO_SETTINGS_MODULE="config.settings")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr[-3000:]


@pytest.mark.parametrize(
    ("address", "sent"),
    [
        ("https://c.example/t/cup/me/p1.key:sig/", "https://c.example/t/cup/me/[token]/"),
        ("/t/cup/matches/3/play/m3a.key:sig/card/", "/t/cup/matches/3/play/[token]/card/"),
        ("/accounts/reset/MTI/set-password/", "/accounts/reset/MTI/[token]/"),
        ("/t/cup/rounds/2/", "/t/cup/rounds/2/"),
    ],
)
def test_link_tokens_are_cut_out(address, sent):
    assert without_tokens(address) == sent
