"""Background import of an uploaded SoL file (eager, in the web process, when there is no Redis), and the periodic
task that fails an import whose worker died. A job never stays running after its import stopped: whatever stops
it (a bad file, memory, the time limit, a fault of ours) ends it failed with a message a secretary can act on."""

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from history.sol import services
from history.sol.display import summary_text
from history.sol.importing import import_file
from history.sol.models import ImportJob
from history.sol.reading import SolFileError

logger = logging.getLogger(__name__)


# Named as before the app moved into its wing: queued tasks and the beat schedule carry the name. Past the soft
# limit the import is interrupted (and its transaction rolled back); the hard one kills a worker that does not stop.
@shared_task(
    name="sol.tasks.run_import",
    soft_time_limit=settings.SOL_IMPORT_SECONDS,
    time_limit=settings.SOL_IMPORT_SECONDS + 60,
)
def run_import(job_id):
    updated = ImportJob.objects.filter(pk=job_id, status=ImportJob.Status.WAITING).update(
        status=ImportJob.Status.RUNNING, started_at=timezone.now()
    )
    if not updated:  # already run (a task delivered twice) or taken by another worker
        return None
    job = ImportJob.objects.get(pk=job_id)
    try:
        with job.upload.open("rb") as upload:
            summary = import_file(
                upload, job.file_name, progress=lambda done, total: services.record_progress(job_id, done, total)
            )
    except SolFileError as error:
        job.status, job.message = ImportJob.Status.FAILED, str(error)
    except OSError as error:
        job.status = ImportJob.Status.FAILED
        job.message = _("The uploaded file could not be read: %(error)s") % {"error": error.strerror or error}
    except MemoryError:
        job.status, job.message = ImportJob.Status.FAILED, _("This file needs more memory than an import may take.")
    except SoftTimeLimitExceeded:
        job.status = ImportJob.Status.FAILED
        job.message = _("The import took longer than %(minutes)s minutes and was stopped; nothing was imported.") % {
            "minutes": settings.SOL_IMPORT_SECONDS // 60
        }
    except Exception:
        # A fault of ours: the page must not wait for ever; the worker's log keeps the traceback.
        logger.exception("SoL import %s stopped on an unexpected error", job_id)
        job.status = ImportJob.Status.FAILED
        job.message = _("The import stopped on an unexpected error; nothing was imported. The site's log says why.")
    else:
        job.status, job.message = ImportJob.Status.DONE, summary_text(summary)
        job.done = job.total = len(summary.tournaments) + summary.skipped + summary.unchanged
    job.save(update_fields=["status", "message", "done", "total"])
    return job.status


@shared_task(name="sol.tasks.fail_stalled_imports")
def fail_stalled_imports():
    """Periodic (config.settings.CELERY_BEAT_SCHEDULE), idempotent: the imports whose worker died."""
    return services.fail_stalled_imports()
