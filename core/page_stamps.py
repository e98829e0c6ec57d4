"""The stamps that key the cached public pages (core.page_cache), and how changes replace them.

Every tournament carries `page_version`, a random stamp replaced once a transaction that changed a row of the
tournament commits: every page of the tournament is keyed by it, unless the page shows one part of the tournament
only. Such a part (a stage: `parts`, called by the stages app) carries a stamp of its own, and its pages (the
stage page) are keyed by that one. A change inside a part (a result: `watch` with `part`) replaces the tournament's
stamp and that part's (and the stamps of the parts that show it: a knockout names the group places its entries
come from), so in a live round a result refreshes its own stage's standings and every page of the tournament
that is not one stage's, and leaves the other stages' pages cached. Any other change replaces every stamp of the
tournament, its parts' too. The stamp is random rather than a counter so that a key can never match a page cached
from an earlier database (Redis outlives `flush`).

Changes are noticed by the save and delete signals of the models that public pages show (`watch`, called from each
app's `ready`), so services, the admin and the shell all invalidate alike. Bulk writes send no signals: the
services that use them call `changed` themselves (every page of the tournament).
"""

import operator
import secrets
from dataclasses import dataclass
from functools import reduce

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Q
from django.db.models.signals import post_save, pre_delete

from core import piece_notes

WATCHED = {}  # model → its path to the tournament (tests check that every model of the apps is here)
IN_PART = {}  # model → its path to the part (a stage) whose pages alone, of all parts, show it


@dataclass(frozen=True)
class Parts:
    """The model whose rows are parts of a tournament with their own `page_version`, its path to the tournament,
    and the field by which a part names the part whose changes it shows too (None: it shows only its own)."""

    model: object
    owner: str
    shows: str | None


PARTS = []  # at most one Parts, set by `parts`


@dataclass(frozen=True)
class Pieces:
    """The model whose rows are pieces of a part with a `page_version` of their own (a stage's rounds), and its
    paths to the part and to the tournament. A piece's stamp keys what is worked out of it and of what is around it
    (a round's matches; the standings after it, which read its stage and entries too), so a change in another
    piece leaves it kept: it is replaced by a change said to be in it (`watch` with `piece`), and by any change of
    its part or tournament not said to be in a piece (an entry, the stage, a bulk write's `changed`)."""

    model: object
    part: str
    owner: str


PIECES = []  # at most one Pieces, set by `pieces`


def new_page_version():
    """A fresh random stamp for a tournament's cached pages."""
    return secrets.token_hex(8)


def owners():
    """The model whose rows own the pages ("tournaments.Tournament", settings.PAGE_CACHE_OWNER), with its
    `slug` and `page_version` fields. Named in settings so that this ground floor imports no app above it."""
    return apps.get_model(settings.PAGE_CACHE_OWNER)


def parts(model, owner, shows=None):
    """Rows of `model` (with a `page_version` field) are parts of the tournament at `owner` whose pages may be
    keyed by their own stamp (`public_page(part=...)`); a part shows the changes of the part its `shows` field
    names too."""
    PARTS[:] = [Parts(model, owner, shows)]


def pieces(model, part, owner):
    """Rows of `model` (with a `page_version` field) are pieces of the part at `part`, in the tournament at
    `owner`, with stamps of their own (see Pieces)."""
    PIECES[:] = [Pieces(model, part, owner)]


# ---------------------------------------------------------------- noticing changes


def changed(tournament_ids, part_ids=None, piece_ids=None, rows=None):
    """The public pages of these tournaments are out of date once the current transaction commits: all of them,
    or, with `part_ids` (the parts the change is in, of these tournaments), all but other parts' own pages.
    `piece_ids`: the pieces the change is in (none: an empty set); None, any piece of those parts (or of those
    tournaments) may have changed. `rows`: the ids of the noted rows that changed in those pieces, all that did
    (core.piece_notes); None, anything in them may have."""
    ids = {pk for pk in tournament_ids if pk is not None}
    if not ids:
        return
    in_parts = None if part_ids is None else {pk for pk in part_ids if pk is not None}
    if in_parts is not None and not in_parts:
        in_parts = None  # a row in no part: a change of the whole tournament
    touched = pieces_touched(ids, in_parts, piece_ids)
    notes = dict.fromkeys(touched[2], None if rows is None else set(rows))
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        pending_stamps(connection).add_change(ids, in_parts, touched, notes)
    else:  # stamped now, as a transaction's are once it commits
        now = PendingStamps()
        now.add_change(ids, in_parts, touched, notes)
        now()


def pieces_touched(ids, in_parts, piece_ids):
    """(tournaments, parts, pieces) whose every piece, resp. which pieces, a change may have changed."""
    if piece_ids is not None:
        return set(), set(), {pk for pk in piece_ids if pk is not None}
    return (ids, set(), set()) if in_parts is None else (set(), in_parts, set())


def stamp(ids, part_ids=(), whole=True):
    """A new page_version for these tournaments (and, `whole`, every part of them; else the parts `part_ids` and
    those that show them), in the database and, for the requests that read it there, in the cache. Written to the
    cache after the rows are committed: a request that read an old stamp meanwhile only adds it where none is kept
    (`page_version`), so it cannot put it back over the new one."""
    with transaction.atomic():  # the tournaments' and the parts' rows in one commit (one disk flush on PostgreSQL)
        kept = stamp_rows(ids, part_ids, whole)
    cache.set_many(kept, settings.PAGE_VERSION_SECONDS)


def stamp_rows(ids, part_ids=(), whole=True):
    """`stamp`'s rows; returns the cache entries of their new stamps."""
    version = new_page_version()
    # One statement (every result's commit runs it): the rows' new stamp, and their slugs for the cache.
    slugs = dict(set_stamp(owners(), set(ids), version, returning="slug"))
    kept = {version_key(row_slug): (row_pk, version) for row_pk, row_slug in slugs.items()}
    kept.update(stamp_parts(set(ids) if whole else set(), set(part_ids), slugs, version))
    return kept


def set_stamp(model, ids, version, returning=None):
    """UPDATE the `page_version` of the `model` rows `ids`, in one plain statement (no signal: no change seen);
    with `returning` (a field), the rows' (pk, that field)."""
    quote = connection.ops.quote_name
    table, pk, stamp_column = (quote(name) for name in column_names(model, "pk", "page_version"))
    sql = f"UPDATE {table} SET {stamp_column} = %s WHERE {pk} IN ({', '.join(['%s'] * len(ids))})"  # noqa: S608
    if returning:
        sql += f" RETURNING {pk}, {quote(column_names(model, returning)[1])}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [version, *ids])
        return cursor.fetchall() if returning else None


def stamp_parts(whole, part_ids, slugs, version):
    """The new stamp on every part of the `whole` tournaments, on the parts `part_ids` and on those that show
    them; returns their cache entries."""
    if not PARTS or not (whole or part_ids):
        return {}
    parts = PARTS[0]
    chosen = Q(pk__in=part_ids)
    if whole:  # (a result's commit stamps its stage alone: no condition on the owner to build for it)
        chosen |= Q(**{f"{parts.owner}__in": whole})
    if parts.shows and part_ids:
        chosen |= Q(**{f"{parts.shows}__in": part_ids})
    # Unordered: a part's own order may join its owner's tables to sort rows nobody reads in order.
    rows = dict(parts.model._default_manager.filter(chosen).order_by().values_list("pk", parts.owner))
    if rows:
        set_stamp(parts.model, rows, version)
    return {part_key(slugs[owner], pk): (owner, version) for pk, owner in rows.items() if owner in slugs}


def stamp_pieces(tournaments, part_ids, piece_ids, notes=None):
    """A new stamp on the pieces `piece_ids` and on every piece of the parts `part_ids` and of the `tournaments`:
    one statement, none when nothing is named. Returns the cache entries of the pieces' notes (core.piece_notes):
    `notes`, {piece id: the noted rows changed in it, or None}, kept with each piece's new stamp."""
    if not PIECES or not (tournaments or part_ids or piece_ids):
        return {}
    pieces = PIECES[0]
    if not (tournaments or part_ids):  # a result's commit: its round, by id, in one plain statement
        version = new_page_version()
        # The stamps replaced, read under the lock the update takes anyway: what the notes continue from.
        before = pieces.model._default_manager.select_for_update().filter(pk__in=piece_ids).order_by()
        noted = notes and any(rows is not None for rows in notes.values())
        before = dict(before.values_list("pk", "page_version")) if noted else {}
        set_stamp(pieces.model, piece_ids, version)
        return piece_notes.kept(before, version, notes or {})
    named = ((piece_ids, "pk"), (part_ids, pieces.part), (tournaments, pieces.owner))
    # Only what is named: an empty part would still join the tables on the way (a result's commit runs this).
    chosen = [Q(**{f"{path}__in": ids}) for ids, path in named if ids]
    rows = pieces.model._default_manager.filter(reduce(operator.or_, chosen))
    rows.update(page_version=new_page_version())  # no signal
    return {}


def column_names(model, *fields):
    """The table of `model` and the columns of `fields` ("pk" for the primary key)."""
    meta = model._meta
    return (meta.db_table, *(meta.pk.column if name == "pk" else meta.get_field(name).column for name in fields))


class PendingStamps(set):
    """The tournaments to stamp when the current transaction commits (the set: every page of them), the parts
    changed alone (`parts`: their tournaments are in `partly`), and what rows were found to belong to."""

    def __init__(self):
        super().__init__()
        self.partly, self.parts = set(), set()
        self.pieces = (set(), set(), set())  # as stamp_pieces reads them
        self.notes = {}  # piece id: the noted rows changed in it, None once anything else has (core.piece_notes)
        self.owners = {}
        self.done = False

    def add_change(self, ids, part_ids, touched=((), (), ()), notes=None):
        for piece, rows in (notes or {}).items():
            known = self.notes.get(piece, set())
            self.notes[piece] = None if rows is None or known is None else known | rows
        if part_ids is None:
            self.update(ids)
        else:
            self.partly.update(ids)
            self.parts.update(part_ids)
        for kept, added in zip(self.pieces, touched, strict=True):
            kept.update(added)

    def __call__(self):
        self.done = True
        kept = {}
        with transaction.atomic():  # one commit after the change's own
            if self:
                kept.update(stamp_rows(self, whole=True))
            if self.partly - self:  # the parts of the tournaments stamped whole are stamped already
                kept.update(stamp_rows(self.partly - self, self.parts, whole=False))
            kept.update(stamp_pieces(*self.pieces, self.notes))
        cache.set_many(kept, settings.PAGE_VERSION_SECONDS)


def pending_stamps(connection):
    """One on_commit callback per transaction. A rolled-back transaction drops its callback, so a set whose
    callback is no longer queued (or has run) is stale and replaced."""
    pending = getattr(connection, "pending_page_stamps", None)
    if pending is None or pending.done or not any(func is pending for _, func, *_ in connection.run_on_commit):
        pending = PendingStamps()
        connection.pending_page_stamps = pending
        transaction.on_commit(pending)
    return pending


def watch(model, path, part=None, piece=None, noted=None):
    """Saving or deleting a `model` row changes its tournament's pages; `path` leads from the row to the tournament
    ("tournament", "stage__event__tournament", ...). With `part`, the path from the row to the part it is in
    ("stage", "match__stage"): of the parts' own pages, only that part's (and those showing it) show the row.
    `piece`: the path from the row to the piece it is in ("round", "match__round"): of the pieces' stamps, only
    that one changes; without it, every piece of its part (or tournament). `noted`: the path from the row to the
    row of the piece it changes ("pk" for a match, "match" for a game of it), whose id is noted with the piece's
    new stamp (core.piece_notes), so what a process kept of the piece's rows is read again row by row.
    Deletes are seen before they happen, while the path exists."""

    def row_changed(sender, instance, raw=False, **kwargs):
        if not raw:  # fixtures being loaded
            in_part = None if part is None else tournaments_of(instance, part)
            in_piece = None if piece is None else tournaments_of(instance, piece)
            rows = None if noted is None else tournaments_of(instance, noted)
            changed(tournaments_of(instance, path), in_part, in_piece, rows)

    WATCHED[model] = path
    if part is not None:
        IN_PART[model] = part
    uid = f"page_cache.{model._meta.label}"
    post_save.connect(row_changed, sender=model, weak=False, dispatch_uid=uid)
    pre_delete.connect(row_changed, sender=model, weak=False, dispatch_uid=uid)


def tournaments_of(instance, path):
    """Ids of the tournaments a row belongs to (or of whatever else `path` leads to: its part). A row's parent is
    looked up once per transaction, so a cascade deleting 5,000 matches of one stage asks for the stage's
    tournament once."""
    if path == "pk":
        return {instance.pk}
    loaded = loaded_owner(instance, path)
    if loaded is not None:
        return {loaded}
    first, _, rest = path.partition("__")
    field = instance._meta.get_field(first)
    if not field.concrete:  # a reverse relation (a player's entries): ask from the row itself
        return set(type(instance)._default_manager.filter(pk=instance.pk).values_list(path, flat=True))
    parent_id = getattr(instance, field.attname)
    if not rest or parent_id is None:
        return {parent_id}
    connection = transaction.get_connection()
    owners = pending_stamps(connection).owners if connection.in_atomic_block else {}
    key = (field.related_model, parent_id, rest)
    if key not in owners:
        parents = field.related_model._default_manager.filter(pk=parent_id)
        owners[key] = set(parents.values_list(rest, flat=True))
    return owners[key]


def loaded_owner(instance, path):
    """The tournament id at the end of `path` when every row on the way is already loaded on the instance (a
    result saved by the scoring service has its stage, event and tournament in hand): no query. None otherwise."""
    *hops, last = path.split("__")
    row = instance
    for name in hops:
        field = row._meta.get_field(name)
        if not field.concrete or not field.is_cached(row):
            return None
        row = getattr(row, name)
        if row is None:
            return None
    field = row._meta.get_field(last)
    return getattr(row, field.attname) if field.concrete else None


# ---------------------------------------------------------------- reading the stamps


def version_key(slug):
    return f"page-version:{slug}"


def part_key(slug, part_id):
    return f"page-version:{slug}:part:{part_id}"


def page_version(slug, part_id=None):
    """(tournament id, page_version) of the tournament at `slug`, None if there is none; with `part_id`, the
    stamp of that part of it instead (the tournament's when it has no such part: the page will say so). From the
    cache, else from the database, then kept PAGE_VERSION_SECONDS (only for tournaments that exist: made-up slugs
    fill nothing)."""
    if part_id is not None and PARTS:
        return part_version(slug, part_id) or page_version(slug)
    if settings.PAGE_VERSION_SECONDS <= 0:
        return owners().objects.filter(slug=slug).values_list("pk", "page_version").first()
    version = cache.get(version_key(slug))
    if version is None:
        version = owners().objects.filter(slug=slug).values_list("pk", "page_version").first()
        if version is not None:
            cache.add(version_key(slug), version, settings.PAGE_VERSION_SECONDS)
    return version


def part_version(slug, part_id):
    parts = PARTS[0]
    if settings.PAGE_VERSION_SECONDS > 0:
        version = cache.get(part_key(slug, part_id))
        if version is not None:
            return version
    try:
        rows = parts.model._default_manager.filter(pk=part_id, **{f"{parts.owner}__slug": slug})
        version = rows.values_list(parts.owner, "page_version").first()
    except (TypeError, ValueError):  # not an id
        return None
    if version is not None and settings.PAGE_VERSION_SECONDS > 0:
        cache.add(part_key(slug, part_id), version, settings.PAGE_VERSION_SECONDS)
    return version
