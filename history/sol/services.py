"""Operations on SoL files: an import started from the upload page or the API, run in the background."""

from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from history.sol.models import ImportJob, Picture, PlayerAlias

PROGRESS_SECONDS = 24 * 3600
# Past the task's time limit (SOL_IMPORT_SECONDS, killed a minute later) a job still running has lost its worker;
# this margin lets a worker that is merely slow to write the outcome do so first.
STALLED_MARGIN_SECONDS = 300


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


def fail_stalled_imports(now=None):
    """Mark failed the imports still running long after any import may run: their worker died (killed for memory,
    restarted, past its hard time limit) and will never end them. Idempotent; returns how many were marked."""
    now = now or timezone.now()
    bound = now - timedelta(seconds=settings.SOL_IMPORT_SECONDS + STALLED_MARGIN_SECONDS)
    stalled = ImportJob.objects.filter(status=ImportJob.Status.RUNNING).filter(
        Q(started_at__lt=bound) | Q(started_at=None, created_at__lt=bound)  # jobs started before started_at was kept
    )
    return stalled.update(
        status=ImportJob.Status.FAILED,
        message=_(
            "The import stopped without an outcome (its worker was stopped, perhaps for lack of memory); nothing was "
            "imported. Upload the file again, or ask the site's administrator."
        ),
    )


def keep_merged_guid(sender, kept, merged, **kwargs):
    """Two records of one person merged (tournaments.merging), as SoL merges players: the merged record's guid, and
    the guids merged into it before, now name the kept one, so a SoL file naming any of them imports onto the
    kept player (import_people.PlayerFinder). A kept record without a guid takes the merged one's instead (the
    tournaments floor fills it). The kept player's portrait stays; the merged one's moves over only if it has none."""
    PlayerAlias.objects.filter(player=merged).update(player=kept)
    if merged.guid and kept.guid and merged.guid != kept.guid:
        PlayerAlias.objects.get_or_create(guid=merged.guid, defaults={"player": kept})
    if Picture.objects.filter(player=kept).exists():
        Picture.objects.filter(player=merged).delete()
    else:
        Picture.objects.filter(player=merged).update(player=kept)
