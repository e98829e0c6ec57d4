"""Background import of an uploaded SoL file (eager, in the web process, when there is no Redis)."""

from celery import shared_task
from django.utils.translation import gettext as _

from history.sol.display import summary_text
from history.sol.importing import import_file
from history.sol.models import ImportJob
from history.sol.reading import SolFileError
from history.sol.services import record_progress


# Named as before the app moved into its wing: queued tasks and the beat schedule carry the name.
@shared_task(name="sol.tasks.run_import")
def run_import(job_id):
    job = ImportJob.objects.filter(pk=job_id, status=ImportJob.Status.WAITING).first()
    if job is None:  # already run (a task delivered twice)
        return None
    job.status = ImportJob.Status.RUNNING
    job.save(update_fields=["status"])
    try:
        with job.upload.open("rb") as upload:
            data = upload.read()
        summary = import_file(data, job.file_name, progress=lambda done, total: record_progress(job.pk, done, total))
    except SolFileError as error:
        job.status, job.message = ImportJob.Status.FAILED, str(error)
    except OSError as error:
        job.status = ImportJob.Status.FAILED
        job.message = _("The uploaded file could not be read: %(error)s") % {"error": error.strerror}
    except Exception:
        # A fault of ours: the page must not wait for ever; the worker's log keeps the traceback.
        job.status, job.message = ImportJob.Status.FAILED, _("The import stopped on an unexpected error.")
        job.save(update_fields=["status", "message"])
        raise
    else:
        job.status, job.message = ImportJob.Status.DONE, summary_text(summary)
        job.done = job.total = len(summary.tournaments) + summary.skipped + summary.unchanged
    job.save(update_fields=["status", "message", "done", "total"])
    return job.status
