"""The health endpoints (core.health) and the stamps they read (core.heartbeat): /health/live/ answers without the
database; /health/ names each check, 200 when all pass and 503 naming what failed, JSON when asked; the stamps
come from Celery's own signals (a worker finishing a periodic task, beat sending one) and from run_deadlines."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from celery import current_app
from celery.signals import before_task_publish
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone

from core import heartbeat
from core.models import Heartbeat

pytestmark = pytest.mark.django_db
STAMPS = ["worker:deadlines", "worker:news", "beat"]
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture(autouse=True)
def fresh_process():
    current_app.loader.import_default_modules()  # every app's tasks, as a worker loads them
    heartbeat.WRITTEN.clear()  # as a process that has written no stamp yet (the test database is new each time)


@pytest.fixture(autouse=True)
def no_broker(settings):
    settings.CELERY_BROKER_URL = "memory://"  # as without REDIS_URL: the broker's check is tested on its own


def stamped(ago=timedelta(0), names=STAMPS):
    for name in names:
        Heartbeat.objects.update_or_create(name=name, defaults={"at": timezone.now() - ago})


def test_live_answers_without_asking_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        answer = client.get("/health/live/")
    assert answer.status_code == 200 and answer.content == b"OK\n"
    assert "no-cache" in answer["Cache-Control"]


def test_live_answers_a_probe_by_address_over_plain_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/health/live/", HTTP_HOST="10.0.3.7:8000").status_code == 200
    assert client.get("/health/", HTTP_HOST="10.0.3.7:8000").status_code == 400  # the full checks: the site's name


def test_all_checks_pass_when_every_part_ran_lately(client):
    stamped(ago=timedelta(seconds=50))  # within two periods of 30 s
    answer = client.get("/health/", **JSON)
    assert answer.status_code == 200
    assert answer.json() == {"database": "OK", "cache": "OK", **dict.fromkeys(STAMPS, "OK")}
    assert "no-cache" in answer["Cache-Control"] and "Accept" in answer["Vary"]


def test_a_part_silent_for_more_than_two_periods_fails_by_name(client):
    stamped()
    stamped(ago=timedelta(seconds=61), names=["beat"])
    answer = client.get("/health/", **JSON)
    assert answer.status_code == 503
    checks = answer.json()
    assert checks["beat"] == "it last ran 61 s ago, more than two periods (60 s)"
    assert {name: checks[name] for name in ("database", "cache", "worker:deadlines")} == dict.fromkeys(
        ("database", "cache", "worker:deadlines"), "OK"
    )


def test_a_part_never_run_fails(client):
    checks = client.get("/health/?format=json").json()
    assert all(checks[name] == "it has not run since the site was installed" for name in STAMPS)


def test_a_plain_page_otherwise(client):
    stamped(names=["worker:deadlines", "beat"])
    answer = client.get("/health/", HTTP_ACCEPT="text/html")
    page = answer.content.decode()
    assert answer.status_code == 503 and answer["Content-Type"].startswith("text/html")
    assert "Something is failing" in page and '<tr id="check-workernews" class="failing">' in page
    assert '<tr id="check-database">' in page and "<style" not in page  # the site's stylesheet only (CSP)


def test_the_page_speaks_the_readers_language(client):
    answer = client.get("/health/", HTTP_ACCEPT="text/html", HTTP_ACCEPT_LANGUAGE="de")
    assert "Etwas funktioniert nicht" in answer.content.decode()


def test_a_health_check_is_not_redirected_to_https(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # as in production, behind a proxy that says https
    assert client.get("/").status_code == 301
    assert client.get("/health/live/").status_code == 200
    assert client.get("/health/", **JSON).status_code in (200, 503)


def test_a_worker_finishing_a_periodic_task_stamps_its_queue():
    current_app.tasks["tournaments.tasks.send_pending_mail"].apply()  # a news-queue task, as a worker runs it
    assert heartbeat.fresh("worker:news") and not heartbeat.fresh("worker:deadlines")
    current_app.tasks["sol.tasks.fail_stalled_imports"].apply()  # one of the deadlines
    assert heartbeat.fresh("worker:deadlines") and heartbeat.deadlines_applied()
    assert not Heartbeat.objects.filter(name="beat").exists()  # a worker is no beat


def test_a_task_that_fails_stamps_nothing(monkeypatch):
    task = current_app.tasks["sol.tasks.fail_stalled_imports"]
    monkeypatch.setattr(task, "run", lambda: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        task.apply()
    assert not Heartbeat.objects.exists()


def test_beat_sending_a_periodic_task_stamps_beat():
    before_task_publish.send(sender="tournaments.tasks.deliver_mail", body=(), headers={})  # not a periodic one
    assert not Heartbeat.objects.exists()
    before_task_publish.send(sender="checkin.tasks.apply_forfeits", body=(), headers={})
    assert heartbeat.fresh("beat")


def test_run_deadlines_stands_in_for_beat_and_the_workers(client):
    call_command("run_deadlines", stdout=StringIO(), stderr=StringIO())
    assert set(Heartbeat.objects.values_list("name", flat=True)) == set(STAMPS)
    assert client.get("/health/", **JSON).status_code == 200


def test_a_stamp_is_written_at_most_every_few_seconds_per_process(django_assert_num_queries):
    now = timezone.now()
    heartbeat.stamp("beat", now)
    with django_assert_num_queries(0):
        heartbeat.stamp("beat", now + timedelta(seconds=4))
    with django_assert_num_queries(1):
        heartbeat.stamp("beat", now + timedelta(seconds=6))
    assert Heartbeat.objects.get().at == now + timedelta(seconds=6)


def test_a_page_asking_costs_no_query_while_the_stamp_is_cached(django_assert_num_queries):
    stamped()
    assert heartbeat.deadlines_applied()
    with django_assert_num_queries(0):
        assert heartbeat.deadlines_applied()


@override_settings(PERIODIC_SECONDS=5)
def test_two_periods_follow_the_setting():
    stamped(ago=timedelta(seconds=11))
    assert not heartbeat.deadlines_applied()
    assert json.dumps(heartbeat.stale_after().total_seconds()) == "10.0"
