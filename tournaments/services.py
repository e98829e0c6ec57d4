"""The operations secretaries perform on tournaments, events and entries. Each is one transaction."""

from dataclasses import dataclass

from django.db import transaction

from .importing import ImportFailed, parse_entries
from .models import Club, Entry, EntryMember, Event, Player, Tournament


@dataclass
class ImportSummary:
    players_created: int = 0
    entries_created: int = 0
    entries_updated: int = 0
    entries_unchanged: int = 0

    def __str__(self):
        return (
            f"{self.entries_created} entries created, {self.entries_updated} updated, "
            f"{self.entries_unchanged} unchanged; {self.players_created} new players"
        )


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
        raise ImportFailed([f"a {event.get_kind_display().lower()} entry needs {event.team_size} player(s)"])
    taken = EntryMember.objects.filter(entry__event=event, player__in=players).select_related("player")
    if taken:
        raise ImportFailed([f"{member.player} is already entered in {event.name}" for member in taken])
    entry = Entry.objects.create(event=event, seed=seed)
    EntryMember.objects.bulk_create(
        EntryMember(entry=entry, player=player, position=position) for position, player in enumerate(players, 1)
    )
    entry.refresh_name()
    return entry


@transaction.atomic
def withdraw_entry(entry, withdrawn=True):
    entry.withdrawn = withdrawn
    entry.save(update_fields=["withdrawn"])
    return entry


def import_entries(event, text):
    """Import an entry list (see tournaments.importing for the format).

    All or nothing: any bad row refuses the whole file (ImportFailed) and the database is left unchanged.
    Importing the same file again finds the same players and entries and creates nothing.
    """
    rows = parse_entries(text, event.team_size)
    with transaction.atomic():
        # Lock the event so two imports into it cannot interleave.
        Event.objects.select_for_update().get(pk=event.pk)
        return _apply_import(event, rows)


def _apply_import(event, rows):
    summary = ImportSummary()
    clubs = {club.name.casefold(): club for club in Club.objects.all()}
    players = _known_players(rows)
    entry_of_player, seed_owner = _existing_entries(event)
    errors, plans = [], []

    for row in rows:
        members = []
        for player_row in row.players:
            player = players.get(player_row.key)
            if player is None:
                player = _create_player(player_row, clubs)
                players[player_row.key] = player
                summary.players_created += 1
            members.append(player)
        existing = {entry_of_player.get(player.pk) for player in members}
        if existing == {None}:
            entry = None
        elif len(existing) == 1:
            entry = existing.pop()
            if len(entry.members.all()) != len(members):
                entry = "conflict"
        else:
            entry = "conflict"
        if entry == "conflict":
            names = " & ".join(player.full_name for player in members)
            errors.append(f"line {row.line}: {names} are already entered in {event.name} with other partners")
            continue
        owner = seed_owner.get(row.seed)
        if row.seed is not None and owner is not None and owner != entry:
            errors.append(f"line {row.line}: seed {row.seed} already belongs to {owner.name}")
            continue
        plans.append((row, entry, members))

    if errors:
        # Undo the players created above: the file is refused whole.
        transaction.set_rollback(True)
        raise ImportFailed(errors)

    for row, entry, members in plans:
        if entry is None:
            add_entry(event, members, seed=row.seed)
            summary.entries_created += 1
        elif row.seed is not None and entry.seed != row.seed:
            entry.seed = row.seed
            entry.save(update_fields=["seed"])
            summary.entries_updated += 1
        else:
            summary.entries_unchanged += 1
    return summary


def _known_players(rows):
    keys = {player.key for row in rows for player in row.players}
    known = {}
    for player in Player.objects.filter(identity__in=keys).order_by("pk"):
        known.setdefault(player.identity, player)
    return known


def _existing_entries(event):
    entries = Entry.objects.filter(event=event).prefetch_related("members")
    entry_of_player, seed_owner = {}, {}
    for entry in entries:
        for member in entry.members.all():
            entry_of_player[member.player_id] = entry
        if entry.seed is not None:
            seed_owner[entry.seed] = entry
    return entry_of_player, seed_owner


def _create_player(row, clubs):
    club = None
    if row.club:
        club = clubs.get(row.club.casefold())
        if club is None:
            club = Club.objects.create(name=row.club, country=row.country)
            clubs[row.club.casefold()] = club
    return Player.objects.create(
        first_name=row.first_name,
        last_name=row.last_name,
        sex=row.sex,
        date_of_birth=row.date_of_birth,
        country=row.country,
        club=club,
        rating=row.rating,
    )
