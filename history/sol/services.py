"""Operations on SoL files: an import started from the upload page or the API, run in the background."""

from django.core.cache import cache
from django.db import transaction

from history.sol.models import ImportJob

PROGRESS_SECONDS = 24 * 3600


def progress_key(job_id):
    return f"sol-import-progress:{job_id}"


def start_import(user, upload):
    """Keep the uploaded file and queue its import (sol.tasks.run_import), once this transaction commits."""
    from history.sol.tasks import run_import  # the task module imports this one

    with transaction.atomic():
        job = ImportJob(user=user, file_name=upload.name[:200])
        job.upload.save(upload.name, upload, save=False)
        job.save()
        transaction.on_commit(lambda: run_import.delay(job.pk))
    return job


def record_progress(job_id, done, total):
    """The import runs in one transaction, so its progress goes through the cache, which other requests see."""
    cache.set(progress_key(job_id), (done, total), PROGRESS_SECONDS)


def job_progress(job):
    """(done, total) of a running job: from the cache while it runs, from the row once it is over."""
    if job.status == ImportJob.Status.RUNNING:
        return cache.get(progress_key(job.pk)) or (job.done, job.total)
    return job.done, job.total
