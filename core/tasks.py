"""The periodic backup (core.backup.periodic_backup), on the default queue: beat asks every hour, and an archive is
written once a period into BACKUP_DIR (config/settings_backup.py)."""

from celery import shared_task
from django.conf import settings

from core.backup import periodic_backup


@shared_task(name="core.tasks.backup_site")
def backup_site():
    if not settings.BACKUP_DIR:
        return None
    written = periodic_backup(settings.BACKUP_DIR, settings.BACKUP_KEEP, settings.BACKUP_EVERY_HOURS)
    return str(written) if written else None
