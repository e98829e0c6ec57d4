"""The periodic backup of the whole site (core.backup, core.tasks.backup_site): off unless BACKUP_DIR names a folder.
Beat asks every hour; a new archive is written when the newest in BACKUP_DIR is BACKUP_EVERY_HOURS old, and only
the newest BACKUP_KEEP are kept. `manage.py backup PATH` and `manage.py restore PATH` work whatever these say."""

import os

BACKUP_DIR = os.environ.get("BACKUP_DIR", "")
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "7"))
BACKUP_EVERY_HOURS = float(os.environ.get("BACKUP_EVERY_HOURS", "24"))
BACKUP_SCHEDULE = {"backup-site": {"task": "core.tasks.backup_site", "schedule": 3600}} if BACKUP_DIR else {}
