"""An import job never stays running: whatever stops the import (a fault of ours, memory, the time limit) ends it
failed with a message a secretary can act on, and a job whose worker died is failed by a periodic task."""

from datetime import timedelta
from io import StringIO

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.utils import timezone

from history.sol import tasks
from history.sol.models import ImportJob
from history.sol.services import fail_stalled_imports
from tests.history.sol import shapes

pytestmark = pytest.mark.django_db


def waiting_job(secretary, data=b"clubs: []\n"):
    job = ImportJob(user=secretary, file_name="history.sol")
    job.upload.save("history.sol", ContentFile(data), save=False)
    job.save()
    return job


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (
            RuntimeError("a fault of ours"),
            "The import stopped on an unexpected error; nothing was imported. The site's log says why.",
        ),
        (MemoryError(), "This file needs more memory than an import may take."),
        (SoftTimeLimitExceeded(), "The import took longer than 30 minutes and was stopped; nothing was imported."),
    ],
)
def test_whatever_stops_the_import_ends_the_job_failed(secretary, monkeypatch, error, message):
    def stops(*args, **kwargs):
        raise error

    monkeypatch.setattr(tasks, "import_file", stops)
    job = waiting_job(secretary)
    assert tasks.run_import.delay(job.pk).get() == "failed"  # eager, as without Redis: nothing raised in the request
    job.refresh_from_db()
    assert (job.status, job.message) == (ImportJob.Status.FAILED, message)


def test_a_job_records_when_it_started_and_runs_once(secretary):
    job = waiting_job(secretary, shapes.as_yaml(shapes.sol5()))
    assert tasks.run_import(job.pk) == "done"
    job.refresh_from_db()
    assert job.started_at is not None and job.status == ImportJob.Status.DONE
    assert tasks.run_import(job.pk) is None  # delivered twice: the second does nothing


def test_a_job_whose_worker_died_is_failed_by_the_periodic_task(secretary, settings):
    now = timezone.now()
    bound = timedelta(seconds=settings.SOL_IMPORT_SECONDS + 300)
    dead = ImportJob.objects.create(
        user=secretary, file_name="dead.zip", status=ImportJob.Status.RUNNING, started_at=now - bound - timedelta(1)
    )
    slow = ImportJob.objects.create(
        user=secretary, file_name="slow.zip", status=ImportJob.Status.RUNNING, started_at=now - bound / 2
    )
    old_done = ImportJob.objects.create(
        user=secretary, file_name="done.sol", status=ImportJob.Status.DONE, started_at=now - 2 * bound
    )
    # a job started before the start was recorded: its creation counts
    unknown = ImportJob.objects.create(user=secretary, file_name="old.sol", status=ImportJob.Status.RUNNING)
    ImportJob.objects.filter(pk=unknown.pk).update(created_at=now - 2 * bound)
    out = StringIO()
    call_command("run_deadlines", stdout=out, stderr=StringIO())  # runs the beat schedule, this task among them
    assert "fail-stalled-sol-imports: 2" in out.getvalue()
    statuses = dict(ImportJob.objects.values_list("file_name", "status"))
    assert statuses == {"dead.zip": "failed", "slow.zip": "running", "done.sol": "done", "old.sol": "failed"}
    assert "stopped without an outcome" in ImportJob.objects.get(pk=dead.pk).message
    assert fail_stalled_imports() == 0  # idempotent
    old_done.refresh_from_db()
    slow.refresh_from_db()
    assert old_done.message == "" and slow.message == ""


def test_the_page_shows_a_failed_job_that_lost_its_worker_with_its_message(client, secretary, settings):
    started = timezone.now() - timedelta(seconds=settings.SOL_IMPORT_SECONDS + 400)
    job = ImportJob.objects.create(user=secretary, file_name="x.zip", status="running", started_at=started)
    tasks.fail_stalled_imports()
    client.force_login(secretary)
    page = client.get(f"/sol/import/{job.pk}/").content.decode()
    assert 'data-status="failed"' in page and "stopped without an outcome" in page
