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
from core.memory import gc_paused
from core.pictures import NotAPicture, reencode
from history.sol.earlier import EarlierImports, FreeSlugs
from history.sol.import_people import (
    import_championships,
    import_clubs,
    import_players,
    import_rates,
    import_ratings,
    in_chunks,
)
from history.sol.import_tourneys import TourneyImport
from history.sol.layout import check_layout
from history.sol.models import Picture
from history.sol.reading import SolFileError, read
from history.sol.references import text
from history.sol.tourney_rows import TourneyRows
from tournaments.entry_services import refresh_entry_names
from tournaments.models import EntryMember, Player, Tournament, entry_name

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
    """What the tourneys of a file refer to, in the file's order (its references are 1-based positions), and
    what they are written with: the rows of the new tourneys, what earlier imports made of them, the free slugs."""

    def __init__(self):
        self.clubs, self.players, self.championships, self.ratings = [], [], [], []
        self.rows = TourneyRows()
        self.earlier = self.slugs = None

    def look_up(self, tourneys):
        """What is already here for these tourneys, in a few queries for the whole file."""
        self.earlier = EarlierImports(tourneys, self.championships, self.rows)
        self.slugs = FreeSlugs(text(t["description"], 160) for t in tourneys if t.get("description") not in (None, ""))


def import_file(source, name="", progress=None):
    """Import a SoL file, its bytes or a binary file open for reading (see sol.reading.read); SolFileError says
    why a file cannot be. The cyclic collector is paused throughout: the rows gathered for the file's tourneys,
    a hundred thousand tuples and lists kept until they are written, set off full collections of the whole
    process (three for the real history, 0.1 s each, a third of the process's CPU) that freed nothing."""
    with gc_paused():
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
        shared.look_up(tourneys)
        planned = []
        for number, record in enumerate(tourneys, start=1):
            tourney = TourneyImport(record, number, shared)
            tournament = tourney.run()
            if tournament is None:
                summary.skipped += 1
            elif tourney.unchanged:
                summary.unchanged += 1
            else:
                planned.append(tournament)
            if progress is not None:
                progress(number, len(tourneys))
        hidden = keep_unsaid_names_as_sol_does(lists.get("players") or [], shared)
        shared.rows.write(hidden.entry_names)
        written = Tournament.objects.in_bulk([tournament.pk for tournament in planned])
        # A tourney the file holds twice, replaced by its second record, is named as it was written.
        summary.tournaments = [written.get(t.pk) or Tournament(pk=t.pk, **without_ids(t.fields)) for t in planned]
    summary.players, summary.clubs = len(shared.players), len(shared.clubs)
    return summary


def without_ids(fields):
    return {("host_club_id" if name == "host_club" else name): value for name, value in fields.items()}


# SoL reads a player who never said (agreedprivacy blank) as agreeing when they played a tourney since this day:
# entering a public tourney has required accepting the privacy clause since then (sol.models.Player).
IMPLIED_CONSENT_SINCE = datetime.date(2020, 1, 1)


def keep_unsaid_names_as_sol_does(records, shared):
    """A player of the file who never said (and has no consent recorded here) and played no tournament since
    IMPLIED_CONSENT_SINCE keeps their name private, as SoL shows them: by their initials. Done before the file's
    new tourneys are written (shared.rows), with their entries counted: the entries here already are renamed,
    and the new ones are named so when they are written (`Hidden.entry_names`). Returns the Hidden."""
    unsaid = [
        player.pk
        for record, player in zip(records, shared.players, strict=True)
        if record.get("agreedprivacy") not in ("A", "N") and not player.consent_source and player.publish_name
    ]
    # Entries here already are looked for only for the players who were here before the import.
    known = [pk for pk in unsaid if pk not in shared.players.new]
    recent = set(
        EntryMember.objects.filter(
            player_id__in=known, entry__event__tournament__start_date__gte=IMPLIED_CONSENT_SINCE
        ).values_list("player_id", flat=True)
        if known
        else ()
    )
    recent.update(player.pk for player in shared.rows.players_since(IMPLIED_CONSENT_SINCE))
    old = set(unsaid) - recent
    # All at once: saved and renamed a player at a time, the real history's 2,121 took most of the import's time.
    hidden = Player.objects.filter(pk__in=old)
    hidden.update(publish_name=False)
    # What each player's save told the pages (core.page_cache watches Player): an update sends no signal. The new
    # tournaments are told when they are written; their entries are named when they are (Hidden.entry_names),
    # those here already are renamed now (none, for players new here).
    earlier = old - shared.players.new
    held = EntryMember.objects.filter(player_id__in=earlier).values_list("player_id", "entry__event__tournament_id")
    held = set(held if earlier else ())
    page_cache.changed({tournament for _player, tournament in held})
    refresh_entry_names(*Player.objects.filter(pk__in={player for player, _tournament in held}).only("pk"))
    return Hidden(old)


class Hidden:
    """The players whose names an import hid (their ids)."""

    def __init__(self, ids):
        self.ids = ids

    def entry_names(self, teams):
        """The names of new entries: a team with a hidden player is named from its players as they are now in the
        database, as tournaments.entry_services.refresh_entry_names names it; any other from the file's players,
        as it was named when it was entered."""
        hiding = [team for team in teams if any(player.pk in self.ids for player in team)]
        wanted = sorted({player.pk for team in hiding for player in team})
        now = in_chunks(Player.objects.select_related("club"), "pk", wanted)
        return [
            entry_name([now[player.pk] for player in team])
            if any(player.pk in self.ids for player in team)
            else entry_name(team)[:200]
            for team in teams
        ]


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
