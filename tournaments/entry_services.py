"""The secretary's operations on one entry and its players, from the event page and the API: a late entry, a
player's corrections, a seed, removing an entry before the draw, withdrawing and reinstating (services.withdraw_entry).
Each is one transaction; a refusal is a core.errors.ServiceError naming the field at fault (Conflict when the
entry's draw has been made)."""

from collections import defaultdict

from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from core import page_cache
from core.bulk import update_rows
from core.errors import Conflict, ServiceError
from tournaments.countries import clean_country
from tournaments.eligibility import check_eligible
from tournaments.models import Club, Entry, EntryMember, Event, Player, entry_name, player_identity
from tournaments.services import TEAM_SIZE_NEEDED, withdraw_entry
from tournaments.signals import removal_refusal

# What a secretary may correct of a player, besides the fields the API also takes (sex, date of birth).
PLAYER_FIELDS = ("first_name", "last_name", "club", "country", "rating", "sex", "date_of_birth")
NAME_LENGTH = Player._meta.get_field("first_name").max_length
CLUB_LENGTH = Club._meta.get_field("name").max_length


# ---------------------------------------------------------------- players


def find_club(name, country=""):
    """The club of that name, whatever its case, created when there is none; None for no name."""
    name = " ".join(name.split())
    if not name:
        return None
    if len(name) > CLUB_LENGTH:
        raise ServiceError("club", _("A club's name has at most %(count)s characters.") % {"count": CLUB_LENGTH})
    return known_club(name) or Club.objects.create(name=name, country=country)


def known_club(name):
    """The club of that name, whatever its case (matched in Python: SQLite's LOWER() folds ASCII only), or None."""
    folded = " ".join(name.split()).casefold()
    if not folded:
        return None
    return next((club for club in Club.objects.only("pk", "name") if club.name.casefold() == folded), None)


def clean_player_fields(fields, suffix=""):
    """The fields of a player as saved: names and country trimmed, the country in capitals. `suffix` names the
    form field at fault for a doubles pair's second player ("_2")."""
    cleaned = dict(fields)
    for name in ("first_name", "last_name"):
        if name in cleaned:
            cleaned[name] = " ".join((cleaned[name] or "").split())
            if len(cleaned[name]) > NAME_LENGTH:
                message = _("A name has at most %(count)s characters.") % {"count": NAME_LENGTH}
                raise ServiceError(name + suffix, message)
    if "first_name" in cleaned and not cleaned["first_name"]:
        raise ServiceError("first_name" + suffix, _("Give the player's first name."))
    if "country" in cleaned:
        cleaned["country"] = clean_country(cleaned["country"], "country" + suffix)
    rating = cleaned.get("rating")
    if rating is not None and (not isinstance(rating, int) or rating < 0):
        raise ServiceError("rating" + suffix, _("A rating is a whole number, 0 or more."))
    return cleaned


def new_or_known_player(fields, suffix=""):
    """The player these fields describe: the one already known by first name, last name and country (as the
    import finds them), else a new one with its club."""
    fields = clean_player_fields({"last_name": "", "country": "", **fields}, suffix)
    identity = player_identity(fields["first_name"], fields["last_name"], fields["country"])
    known = Player.objects.filter(identity=identity).order_by("pk").first()
    if known is not None:
        return known
    club = fields.pop("club", None)
    if isinstance(club, str):
        club = find_club(club, fields["country"])
    return Player.objects.create(club=club, **fields)


@transaction.atomic
def update_player(player, **fields):
    """Correct a player (name, club, country, rating...). A new name shows at once everywhere the player
    plays: the names of their entries (a copy kept on each entry) are written again, and every tournament they
    are entered in gets its public pages made anew. `club` is a Club, None, or a club's name."""
    unknown = set(fields) - set(PLAYER_FIELDS)
    if unknown:
        raise ValueError(f"Not a player field: {', '.join(sorted(unknown))}")
    fields = clean_player_fields(fields)
    if isinstance(fields.get("club"), str):
        fields["club"] = find_club(fields["club"], fields.get("country", player.country))
    for name, value in fields.items():
        setattr(player, name, value)
    player.save()
    refresh_entry_names(player)
    return player


def refresh_club_names(club):
    """A player who keeps their name private is shown with their club's name ("A. R. (Mumbai CC)"): the names of
    their entries follow a club renamed."""
    refresh_entry_names(*club.players.filter(publish_name=False, alias=""))


def refresh_entry_names(*players):
    """Write again the names of every entry these players are in, in every event: a fixed number of queries per
    500 players (a SoL import hides the names of thousands at once). A team of a team event keeps the name it
    entered with (Entry.refresh_name)."""
    ids = [player.pk for player in players]
    changed = []
    for start in range(0, len(ids), 500):
        members = EntryMember.objects.filter(player_id__in=ids[start : start + 500])
        entry_ids = set(members.exclude(entry__event__kind=Event.Kind.TEAM_TIES).values_list("entry_id", flat=True))
        teams = defaultdict(list)
        members = EntryMember.objects.filter(entry_id__in=entry_ids).select_related("player__club").order_by("position")
        for member in members:
            teams[member.entry_id].append(member.player)
        found = []
        entries = Entry.objects.filter(pk__in=entry_ids)  # none of a team event (entry_ids, above)
        for entry in entries.select_related("event"):
            name = entry_name(teams[entry.pk])
            if entry.name != name:
                entry.name = name
                found.append(entry)
        update_rows(Entry, ("name",), [(entry.pk, entry.name) for entry in found])
        changed += found
    # Bulk writes send no signals.
    page_cache.changed({entry.event.tournament_id for entry in changed})
    return changed


# ---------------------------------------------------------------- entries


def check_seed(event, seed, entry=None):
    if seed is None:
        return
    if seed < 1:
        raise ServiceError("seed", _("A seed is a whole number from 1."))
    owner = Entry.objects.filter(event=event, seed=seed).exclude(pk=getattr(entry, "pk", None)).first()
    if owner is not None:
        raise ServiceError("seed", _("Seed %(seed)s already belongs to %(entry)s.") % {"seed": seed, "entry": owner})


@transaction.atomic
def add_late_entry(event, players=(), new_players=(), seed=None):
    """Enter one more entry in an event, before or after its draw: known `players` and/or `new_players` (dicts of
    first_name, last_name, club (a name), country, rating), in member order. A drawn round robin or knockout
    goes on without it; a Swiss stage pairs it from its next round, with 0 points."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if len(players) + len(new_players) != event.team_size:
        raise ServiceError("players", str(TEAM_SIZE_NEEDED[event.kind] % {"count": event.team_size}))
    check_seed(event, seed)
    team = list(players)
    for position, fields in enumerate(new_players, len(team) + 1):
        team.append(new_or_known_player(fields, suffix="" if position == 1 else f"_{position}"))
    if len({player.pk for player in team}) != len(team):
        raise ServiceError("players", _("A player cannot be both members of one pair."))
    check_not_entered(event, team, "players")
    check_eligible(event, team)
    entry = Entry.objects.create(event=event, seed=seed, name=entry_name(team))
    EntryMember.objects.bulk_create(
        EntryMember(entry=entry, player=player, position=position) for position, player in enumerate(team, 1)
    )
    return entry


def check_not_entered(event, players, field, entry=None):
    """Refused, naming `field`, when one of `players` is already entered in `event` (in any entry of it but
    `entry`, whose own players these may be)."""
    taken = EntryMember.objects.filter(entry__event=event, player__in=players).exclude(entry=entry)
    taken = taken.select_related("player").first()
    if taken is not None:
        raise ServiceError(
            field, _("%(player)s is already entered in %(event)s") % {"player": taken.player, "event": event.name}
        )


@transaction.atomic
def set_seed(entry, seed):
    entry = Entry.objects.select_for_update().select_related("event").get(pk=entry.pk)
    check_seed(entry.event, seed, entry)
    entry.seed = seed
    entry.save(update_fields=["seed"])
    return entry


@transaction.atomic
def update_entry(entry, corrections=(), **fields):
    """Save what the entry page or the API's PATCH changes of an entry, all or nothing: `seed`, `withdrawn`, and
    `corrections`, pairs (player, {field: value}) for update_player."""
    unknown = set(fields) - {"seed", "withdrawn"}
    if unknown:
        raise ValueError(f"Not an entry field: {', '.join(sorted(unknown))}")
    if "seed" in fields:
        set_seed(entry, fields["seed"])
    for player, changes in corrections:
        update_player(player, **changes)
    if "withdrawn" in fields:
        withdraw_entry(entry, fields["withdrawn"])
    entry.refresh_from_db()
    return entry


@transaction.atomic
def remove_entry(entry):
    """Take an entry out of its event, as if it had never been entered: only before any draw of the event
    (afterwards it is withdrawn instead, and its played matches stand). Its players stay."""
    entry = Entry.objects.select_for_update().select_related("event").get(pk=entry.pk)
    refusal = removal_refusal(entry.event)
    if refusal:
        raise Conflict("entry", refusal)
    try:
        with transaction.atomic():
            entry.delete()
    except ProtectedError:
        raise Conflict(
            "entry", _("%(entry)s has matches in a draw: withdraw the entry instead.") % {"entry": entry}
        ) from None
    return entry
