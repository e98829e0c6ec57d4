"""Uploads and their bounds, and where uploaded files live: protest photos, SoL portraits and emblems, SoL uploads
waiting for their import, all in Django's default storage. On one machine, a folder (MEDIA_ROOT); on several, an
S3-compatible store (AWS, MinIO, Ceph, …) that every web server and worker shares, chosen by MEDIA_S3_BUCKET.

Nothing is ever served from the store's own addresses: objects are private, and the views that show a file
(protests.evidence for the officials, history.archive for a portrait its player agreed to show) read it through the
storage API and stream it, so the same rules of who sees what hold on every storage."""

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# Uploads (CSV entry lists) are small; refuse anything larger before it is read (core.middleware: Django's two
# settings below leave out a multipart body's files).
UPLOAD_MAX_BYTES = int(os.environ.get("UPLOAD_MAX_BYTES", str(2 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_MAX_BYTES

# Entry lists (tournaments.spreadsheets): an event's list is a few thousand rows at most. Reading stops at the first
# row past IMPORT_MAX_ROWS; a workbook is refused before it is parsed when its parts declare more than
# IMPORT_MAX_UNPACKED_BYTES unpacked, and its XML is read as a stream within a budget of elements that grows with
# IMPORT_MAX_ROWS, so the import of any upload ends within seconds, far inside a web worker's timeout.
IMPORT_MAX_ROWS = int(os.environ.get("IMPORT_MAX_ROWS", "5000"))
IMPORT_MAX_CELL_CHARS = int(os.environ.get("IMPORT_MAX_CELL_CHARS", "1000"))
IMPORT_MAX_UNPACKED_BYTES = int(os.environ.get("IMPORT_MAX_UNPACKED_BYTES", str(16 * 1024 * 1024)))

# Uploaded files on one machine (media_storage below); MEDIA_URL is never served: views stream each file.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", str(BASE_DIR / "media")))
MEDIA_URL = "media/"
# A protest's photos (the signed paper, the board): each one at most this size, at most this many per protest.
PROTEST_PHOTO_MAX_BYTES = int(os.environ.get("PROTEST_PHOTO_MAX_BYTES", str(5 * 1024 * 1024)))
PROTEST_PHOTOS_MAX = int(os.environ.get("PROTEST_PHOTOS_MAX", "4"))
# Pixels, read from an image's header before it is decoded (core.pictures): 4096 x 4096, more than a phone's usual
# photo (4032 x 3024), and about 50 MB once decoded. IMAGE_MAX_PIXELS bounds every image Pillow opens in the
# project (core.apps); PROTEST_PHOTO_MAX_PIXELS a protest's photo, within it.
IMAGE_MAX_PIXELS = int(os.environ.get("IMAGE_MAX_PIXELS", str(4096 * 4096)))
PROTEST_PHOTO_MAX_PIXELS = min(int(os.environ.get("PROTEST_PHOTO_MAX_PIXELS", str(IMAGE_MAX_PIXELS))), IMAGE_MAX_PIXELS)
# Larger bodies than UPLOAD_MAX_BYTES where a path takes them (core.middleware): one photo with its form.
UPLOAD_MAX_BYTES_BY_PATH = [(r"^/(api/tournaments|t)/[^/]+/protests/[0-9]+/photos/$", PROTEST_PHOTO_MAX_BYTES + 65536)]
# A SoL file (a federation's history, its backup with portraits) may be far larger than an entry list.
SOL_UPLOAD_MAX_BYTES = int(os.environ.get("SOL_UPLOAD_MAX_BYTES", str(100 * 1024 * 1024)))
UPLOAD_MAX_BYTES_BY_PATH += [(r"^/(api/sol/import|sol/import)/$", SOL_UPLOAD_MAX_BYTES)]
# What a SoL file may unpack to (sol.unpacking, sol.yaml_bounds): a 522 KB .sol.gz can hold 512 MiB and a 637-byte
# YAML a billion values, so each part (the SoL text, one portrait or emblem of a backup) is refused past
# SOL_MAX_MEMBER_BYTES, all parts of a file together past SOL_MAX_UNPACKED_BYTES, a backup of more than
# SOL_MAX_MEMBERS files, and a YAML document of more than SOL_MAX_DOCUMENT_VALUES values (aliases counted as what
# they repeat). A worker reading a text at the bound holds about ten times its size.
SOL_MAX_MEMBER_BYTES = int(os.environ.get("SOL_MAX_MEMBER_BYTES", str(16 * 1024 * 1024)))
SOL_MAX_UNPACKED_BYTES = int(os.environ.get("SOL_MAX_UNPACKED_BYTES", str(256 * 1024 * 1024)))
SOL_MAX_MEMBERS = int(os.environ.get("SOL_MAX_MEMBERS", "10000"))
SOL_MAX_DOCUMENT_VALUES = int(os.environ.get("SOL_MAX_DOCUMENT_VALUES", "500000"))
# An import (sol.tasks.run_import) is stopped after this long; one still running well past it lost its worker and
# is marked failed by the periodic sol.tasks.fail_stalled_imports.
SOL_IMPORT_SECONDS = int(os.environ.get("SOL_IMPORT_SECONDS", "1800"))


def media_storage(environ=os.environ):
    """The `default` entry of STORAGES for this environment."""
    bucket = environ.get("MEDIA_S3_BUCKET", "").strip()
    if not bucket:
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    endpoint = environ.get("AWS_S3_ENDPOINT_URL", "").strip() or None
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": bucket,
            "location": environ.get("MEDIA_S3_PREFIX", "").strip("/"),
            "endpoint_url": endpoint,
            "region_name": environ.get("AWS_S3_REGION_NAME", "").strip() or None,
            "access_key": environ.get("AWS_ACCESS_KEY_ID") or None,
            "secret_key": environ.get("AWS_SECRET_ACCESS_KEY") or None,
            # MinIO and Ceph name buckets in the path; AWS takes either.
            "addressing_style": environ.get("AWS_S3_ADDRESSING_STYLE") or ("path" if endpoint else None),
            "default_acl": "private",
            "querystring_auth": True,
            "querystring_expire": int(environ.get("MEDIA_S3_URL_SECONDS", "300")),
            # Two uploads of the same name (two servers at once) must never overwrite each other.
            "file_overwrite": False,
        },
    }
