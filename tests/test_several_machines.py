"""The service on several machines, as deploy/ installs it: a real nginx (deploy/nginx/render.sh) in front of two web
servers that share nothing but PostgreSQL, Redis and an S3-compatible store (each its own working folders), two
workers and one beat, every process started by deploy/entrypoint.sh. A live round is played through nginx: check-ins,
results, a protest photo stored through one server and opened through the other, pages fresh on both within a
second of a change. Then one web server and one worker are killed mid-round: no confirmed result is lost, no forfeit
is applied twice, no page is served stale after a change, and the requests that failed are counted.

Needs PostgreSQL (DATABASE_URL, as in CI) and Debian's nginx; the test makes its own database on that server, its
own Redis and its own S3-compatible store (moto), and drops them afterwards."""

import io
import os
import re
import secrets
import shutil
import subprocess
import threading
import time
from contextlib import ExitStack, contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import psycopg
import pytest
import requests
from django.conf import settings
from django.urls import reverse
from PIL import Image

from core import page_cache
from matches.models import ResultChange
from protests.models import Protest
from stages.models import Match, Round, Stage
from tests import s3_server, test_health_processes
from tests.smtp_server import certificate_files
from tournaments.models import Event, Tournament

ROOT = Path(__file__).resolve().parent.parent
ENTRYPOINT = str(ROOT / "deploy" / "entrypoint.sh")
SLUG = "eurocup-demo-2026"
# The service's tables, as its models name them (some kept the names they had before their model moved).
EVENT, TOURNAMENT, STAGE, ROUND, MATCH, PROTEST, CHANGE = (
    model._meta.db_table for model in (Event, Tournament, Stage, Round, Match, Protest, ResultChange)
)
PASSWORD = "carrom-demo"

pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres") or not shutil.which("nginx"),
        reason="needs PostgreSQL (DATABASE_URL) and nginx (apt-get install nginx)",
    ),
    pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning"),  # our own certificate
]


# ---------------------------------------------------------------- the machines


def wait_until(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (requests.RequestException, psycopg.OperationalError):
            pass
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {seconds} s")


class Service(test_health_processes.Processes):
    """The processes of one deployment, each in a process group of its own (so a kill takes its children too)."""

    def run(self, *args, timeout=300):
        done = subprocess.run([ENTRYPOINT, *args], env=self.environ, capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    def start(self, name, role, **extra):
        """`role` of deploy/entrypoint.sh as machine `name`: its own working folder, media folder and temp folder."""
        home = self.tmp / name
        (home / "media").mkdir(parents=True)
        (home / "tmp").mkdir()
        environ = {**self.environ, "HOME": str(home), "TMPDIR": str(home / "tmp"), "MEDIA_ROOT": str(home / "media")}
        log = open(home / "log", "w")  # noqa: SIM115 (closed with the process)
        self.running[name] = (
            subprocess.Popen(
                [ENTRYPOINT, role], env={**environ, **extra}, cwd=home, stdout=log, stderr=log, start_new_session=True
            ),
            log,
        )

    def media_left_on_disk(self):
        return [path for path in self.tmp.glob("*/media/**/*") if path.is_file()]


@contextmanager
def own_database():
    """A database of our own on the server DATABASE_URL names (never the suite's test database)."""
    params = settings.DATABASES["default"]
    name = f"carrom_machines_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{secrets.token_hex(3)}"
    admin = {"host": params["HOST"] or "127.0.0.1", "port": params["PORT"] or 5432, "user": params["USER"]}
    if params.get("PASSWORD"):
        admin["password"] = params["PASSWORD"]
    with psycopg.connect(dbname="postgres", autocommit=True, **admin) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    password = f":{admin['password']}" if "password" in admin else ""
    try:
        yield f"postgres://{admin['user']}{password}@{admin['host']}:{admin['port']}/{name}", {**admin, "dbname": name}
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **admin) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def own_redis(tmp):
    port = s3_server.free_port()
    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
        cwd=tmp,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def own_nginx(tmp, web_ports):
    """Debian's nginx with the site deploy/nginx/render.sh writes, in front of the web servers; yields its port."""
    folder = tmp / "nginx"
    folder.mkdir()
    cert, key = certificate_files(folder)  # self-signed, for 127.0.0.1
    https, http = s3_server.free_port(), s3_server.free_port()
    site = subprocess.run(
        [str(ROOT / "deploy" / "nginx" / "render.sh")],
        env={
            "PATH": os.environ["PATH"],
            "CARROM_SERVER_NAME": "127.0.0.1",
            "CARROM_WEB_SERVERS": " ".join(f"127.0.0.1:{port}" for port in web_ports),
            "CARROM_TLS_CERTIFICATE": str(cert),
            "CARROM_TLS_CERTIFICATE_KEY": str(key),
            "CARROM_HTTPS_LISTEN": str(https),
            "CARROM_HTTP_LISTEN": str(http),
        },
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (folder / "site.conf").write_text(site)
    temp = " ".join(
        f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        f"daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log;\nevents {{}}\n"
        f"http {{ access_log {folder}/access.log; {temp} include {folder}/site.conf; }}\n"
    )
    process = subprocess.Popen(["nginx", "-c", str(folder / "nginx.conf"), "-p", str(folder)])
    try:
        yield https
    finally:
        process.terminate()
        process.wait(timeout=10)


# ---------------------------------------------------------------- a visitor and a secretary


class Browser:
    """A client of the site through nginx, as a phone or a desk would be: cookies, CSRF, redirects not followed."""

    def __init__(self, base):
        self.base, self.session = base, requests.Session()
        self.session.verify = False
        self.session.trust_env = False  # else a CA bundle named in the environment would win over `verify`

    def get(self, path, **kwargs):
        return self.session.get(self.base + path, allow_redirects=False, timeout=15, **kwargs)

    def post(self, path, data=None, **kwargs):
        token = self.session.cookies.get("csrftoken") or self.get(path).cookies.get("csrftoken")
        headers = {"Referer": self.base + path, "X-CSRFToken": token or ""}
        return self.session.post(
            self.base + path, data=data, headers=headers, allow_redirects=False, timeout=15, **kwargs
        )

    def log_in(self, username):
        self.get("/accounts/login/")
        answer = self.post("/accounts/login/", {"username": username, "password": PASSWORD})
        assert answer.status_code == 302, answer.text[:2000]


def picture():
    out = io.BytesIO()
    Image.new("RGB", (16, 12), "orange").save(out, "PNG")
    return out.getvalue()


def direct(port, path, **kwargs):
    """A request to one web server, bypassing nginx (as the proxy passes it on: the site was reached by https)."""
    headers = {"X-Forwarded-Proto": "https", "Host": "127.0.0.1", **kwargs.pop("headers", {})}
    method = kwargs.pop("method", "get")
    return requests.request(method, f"http://127.0.0.1:{port}{path}", headers=headers, timeout=15, **kwargs)


def match_row(page, match_id):
    found = re.search(rf'<li class="match[^"]*" id="match-{match_id}">(.*?)</li>', page, re.S)
    return found.group(1) if found else ""


def rows(db, query, *params):
    with psycopg.connect(**db) as conn:
        return conn.execute(query, params).fetchall()


# ---------------------------------------------------------------- the test


def test_a_live_round_on_two_web_servers_two_workers_and_one_beat_behind_nginx(tmp_path):
    with ExitStack() as stack:
        database_url, db = stack.enter_context(own_database())
        redis_url = stack.enter_context(own_redis(tmp_path))
        store = stack.enter_context(s3_server.s3_store())
        web_ports = [s3_server.free_port(), s3_server.free_port()]
        https = stack.enter_context(own_nginx(tmp_path, web_ports))
        base = f"https://127.0.0.1:{https}"
        environ = {
            "PATH": os.environ["PATH"],
            "LANG": "C.UTF-8",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            **store,
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_CSRF_TRUSTED_ORIGINS": base,
            "DJANGO_SITE_URL": base,
            "DJANGO_TRUSTED_PROXY_HEADER": "X-Forwarded-For",
            "DEMO_PASSWORD": PASSWORD,
            "PERIODIC_SECONDS": "1",  # the deadlines' sweep every second, so the test need not wait for it
            "WEB_CONCURRENCY": "1",
            "CELERY_LOG_LEVEL": "warning",
        }
        service = Service(tmp_path, environ)
        stack.callback(service.stop)
        service.run("migrate")
        service.run("manage", "load_demo")
        token = re.search(r"Generated token (\w+)", service.run("manage", "drf_create_token", "secretary")).group(1)

        every_queue = "deadlines,news,celery"  # either worker can take over from the other
        service.start("web-a", "web", BIND=f"127.0.0.1:{web_ports[0]}")
        service.start("web-b", "web", BIND=f"127.0.0.1:{web_ports[1]}")
        service.start("worker-1", "worker-deadlines", WORKER_QUEUES=every_queue, WORKER_NAME="one@%h")
        service.start("worker-2", "worker-news", WORKER_QUEUES=every_queue, WORKER_NAME="two@%h")
        service.start("beat", "beat", CELERY_BEAT_SCHEDULE_FILE=str(tmp_path / "beat-schedule"))
        for port in web_ports:
            wait_until(lambda port=port: direct(port, "/").status_code == 200, 60, f"web server on {port}")
        wait_until(lambda: requests.get(base + "/", verify=False, timeout=5).status_code == 200, 30, "nginx")
        wait_until(lambda: test_health_processes.healthy(base), 30, "/health/ through nginx: every part answers")

        # The secretary draws, schedules and calls a Swiss round through nginx; the desk marks arrivals.
        desk = Browser(base)
        desk.log_in("secretary")
        ((event_id,),) = rows(db, f"SELECT e.id FROM {EVENT} e JOIN {TOURNAMENT} t ON t.id = "
                              "e.tournament_id WHERE t.slug = %s AND e.name = 'Eurocup singles'", SLUG)  # fmt: skip
        form = {"name": "Machines", "order": 9, "kind": "swiss", "rounds_planned": 5, "pairing_method": "dazed"}
        form.update({"grouping": "random", "delay_top_players": 0})
        assert desk.post(reverse("stage-create", args=[SLUG, event_id]), form).status_code == 302
        ((stage_id,),) = rows(db, f"SELECT id FROM {STAGE} WHERE event_id = %s AND name = 'Machines'", event_id)
        for step in ("stage-draw", "stage-publish"):
            assert desk.post(reverse(step, args=[SLUG, stage_id])).status_code == 302
        ((round_id,),) = rows(db, f"SELECT id FROM {ROUND} WHERE stage_id = %s AND number = 1", stage_id)
        start = (datetime.now() + timedelta(minutes=10)).strftime("%Y-%m-%dT%H:%M")
        answer = desk.post(reverse("round-schedule", args=[SLUG, round_id]), {"start": start, "keep_tables": "on"})
        assert answer.status_code == 302, answer.text[:2000]
        # The desk marks every arrival: a side nobody marked by the law's deadline (ECC 18) loses.
        assert desk.post(reverse("round-call", args=[SLUG, round_id]), {"check_in": "desk"}).status_code == 302
        matches = [
            match_id
            for (match_id,) in rows(
                db, f"SELECT id FROM {MATCH} WHERE round_id = %s AND entry_b_id IS NOT NULL ORDER BY id", round_id
            )
        ]
        assert len(matches) >= 30
        played, late, rest = matches[:20], matches[20:24], matches[24:]
        checkin = reverse("round-checkin", args=[SLUG, round_id])
        for match_id in played + rest:
            assert desk.post(checkin, {"action": "both", "match": match_id, "reason": ""}).status_code == 302

        # A protest photo stored through one web server and opened through the other.
        ((protest_id,),) = rows(db, f"SELECT p.id FROM {PROTEST} p JOIN {MATCH} m ON m.id = p.match_id "
                                f"JOIN {STAGE} s ON s.id = m.stage_id JOIN {EVENT} e ON e.id = "
                                f"s.event_id JOIN {TOURNAMENT} t ON t.id = e.tournament_id WHERE t.slug = %s",
                                SLUG)  # fmt: skip
        photos = f"/api/tournaments/{SLUG}/protests/{protest_id}/photos/"
        auth = {"Authorization": f"Token {token}"}
        png = picture()
        added = direct(web_ports[0], photos, method="post", headers=auth, files={"image": ("board.png", png)})
        assert added.status_code == 201, added.text[:2000]
        opened = direct(web_ports[1], f"{photos}{added.json()['id']}/", headers=auth)
        assert opened.status_code == 200 and opened.content[:8] == b"\x89PNG\r\n\x1a\n"
        assert direct(web_ports[1], f"{photos}{added.json()['id']}/").status_code in (401, 403, 404)
        assert len(s3_server.keys(store)) == 1 and not service.media_left_on_disk()

        # Results through nginx; each is on both web servers' pages within a second.
        stage_page = reverse("stage-detail", args=[SLUG, stage_id])
        freshness = []
        for number, match_id in enumerate(played[:6]):
            answer = desk.post(reverse("match-result", args=[SLUG, stage_id, match_id]), {"games": f"25-{number}"})
            assert answer.status_code == 302, answer.text[:2000]
            saved = time.monotonic()
            for port in web_ports:
                wait_until(
                    lambda port=port, number=number, match_id=match_id: (
                        f"25–{number}" in match_row(direct(port, stage_page).text, match_id)
                    ),
                    1.0,
                    f"result of match {match_id} on the web server at {port}",
                )
            freshness.append(time.monotonic() - saved)

        # Mid-round: a phone keeps reading the stage page through nginx while one web server and one worker die.
        failures, reads, stop = [], [0], threading.Event()

        def phone():
            visitor = Browser(base)
            while not stop.is_set():
                try:
                    status = visitor.get(stage_page).status_code
                except requests.RequestException as error:
                    status = repr(error)
                reads[0] += 1
                if status != 200:
                    failures.append(status)

        reader = threading.Thread(target=phone)
        reader.start()
        confirmed, refused, stale = {}, [], []
        for number, match_id in enumerate(played[6:], start=6):
            if number == 9:
                service.kill("web-a")
                service.kill("worker-1")
            answer = None
            for _attempt in range(3):  # a desk whose post failed tries again, as a person would
                try:
                    answer = desk.post(
                        reverse("match-result", args=[SLUG, stage_id, match_id]), {"games": f"25-{number}"}
                    )
                except requests.RequestException as error:
                    refused.append(repr(error))
                    continue
                if answer.status_code == 302:
                    confirmed[match_id] = number
                    break
                refused.append(answer.status_code)
            # No page stale after the change: whichever server answers, the page shows it at once, or (while
            # another process renders it anew, or a killed one held the rendering) within RENDER_SECONDS.
            if match_id in confirmed:
                saved = time.monotonic()
                wait_until(
                    lambda number=number, match_id=match_id: (
                        f"25–{number}" in match_row(Browser(base).get(stage_page).text, match_id)
                    ),
                    page_cache.RENDER_SECONDS + 1,
                    f"result of match {match_id} through nginx",
                )
                stale.append(time.monotonic() - saved)

        # The late sides' deadline passes (as if ECC 18's six minutes had gone by): forfeits, by the worker left.
        with psycopg.connect(**db) as conn:
            conn.execute(
                f"UPDATE {MATCH} SET report_deadline = now() - interval '1 second' WHERE id = ANY(%s)", (late,)
            )
        wait_until(
            lambda: (
                len(rows(db, f"SELECT id FROM {MATCH} WHERE id = ANY(%s) AND status = 'walkover'", late)) == len(late)
            ),
            20,
            "forfeits of the sides nobody marked",
        )
        time.sleep(3)  # three more runs of the sweep, by beat and the worker left: nothing more to do
        assert test_health_processes.healthy(base)  # the worker left serves both queues: nothing to report
        stop.set()
        reader.join()

        assert len(confirmed) == len(played) - 6, refused  # every result the desk was told was saved is saved
        for match_id, number in confirmed.items():
            ((status, score_a, score_b),) = rows(
                db, f"SELECT status, score_a, score_b FROM {MATCH} WHERE id = %s", match_id
            )
            assert (score_a, score_b) == (25, number) and status in ("finished", "confirmed")
        forfeits = rows(
            db,
            f"SELECT match_id, count(*) FROM {CHANGE} WHERE what = 'forfeit' GROUP BY match_id",
        )
        assert sorted(forfeits) == sorted((match_id, 1) for match_id in late)  # each once, none elsewhere
        assert not rows(db, f"SELECT id FROM {MATCH} WHERE id = ANY(%s) AND status = 'walkover'", rest)
        page = Browser(base).get(stage_page).text
        assert all(f"25–{number}" in match_row(page, match_id) for match_id, number in confirmed.items())
        print(
            f"\nfresh on both servers within {max(freshness):.3f} s, through nginx mid-round within "
            f"{max(stale):.3f} s; phone reads {reads[0]}, failed "
            f"{len(failures)} ({failures[:3]}); desk posts refused and retried: {len(refused)} ({refused[:3]})"
        )
        assert len(failures) <= 3  # at most the requests in flight on the killed server
