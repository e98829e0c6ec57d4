"""What changed in a piece (core.page_stamps: a stage's round) from one stamp to the next, noted match by match.

A worker keeps a round's match rows under the round's stamp (stages.loading.kept_stage_rows); in a live round a
result replaces the stamp, and reading the round's 5,000 rows again for one changed match is most of the first
page's work after it. So a change of a row that names the match it changes (`page_stamps.watch(..., noted=...)`:
a match, a game of it, its audit row) is kept in the cache with the piece's new stamp: the stamp it replaced and
the ids of the matches. A worker holding the rows of an earlier stamp follows the notes back to it and reads those
matches alone. A change that is not noted (the round itself, its clock, a bulk write) leaves no note, and a missing
note is read as "anything may have changed": the round is read whole, as before."""

from django.conf import settings
from django.core.cache import cache

KEY = "page-stamps:piece-note:{piece}:{stamp}"
# Notes followed back at most: a worker further behind reads the round whole.
MOST = 20


def kept(before, stamp, notes):
    """The cache entries noting, for each piece of `notes` ({piece id: ids of the rows changed, or None}) whose
    stamp `before` gives, that `stamp` replaced it after those rows changed."""
    if settings.PAGE_VERSION_SECONDS <= 0:
        return {}
    return {
        KEY.format(piece=piece, stamp=stamp): (before[piece], frozenset(rows))
        for piece, rows in notes.items()
        if rows is not None and piece in before
    }


def changed_rows(piece, kept_stamp, stamp):
    """The ids of the rows changed in the piece since its stamp was `kept_stamp`, now `stamp`; None when that is
    not known (a change that is not noted, a note gone from the cache, more than MOST changes)."""
    ids = set()
    for _ in range(MOST):
        if stamp == kept_stamp:
            return ids
        note = cache.get(KEY.format(piece=piece, stamp=stamp)) if settings.PAGE_VERSION_SECONDS > 0 else None
        if note is None:
            return None
        stamp, rows = note
        ids |= rows
    return None
