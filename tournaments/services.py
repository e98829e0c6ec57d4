"""The operations secretaries perform on tournaments, events and entries. Each is one transaction."""

from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import page_cache
from tournaments.eligibility import Checker
from tournaments.importing import ImportFailed, ImportNeedsConfirmation, ImportPreview, parse_entries
from tournaments.models import Club, Entry, EntryMember, Event, Player, Tournament, entry_name
from tournaments.signals import drawn_stages, entry_withdrawn

# Rows per bulk_create and values per `__in` lookup: well under SQLite's 999 variables per query for one column,
# and statements of a sensible size on PostgreSQL. (Django lowers bulk_create batches further on SQLite.)
BATCH = 500

# What an entry of each kind needs; "(s)" keeps the English of the text the import and the API have always given.
TEAM_SIZE_NEEDED = {
    "singles": gettext_lazy("a singles entry needs %(count)s player(s)"),
    "doubles": gettext_lazy("a doubles entry needs %(count)s player(s)"),
    "teams": gettext_lazy("a team entry needs %(count)s player(s)"),
    "team_ties": gettext_lazy("a team enters a team event with its roster: add it as a team"),
}


@dataclass
class ImportSummary:
    players_created: int = 0
    entries_created: int = 0
    entries_updated: int = 0
    entries_unchanged: int = 0

    def __str__(self):
        return _(
            "%(created)s entries created, %(updated)s updated, %(unchanged)s unchanged; %(players)s new players"
        ) % {
            "created": self.entries_created,
            "updated": self.entries_updated,
            "unchanged": self.entries_unchanged,
            "players": self.players_created,
        }


@transaction.atomic
def create_tournament(user, **fields):
    tournament = Tournament.objects.create(**fields)
    tournament.secretaries.add(user)
    return tournament


@transaction.atomic
def set_tournament_status(tournament, status):
    tournament.status = status
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def add_entry(event, players, seed=None):
    """Enter players (one for singles, an ordered pair for doubles) into an event."""
    if len(players) != event.team_size:
        raise ImportFailed([TEAM_SIZE_NEEDED[event.kind] % {"count": event.team_size}])
    taken = EntryMember.objects.filter(entry__event=event, player__in=players).select_related("player")
    if taken:
        raise ImportFailed(
            [
                _("%(player)s is already entered in %(event)s") % {"player": member.player, "event": event.name}
                for member in taken
            ]
        )
    checker = Checker(event)
    checker.load_clubs(players)
    refusal = checker.refusal(players)
    if refusal:
        raise ImportFailed([refusal])
    # create() rather than bulk_create: one entry, and its post_save signal is wanted.
    entry = Entry.objects.create(event=event, seed=seed, name=entry_name(players))
    EntryMember.objects.bulk_create(_members(entry, players))
    return entry


def _members(entry, players):
    return [EntryMember(entry=entry, player=player, position=position) for position, player in enumerate(players, 1)]


@transaction.atomic
def withdraw_entry(entry, withdrawn=True):
    """Withdraw an entry (never paired or drawn again; its played matches stand) or reinstate it, at any time.
    The stages floor hears of it (signals.entry_withdrawn) and moves knockout brackets on: a withdrawn entry's
    opponent goes through with a bye, which is neither called nor scheduled."""
    was = Entry.objects.select_for_update().values_list("withdrawn", flat=True).get(pk=entry.pk)
    entry.withdrawn = withdrawn  # the caller's instance too: the check-in desk answers with it
    if was != withdrawn:
        entry.save(update_fields=["withdrawn"])
        entry_withdrawn.send(sender=Entry, entry=entry)
    return entry


def import_entries(event, source, confirm=False):
    """Import an entry list (see tournaments.importing for the format): an uploaded file's bytes (XLSX or CSV),
    CSV text, or the rows tournaments.importing.file_rows read from one.

    All or nothing: any bad row refuses the whole file (ImportFailed) and the database is left unchanged.
    Importing the same file again finds the same players and entries and creates nothing. The work is a fixed
    number of queries per file (per batch of BATCH rows), whatever its length: look everything up, check every
    row in Python, then save with bulk_create.

    Once a stage of the event is drawn, the import writes nothing unless `confirm` is given: it raises
    ImportNeedsConfirmation with what it would change, since the draws made keep their entrants.
    """
    if event.kind == Event.Kind.TEAM_TIES:
        raise ImportFailed([str(TEAM_SIZE_NEEDED[event.kind])])
    rows = parse_entries(source, event.team_size)
    with transaction.atomic():
        # Lock the event so two imports into it cannot interleave.
        Event.objects.select_for_update().get(pk=event.pk)
        summary = _apply_import(event, rows, confirm)
        if summary.entries_created or summary.entries_updated:  # bulk writes send no signals
            page_cache.changed([event.tournament_id])
        return summary


def _apply_import(event, rows, confirm):
    players, new_players = _resolve_players(rows)
    plans, errors = _plan_entries(event, rows, players)
    if errors:
        # Nothing has been written yet.
        raise ImportFailed(errors)
    created, changed, unchanged = [], [], 0
    for row, team, entry in plans:
        if entry is None:
            created.append((Entry(event=event, seed=row.seed, name=entry_name(team)), team))
        elif row.seed is not None and entry.seed != row.seed:
            changed.append((entry, row.seed))
        else:
            unchanged += 1
    drawn = drawn_stages(event)
    if drawn and not confirm:
        preview = ImportPreview(
            new_entries=[entry.name for entry, _team in created],
            seed_changes=[(entry.name, entry.seed, seed) for entry, seed in changed],
            entries_unchanged=unchanged,
            players_created=len(new_players),
            drawn_stages=drawn,
        )
        raise ImportNeedsConfirmation(preview)

    _save_players(new_players)
    for entry, seed in changed:
        entry.seed = seed
    Entry.objects.bulk_create([entry for entry, _ in created], batch_size=BATCH)
    members = [member for entry, team in created for member in _members(entry, team)]
    EntryMember.objects.bulk_create(members, batch_size=BATCH)
    Entry.objects.bulk_update([entry for entry, _seed in changed], ["seed"], batch_size=BATCH)
    return ImportSummary(
        players_created=len(new_players),
        entries_created=len(created),
        entries_updated=len(changed),
        entries_unchanged=unchanged,
    )


def _resolve_players(rows):
    """Each row's players: the known Player (the oldest of its identity) or a new, unsaved one. Returns the
    players by identity and the new ones (each with its row), in file order."""
    players = _known_players(rows)
    new_players = []
    for row in rows:
        for player_row in row.players:
            if player_row.key not in players:
                player = Player(
                    first_name=player_row.first_name,
                    last_name=player_row.last_name,
                    sex=player_row.sex,
                    date_of_birth=player_row.date_of_birth,
                    country=player_row.country,
                    rating=player_row.rating,
                    # Player.save() sets it; bulk_create does not call save().
                    identity=player_row.key,
                )
                players[player_row.key] = player
                new_players.append((player_row, player))
    return players, new_players


def _plan_entries(event, rows, players):
    """Match each row to the event's existing entry of its players, or None for a new one. Returns the
    (row, team, entry) plans, team being the row's players, and the errors, one per refused row (an entry its
    event's rules refuse too, tournaments.eligibility)."""
    entry_of_player, size_of_entry, seed_owner = _existing_entries(event)
    eligibility = _eligibility(event, rows, players)
    plans, errors = [], []
    for row in rows:
        team = [players[player_row.key] for player_row in row.players]
        # New players (pk None) are in no entry.
        found = {entry_of_player.get(player.pk) for player in team}
        entry = next(iter(found)) if len(found) == 1 else None
        if len(found) > 1 or (entry is not None and size_of_entry[entry.pk] != len(team)):
            # Some of them are entered, but not as this team.
            errors.append(
                _("line %(line)s: %(players)s are already entered in %(event)s with other partners")
                % {"line": row.line, "players": entry_name(team), "event": event.name}
            )
            continue
        owner = seed_owner.get(row.seed)
        if row.seed is not None and owner is not None and owner != entry:
            errors.append(
                _("line %(line)s: seed %(seed)s already belongs to %(entry)s")
                % {"line": row.line, "seed": row.seed, "entry": owner.name}
            )
            continue
        refusal = eligibility.refusal(team) if entry is None else None
        if refusal:
            errors.append(_("line %(line)s: %(refusal)s") % {"line": row.line, "refusal": refusal})
            continue
        plans.append((row, team, entry))
    return plans, errors


def _eligibility(event, rows, players):
    """The event's rules, read once for the whole file (tournaments.eligibility.Checker). A rule on federations
    reads the players' clubs: a new player's club is the one its row names, found by name (one query)."""
    checker = Checker(event)
    if checker.asks_federation:
        named = {player_row.club.casefold() for row in rows for player_row in row.players if player_row.club}
        by_name = {
            club.name.casefold(): club
            for club in Club.objects.select_related("federation")
            if club.name.casefold() in named
        }
        for row in rows:
            for player_row in row.players:
                player = players[player_row.key]
                if player.pk is None and player_row.club.casefold() in by_name:
                    player.club = by_name[player_row.club.casefold()]
        checker.load_clubs(list(players.values()))
    return checker


def _known_players(rows):
    keys = sorted({player.key for row in rows for player in row.players})
    known = {}
    for chunk in _chunks(keys):
        for player in Player.objects.filter(identity__in=chunk).order_by("pk"):
            known.setdefault(player.identity, player)
    return known


def _existing_entries(event):
    """The event's entries by player, their member counts, and the seeded ones by seed: two queries."""
    entries = {entry.pk: entry for entry in Entry.objects.filter(event=event).order_by()}
    entry_of_player, size_of_entry = {}, Counter()
    members = EntryMember.objects.filter(entry__event=event).order_by().values_list("entry_id", "player_id")
    for entry_id, player_id in members:
        entry_of_player[player_id] = entries[entry_id]
        size_of_entry[entry_id] += 1
    seed_owner = {entry.seed: entry for entry in entries.values() if entry.seed is not None}
    return entry_of_player, size_of_entry, seed_owner


def _save_players(new_players):
    """Create the new players, and first the clubs they name that do not exist yet."""
    named = [(player_row, player) for player_row, player in new_players if player_row.club]
    if named:
        # Every club, matched by casefolded name in Python: SQLite's LOWER() folds ASCII only.
        clubs = {name.casefold(): pk for pk, name in Club.objects.values_list("pk", "name")}
        new_clubs = {}
        for player_row, _player in named:
            folded = player_row.club.casefold()
            if folded not in clubs and folded not in new_clubs:
                new_clubs[folded] = Club(name=player_row.club, country=player_row.country)
        Club.objects.bulk_create(new_clubs.values(), batch_size=BATCH)
        clubs.update((folded, club.pk) for folded, club in new_clubs.items())
        for player_row, player in named:
            player.club_id = clubs[player_row.club.casefold()]
    Player.objects.bulk_create([player for _, player in new_players], batch_size=BATCH)


def _chunks(items, size=BATCH):
    for start in range(0, len(items), size):
        yield items[start : start + size]
