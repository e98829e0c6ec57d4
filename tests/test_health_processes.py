"""/health/ against the real processes, each started by deploy/entrypoint.sh as on a server: a web server, a worker
for every queue and beat, on a Redis of the test's own and a database file shared by all. It turns 200 once beat has
sent the periodic tasks and the worker has run them; a killed worker, a killed beat and a stopped Redis each turn it
503, naming what stopped, within two periods (and the few seconds a web server keeps a stamp); and 200 again once
the worker is back. /health/live/ answers throughout."""

import os
import secrets
import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import pytest
import requests
import yaml

from tests.s3_server import free_port

ROOT = Path(__file__).resolve().parent.parent
ENTRYPOINT = str(ROOT / "deploy" / "entrypoint.sh")
PERIOD = 1  # PERIODIC_SECONDS: beat sends the periodic tasks every second
EVERY_CHECK = ("database", "cache", "broker", "worker:deadlines", "worker:news", "beat")


class Processes:
    def __init__(self, tmp, environ):
        self.tmp, self.environ, self.running = tmp, environ, {}

    def start(self, name, *args, **extra):
        log = open(self.tmp / f"{name}.log", "a")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            [*args], env={**self.environ, **extra}, cwd=self.tmp, stdout=log, stderr=log, start_new_session=True
        )
        self.running[name] = (process, log)

    def kill(self, name):
        process, log = self.running.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        log.close()

    def stop(self):
        for name in list(self.running):
            process, log = self.running.pop(name)
            try:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(process.pid, signal.SIGKILL)
            log.close()

    def log(self, name):
        return (self.tmp / f"{name}.log").read_text(errors="replace")[-3000:]


SITE = "carrom.test"  # DJANGO_ALLOWED_HOSTS: a monitor asks by the site's name


def checks(port):
    headers = {"Accept": "application/json", "Host": SITE}
    answer = requests.get(f"http://127.0.0.1:{port}/health/", headers=headers, timeout=10)
    return answer.status_code, answer.json()


def healthy(base):
    """The monitor's question (tests/test_several_machines.py asks it through nginx): /health/ answers 200 with
    every check of a service with Redis "OK". A self-signed certificate is taken; no proxy of the environment."""
    session = requests.Session()
    session.trust_env = False
    answer = session.get(f"{base}/health/", headers={"Accept": "application/json"}, verify=False, timeout=15)
    return answer.status_code == 200 and answer.json() == dict.fromkeys(EVERY_CHECK, "OK")


def container_probe(port):
    """deploy/compose.yaml's health check of the web container, run as Docker runs it (by address, no Host name)."""
    test = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())["services"]["web"]["healthcheck"]["test"]
    assert test[:2] == ["CMD", "python"]
    command = [sys.executable, *[part.replace("127.0.0.1:8000", f"127.0.0.1:{port}") for part in test[2:]]]
    return subprocess.run(command, capture_output=True, text=True, timeout=30).returncode


def wait_for(port, status, failing, seconds):
    """Until /health/ answers `status` with exactly `failing` failing; returns how long it took."""
    start = time.monotonic()
    seen = None
    while time.monotonic() - start < seconds:
        try:
            seen = checks(port)
        except requests.RequestException as error:
            seen = error
        else:
            code, answers = seen
            if code == status and {name for name, said in answers.items() if said != "OK"} == set(failing):
                return time.monotonic() - start
        time.sleep(0.2)
    raise AssertionError(f"/health/ did not answer {status} failing {failing} within {seconds} s: {seen}")


def test_health_follows_the_worker_beat_and_redis(tmp_path):
    with ExitStack() as stack:
        redis_port, web_port = free_port(), free_port()
        environ = {
            "PATH": os.environ["PATH"],
            "LANG": "C.UTF-8",
            "HOME": str(tmp_path),
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": SITE,
            "PERIODIC_SECONDS": str(PERIOD),
            "WEB_CONCURRENCY": "1",
            "CELERY_LOG_LEVEL": "warning",
        }
        processes = Processes(tmp_path, environ)
        stack.callback(processes.stop)
        redis = ["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port), "--save", "", "--appendonly", "no"]
        processes.start("redis", *redis)
        migrated = subprocess.run(
            [ENTRYPOINT, "manage", "migrate", "--noinput"], env=environ, capture_output=True, text=True, timeout=300
        )
        assert migrated.returncode == 0, migrated.stderr[-3000:]
        processes.start("web", ENTRYPOINT, "web", BIND=f"127.0.0.1:{web_port}")
        every_queue = {"WORKER_QUEUES": "deadlines,news,celery", "WORKER_NAME": "all@%h"}
        processes.start("worker", ENTRYPOINT, "worker-deadlines", **every_queue)
        processes.start("beat", ENTRYPOINT, "beat", CELERY_BEAT_SCHEDULE_FILE=str(tmp_path / "beat-schedule"))

        try:
            wait_for(web_port, 200, [], 60)
            code, answers = checks(web_port)
            assert sorted(answers) == sorted(EVERY_CHECK)

            processes.kill("worker")  # beat still sends; nobody runs
            took = wait_for(web_port, 503, ["worker:deadlines", "worker:news"], 30)
            print(f"\na killed worker shown after {took:.1f} s")
            assert took <= 2 * PERIOD + 5 + 3  # two periods, the stamp kept in the cache, a poll or two

            processes.start("worker", ENTRYPOINT, "worker-deadlines", **every_queue)
            wait_for(web_port, 200, [], 60)

            processes.kill("beat")  # nothing is sent: the worker has nothing to run either
            took = wait_for(web_port, 503, ["beat", "worker:deadlines", "worker:news"], 30)
            print(f"a killed beat shown after {took:.1f} s")

            processes.kill("redis")
            wait_for(web_port, 503, ["cache", "broker", "beat", "worker:deadlines", "worker:news"], 30)
            live = requests.get(f"http://127.0.0.1:{web_port}/health/live/", timeout=10)
            assert live.status_code == 200 and live.text == "OK\n"
            assert container_probe(web_port) == 0  # the container is alive: restarting it mends nothing here
        except AssertionError as error:
            logs = "\n".join(f"--- {name}\n{processes.log(name)}" for name in ("web", "worker", "beat"))
            pytest.fail(f"{error}\n{logs}")
