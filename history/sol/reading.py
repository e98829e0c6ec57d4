"""Reading a SoL file: a `.sol` (YAML or JSON), gzipped or not, or a backup `.zip` holding `everything.sol` with
`portraits/` and `emblems/`. The outcome is SoL's stream of documents: first one holding the shared lists
(clubs, players, championships, ratings, rates), then one per tournament."""

import gzip
import io
import json
import zipfile
import zlib

import yaml
from django.utils.translation import gettext as _

from history.sol.errors import SolFileError

__all__ = ["SolFileError", "parse", "read"]

# libyaml's loader reads a large dump several times faster; the pure-Python one reads the same documents.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
BACKUP_DUMP = "everything.sol"


def read(data, name=""):
    """(documents, pictures) from the bytes of a SoL file; pictures maps "portraits/<name>" and
    "emblems/<name>" to their bytes (backups only)."""
    pictures = {}
    if data.startswith(ZIP_MAGIC):
        data, pictures = unzip(data)
    elif name.endswith(".gz") or data.startswith(GZIP_MAGIC):
        data = gunzip(data)
    return parse(data), pictures


def unzip(data):
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        if BACKUP_DUMP not in archive.namelist():
            raise SolFileError(_("This archive holds no everything.sol: it is not a SoL backup."))
        pictures = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.startswith(("portraits/", "emblems/")) and not name.endswith("/")
        }
        dump = archive.read(BACKUP_DUMP)
    except (zipfile.BadZipFile, zlib.error, EOFError) as error:
        raise SolFileError(_("This archive is damaged: %(error)s") % {"error": error}) from error
    return (gunzip(dump) if dump.startswith(GZIP_MAGIC) else dump), pictures


def gunzip(data):
    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as error:
        raise SolFileError(_("This is not a gzip file, or it is cut short: %(error)s") % {"error": error}) from error


def parse(data):
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SolFileError(_("This is not a SoL file: it is not UTF-8 text.")) from error
    if text.lstrip().startswith("["):
        try:
            documents = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise SolFileError(_("This is not valid JSON: %(error)s") % {"error": error}) from error
    else:
        try:
            documents = list(yaml.load_all(text, Loader=Loader))
        except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as error:
            # ValueError: a scalar that looks like a date or a number and is none (2024-02-30, 5,000 digits)
            raise SolFileError(_("This is not valid YAML: %(error)s") % {"error": error}) from error
    if not documents or not all(isinstance(document, dict) for document in documents) or "clubs" not in documents[0]:
        raise SolFileError(_("This is not a SoL file: it does not start with the clubs and players."))
    return documents
