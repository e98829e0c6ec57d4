"""What is already here for a file's tourneys, looked up once for the whole file rather than once per tourney: the
tournaments earlier imports made of them (by guid, else by championship, name and date), whether those were
played, the digests of the records they came from, and the slugs taken."""

from functools import reduce
from operator import or_

from django.db.models import Q

from history.championships.models import Championship, Prize
from history.sol.models import ImportedTourney
from history.sol.tourney_rows import NewTournament
from stages.models import Match, Stage
from tournaments.models import Tournament, first_free, slug_base

CHUNK = 500


class EarlierImports:
    """The tournaments a file's tourneys may already be, as TourneyImport.find_existing looked them up one at a
    time: `find` gives a tournament's id, or None. The file's own new tourneys count as soon as they are planned
    (`planned`): a file that holds a tourney twice meets the first when it reaches the second."""

    def __init__(self, tourneys, championships, rows):
        self.rows = rows  # sol.tourney_rows.TourneyRows: the file's new tourneys not yet written
        guids = sorted({str(t["guid"]) for t in tourneys if t.get("guid")})
        self.by_guid = {}  # guid → id, or NewTournament
        for start in range(0, len(guids), CHUNK):
            found = Tournament.objects.filter(guid__in=guids[start : start + CHUNK]).values_list("guid", "pk")
            self.by_guid.update(found)
        self.by_name = {}  # (championship id, name, start date) → [ids, or NewTournament], the oldest first
        links = Championship.tournaments.through.objects.filter(championship__in=[c.pk for c in championships])
        fields = ("championship_id", "tournament__name", "tournament__start_date", "tournament_id")
        for championship, name, date, pk in links.order_by("tournament_id").values_list(*fields):
            self.by_name.setdefault((championship, name, date), []).append(pk)
        self.played, self.digests, self.known = set(), {}, set()
        self.learn(set(self.by_guid.values()).union(*self.by_name.values()))

    def learn(self, ids):
        """Whether these tournaments were played (SoL refuses to overwrite a tourney with results or prizes), and
        the digests of the records they were imported from."""
        ids = sorted(ids - self.known)
        self.known.update(ids)
        decided = (Match.Status.CONFIRMED, Match.Status.WALKOVER)
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start : start + CHUNK]
            matches = Match.objects.filter(stage__event__tournament__in=chunk, status__in=decided)
            self.played.update(matches.values_list("stage__event__tournament", flat=True).distinct())
            prizes = Prize.objects.filter(event__tournament__in=chunk)
            self.played.update(prizes.values_list("event__tournament", flat=True).distinct())
            imported = ImportedTourney.objects.filter(tournament__in=chunk)
            self.digests.update(imported.values_list("tournament", "digest"))

    def find(self, guid, championship, name, date):
        """The id of the tournament a tourney already is (by its guid, else by its championship, name and date),
        or None."""
        found = self.by_guid.get(str(guid)) if guid else None
        if found is None:
            found = next(iter(self.by_name.get((championship.pk, name, date), ())), None)
        if isinstance(found, NewTournament):
            if found.pk is None:  # the file holds this tourney twice: the first goes in before the second is met
                self.rows.write()
            found = found.pk
        if found is not None:
            self.learn({found})
        return found

    def was_played(self, pk):
        return pk in self.played

    def digest(self, pk):
        return self.digests.get(pk)

    def planned(self, tournament, guid, championship, name, date):
        if guid:
            self.by_guid[str(guid)] = tournament
        self.by_name.setdefault((championship.pk, name, date), []).append(tournament)

    def delete(self, pk):
        """Remove the tournament `pk` (not played) with its draws, and forget it; returns its slug, free now."""
        tournament = Tournament.objects.get(pk=pk)
        delete_tournament(tournament)

        def other(item):
            return (item.pk if isinstance(item, NewTournament) else item) != pk

        self.by_guid = {guid: item for guid, item in self.by_guid.items() if other(item)}
        self.by_name = {key: [item for item in items if other(item)] for key, items in self.by_name.items()}
        return tournament.slug


def delete_tournament(tournament):
    """Remove a tournament not yet played, with its draws (matches and later stages hold on to entries and
    earlier stages, so they go first)."""
    Match.objects.filter(stage__event__tournament=tournament).delete()
    for stage in Stage.objects.filter(event__tournament=tournament).order_by("-order"):
        stage.delete()
    tournament.delete()


class FreeSlugs:
    """Slugs for a file's new tournaments, as tournaments.models.free_slug gives them (`base`, `base-2`...), the
    slugs taken looked up once for the file's names. A slug given in the file is not given again, even once its
    tournament is replaced (`-x` is added)."""

    def __init__(self, names):
        bases = sorted({slug_base(name) for name in names})
        self.taken, self.given = set(), set()
        for start in range(0, len(bases), 100):
            starting = reduce(or_, (Q(slug__startswith=base) for base in bases[start : start + 100]))
            self.taken.update(Tournament.objects.filter(starting).values_list("slug", flat=True))

    def free(self, base):
        return first_free(base, self.taken)

    def slug_for(self, name):
        slug = self.free(slug_base(name))
        while slug in self.given:
            slug = self.free(f"{slug}-x")
        self.given.add(slug)
        self.taken.add(slug)
        return slug

    def release(self, slug):
        """A tournament deleted: its slug is free again."""
        self.taken.discard(slug)
