"""Reading a SoL file: a `.sol` (YAML or JSON), gzipped or not, or a backup `.zip` holding `everything.sol` with
`portraits/` and `emblems/`. The outcome is SoL's stream of documents: first one holding the shared lists
(clubs, players, championships, ratings, rates), then one per tournament. Everything is read within bounds
(sol.unpacking for the compression, sol.yaml_bounds for YAML's aliases), so that a small hostile file is refused
with a message instead of growing the worker past its memory."""

import io
import json

import yaml
from django.utils.translation import gettext as _

from history.sol.errors import SolFileError
from history.sol.unpacking import GZIP_MAGIC, ZIP_MAGIC, Backup, Budget, gunzip, read_plain
from history.sol.yaml_bounds import MAX_DEPTH, Loader, check_events, too_deep

__all__ = ["SolFileError", "parse", "read"]


def read(source, name=""):
    """(documents, pictures) from a SoL file: its bytes, or a binary file open for reading (seekable), which must
    stay open while the pictures are read. `pictures.get("portraits/<name>")` (or "emblems/<name>") gives the
    bytes of a picture of a backup, None for any other file."""
    if isinstance(source, (bytes, bytearray)):
        source = io.BytesIO(source)
    start = source.read(4)
    source.seek(0)
    budget = Budget()
    if start == ZIP_MAGIC:
        backup = Backup(source, budget)
        return parse(backup.text()), backup
    if name.endswith(".gz") or start.startswith(GZIP_MAGIC):
        return parse(gunzip(source, budget)), {}
    return parse(read_plain(source, budget)), {}


def parse(data):
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SolFileError(_("This is not a SoL file: it is not UTF-8 text.")) from error
    del data  # the bytes are not needed once decoded: a large file is held once, not twice
    documents = parse_json(text) if text.lstrip().startswith("[") else parse_yaml(text)
    if not documents or not all(isinstance(document, dict) for document in documents) or "clubs" not in documents[0]:
        raise SolFileError(_("This is not a SoL file: it does not start with the clubs and players."))
    return documents


def parse_json(text):
    try:
        documents = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SolFileError(_("This is not valid JSON: %(error)s") % {"error": error}) from error
    if not isinstance(documents, list):
        raise SolFileError(_("This is not a SoL file: it does not start with the clubs and players."))
    check_depth(documents)
    return documents


def parse_yaml(text):
    check_events(text)  # before any document is built: aliases, size and depth within bounds
    try:
        return list(yaml.load_all(text, Loader=Loader))
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as error:
        # ValueError: a scalar that looks like a date or a number and is none (2024-02-30, 5,000 digits)
        raise SolFileError(_("This is not valid YAML: %(error)s") % {"error": error}) from error


def check_depth(value):
    """Refuse lists and records nested deeper than SoL ever nests them (the import walks them recursively): no
    value deeper than MAX_DEPTH. Level by level, only lists and records are walked."""
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 0  # of the lists and records in `level`
    while level:
        if depth >= MAX_DEPTH and any(level):  # one of them holds a value deeper than MAX_DEPTH
            raise too_deep()
        nested = []
        for holder in level:
            items = holder.values() if isinstance(holder, dict) else holder
            nested += [item for item in items if isinstance(item, (dict, list))]
        level, depth = nested, depth + 1
