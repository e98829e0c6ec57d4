"""Importing SoL files: everything in one transaction, or nothing (see sol/README.md)."""

import datetime
import io
import logging
import posixpath
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from django.conf import settings
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.base import ContentFile
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from core import page_cache
from core.pictures import NotAPicture, reencode
from history.sol.import_people import (
    import_championships,
    import_clubs,
    import_players,
    import_rates,
    import_ratings,
)
from history.sol.import_tourneys import TourneyImport
from history.sol.layout import check_layout
from history.sol.models import Picture
from history.sol.reading import SolFileError, read
from tournaments.entry_services import refresh_entry_names
from tournaments.models import EntryMember, Player, free_slug, slug_base

logger = logging.getLogger(__name__)

EXTENSIONS = {"JPEG": "jpg", "PNG": "png"}


@dataclass
class Summary:
    tournaments: list = field(default_factory=list)  # the Tournament rows written
    skipped: int = 0  # tourneys already imported and played
    unchanged: int = 0  # tourneys not yet played, imported before from the same record
    players: int = 0
    clubs: int = 0


class Shared:
    """What the tourneys of a file refer to, in the file's order (its references are 1-based positions)."""

    def __init__(self):
        self.clubs, self.players, self.championships, self.ratings = [], [], [], []
        self.slugs = set()

    def slug_for(self, name):
        slug = free_slug(slug_base(name))
        while slug in self.slugs:
            slug = free_slug(f"{slug}-x")
        self.slugs.add(slug)
        return slug


def import_file(source, name="", progress=None):
    """Import a SoL file, its bytes or a binary file open for reading (see sol.reading.read); SolFileError says
    why a file cannot be."""
    documents, pictures = read(source, name)
    return import_documents(documents, pictures, progress)


def import_documents(documents, pictures=None, progress=None):
    """Import SoL's documents: shared lists first, then tourneys. `progress(done, total)` is told after each
    tourney. The whole file in one transaction: any bad reference leaves the database as it was; a value that
    does not fit SoL's layout (sol.layout) stops it before anything is written."""
    check_layout(documents)
    try:
        return write_documents(documents, pictures, progress)
    except DatabaseError as error:
        # e.g. one guid given to two players: the file contradicts itself or what we hold; nothing was written
        raise SolFileError(_("This file does not fit what is already here: %(error)s") % {"error": error}) from error


def write_documents(documents, pictures, progress):
    summary = Summary()
    tourneys = documents[1:]
    shared = Shared()
    with transaction.atomic():
        for document in documents:
            if "clubs" in document and document is not documents[0]:
                raise SolFileError(_("This file holds more than one list of clubs and players."))
        lists = documents[0]
        shared.clubs = import_clubs(lists.get("clubs") or [])
        shared.players = import_players(lists.get("players") or [], shared.clubs)
        shared.ratings = import_ratings(lists.get("ratings") or [], shared.clubs)
        import_rates(lists.get("rates") or [], shared.ratings, shared.players)
        shared.championships = import_championships(lists.get("championships") or [], shared.clubs, shared.ratings)
        store_pictures(pictures or {}, lists, shared)
        for number, record in enumerate(tourneys, start=1):
            tourney = TourneyImport(record, number, shared)
            tournament = tourney.run()
            if tournament is None:
                summary.skipped += 1
            elif tourney.unchanged:
                summary.unchanged += 1
            else:
                summary.tournaments.append(tournament)
            if progress is not None:
                progress(number, len(tourneys))
        keep_unsaid_names_as_sol_does(lists.get("players") or [], shared.players)
    summary.players, summary.clubs = len(shared.players), len(shared.clubs)
    return summary


# SoL reads a player who never said (agreedprivacy blank) as agreeing when they played a tourney since this day:
# entering a public tourney has required accepting the privacy clause since then (sol.models.Player).
IMPLIED_CONSENT_SINCE = datetime.date(2020, 1, 1)


def keep_unsaid_names_as_sol_does(records, players):
    """A player of the file who never said (and has no consent recorded here) and played no tournament since
    IMPLIED_CONSENT_SINCE keeps their name private, as SoL shows them: by their initials."""
    unsaid = [
        player.pk
        for record, player in zip(records, players, strict=True)
        if record.get("agreedprivacy") not in ("A", "N") and not player.consent_source and player.publish_name
    ]
    recent = EntryMember.objects.filter(
        player_id__in=unsaid, entry__event__tournament__start_date__gte=IMPLIED_CONSENT_SINCE
    ).values_list("player_id", flat=True)
    old = set(unsaid) - set(recent)
    # All at once: saved and renamed a player at a time, the real history's 2,121 took most of the import's time.
    hidden = Player.objects.filter(pk__in=old)
    hidden.update(publish_name=False)
    # What each player's save told the pages (core.page_cache watches Player): an update sends no signal.
    their_tournaments = EntryMember.objects.filter(player_id__in=old)
    page_cache.changed(set(their_tournaments.values_list("entry__event__tournament_id", flat=True)))
    refresh_entry_names(*hidden.only("pk"))


def store_pictures(pictures, lists, shared):
    """Portraits and emblems of a backup, in Django's storage, each once (an import again keeps the first). What
    is stored is the copy core.pictures writes from the pixels (at most IMAGE_MAX_PIXELS, one frame, no metadata);
    a picture that is no such image is left out, and the import goes on without it."""
    owners = [
        ("portrait", "portraits/", lists.get("players") or [], shared.players, "player"),
        ("emblem", "emblems/", lists.get("clubs") or [], shared.clubs, "club"),
    ]
    for kind, folder, records, objects, owner_field in owners:
        for record, owner in zip(records, objects, strict=True):
            name = record.get("portrait" if kind == "portrait" else "emblem")
            name = PurePosixPath(str(name)).name if name else ""  # a file of its folder, never a path
            data = pictures.get(folder + name) if name else None
            if data is None or Picture.objects.filter(kind=kind, name=name).exists():
                continue
            if Picture.objects.filter(**{owner_field: owner}).exists():
                continue
            try:
                copy = reencode(io.BytesIO(data), settings.IMAGE_MAX_PIXELS)
            except NotAPicture as refusal:
                logger.info("the %s %s of a SoL backup is left out: %s", kind, name, refusal.reason)
                continue
            public = kind == "emblem" or record.get("agreedprivacy") == "A"
            picture = Picture(kind=kind, name=name, public=public, **{owner_field: owner})
            stored_name = f"{folder}{posixpath.splitext(name)[0]}.{EXTENSIONS[copy.image_format]}"
            try:
                picture.image.save(stored_name, ContentFile(copy.data), save=False)
            except (SuspiciousFileOperation, OSError) as error:  # a name the storage cannot take
                raise SolFileError(
                    _("The picture %(name)s could not be stored: %(error)s") % {"name": name, "error": error}
                ) from error
            picture.save()
