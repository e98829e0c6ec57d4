"""Teams of a team event (ties of singles and doubles): a name, the country or club it represents, and its roster,
captain and reserves among them. A team is an entry, so draws, standings and brackets take it like any other;
its rubbers and line-ups are the match day's (matches.ties).

A roster is written the way a team manager hands it in, one player a line: "Asha Rao", and after a comma "C" for
the captain, "R" for a reserve, a three-letter code for a citizenship other than the team's country."""

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.countries import COUNTRY, clean_country
from tournaments.eligibility import check_eligible
from tournaments.entry_services import check_not_entered, find_club, new_or_known_player
from tournaments.models import Entry, EntryMember, Event
from tournaments.signals import roster_changing

ROSTER_MAX = 16


def parse_roster(text):
    """Roster lines as dicts (first_name, last_name, nationality, captain, reserve); ServiceError on a bad line."""
    roster = []
    for number, line in enumerate(text.splitlines(), start=1):
        name, *marks = [part.strip() for part in line.split(",")]
        if not name:
            continue
        first, _sep, last = name.partition(" ")
        member = {"first_name": first, "last_name": last.strip(), "captain": False, "reserve": False}
        for mark in (m.upper() for m in marks if m):
            if mark == "C":
                member["captain"] = True
            elif mark == "R":
                member["reserve"] = True
            elif COUNTRY.fullmatch(mark):
                member["nationality"] = mark
            else:
                raise ServiceError(
                    "roster",
                    _('Line %(line)s: after the name, "C" marks the captain, "R" a reserve, three letters a '
                      "citizenship; %(mark)s is none of these.") % {"line": number, "mark": mark},
                )  # fmt: skip
        roster.append(member)
    return roster


@transaction.atomic
def enter_team(event, name, roster, country="", club=""):
    """Enter a team: `roster` lists dicts with a known `player` or a new player's first_name, last_name and
    nationality, each with `captain` and `reserve`. Refused with the reason when the event is not a team event,
    the name is taken, a player is already in the event, or a player is not eligible (citizens only)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    name, country = check_team(event, name, country, roster)
    players = [member.get("player") or roster_player(member, country) for member in roster]
    club = find_club(club or "", country)
    check_players(event, players, country, club=club)
    entry = Entry.objects.create(event=event, name=name, country=country, club=club)
    write_roster(entry, players, roster)
    return entry


@transaction.atomic
def change_team(team, name, roster, country="", club=""):
    """Change an entered team: its name, country, club and roster (players added or dropped, the captain and the
    reserves marked anew). A roster line naming a player already on it keeps that player. Refused as enter_team,
    and when a dropped player is in the line-up of a tie not yet over (tournaments.signals.roster_changing)."""
    team = Entry.objects.select_for_update().select_related("event").get(pk=team.pk)
    name, country = check_team(team.event, name, country, roster, team)
    current = {m.player.full_name.casefold(): m.player for m in team.members.select_related("player")}
    players = [
        member.get("player") or current.get(full_name(member)) or roster_player(member, country) for member in roster
    ]
    club = find_club(club or "", country)
    check_players(team.event, players, country, team, club=club)
    dropped = [player for player in current.values() if player not in players]
    if dropped:
        roster_changing.send(sender=Entry, team=team, dropped=dropped)
    team.name, team.country, team.club = name, country, club
    team.save(update_fields=["name", "country", "club"])
    team.members.all().delete()
    write_roster(team, players, roster)
    return team


def check_team(event, name, country, roster, team=None):
    """The team's name and country, cleaned; refused with the reason (see enter_team)."""
    if event.kind != Event.Kind.TEAM_TIES:
        raise ServiceError("event", _("Teams enter team events (ties of singles and doubles) only."))
    name = " ".join(name.split())
    if not name:
        raise ServiceError("name", _("Give the team's name."))
    others = event.entries.exclude(pk=team.pk) if team else event.entries
    if others.filter(name__iexact=name).exists():
        raise ServiceError("name", _("A team of this name is already entered."))
    country = clean_country(country)
    if not 2 <= len(roster) <= ROSTER_MAX:
        raise ServiceError("roster", _("A team has from 2 to %(count)s players.") % {"count": ROSTER_MAX})
    if sum(1 for member in roster if member.get("captain")) != 1:
        raise ServiceError("roster", _("Name one captain."))
    return name, country


def write_roster(team, players, roster):
    EntryMember.objects.bulk_create(
        EntryMember(
            entry=team,
            player=player,
            position=position,
            captain=bool(member.get("captain")),
            reserve=bool(member.get("reserve")),
        )
        for position, (player, member) in enumerate(zip(players, roster, strict=True), start=1)
    )


def full_name(member):
    return " ".join(part for part in (member.get("first_name", ""), member.get("last_name", "")) if part).casefold()


def roster_text(team):
    """The team's roster as a manager hands it in (parse_roster reads it back): "Asha Rao, C"."""
    lines = []
    for member in team.members.select_related("player").order_by("position"):
        marks = ["C"] if member.captain else []
        marks += ["R"] if member.reserve else []
        if member.player.citizenship and member.player.citizenship != team.country:
            marks.append(member.player.citizenship)
        lines.append(", ".join([member.player.full_name, *marks]))
    return "\n".join(lines)


def roster_player(member, country):
    fields = {"first_name": member.get("first_name", ""), "last_name": member.get("last_name", "")}
    player = new_or_known_player({**fields, "country": country})
    nationality = (member.get("nationality") or "").upper()
    if nationality and nationality != player.citizenship:
        player.nationality = nationality
        player.save(update_fields=["nationality"])
    return player


def check_players(event, players, country, team=None, club=None):
    """Refused with the reason: a player twice, already in the event, or one its rules refuse
    (tournaments.eligibility; the federation sending the team is its club when that is a federation, else the
    club's federation)."""
    if len({player.pk for player in players}) != len(players):
        raise ServiceError("roster", _("A player is on the roster twice."))
    check_not_entered(event, players, "roster", team)
    check_eligible(event, players, sending_federation(club), field="roster")
    if event.citizens_only:
        if not country:
            raise ServiceError("country", _("Only citizens may play in this event: give the team's country."))
        foreign = [player.full_name for player in players if player.citizenship != country]
        if foreign:
            raise ServiceError(
                "roster",
                _("Only citizens of %(country)s may play for this team: %(players)s.")
                % {"country": country, "players": ", ".join(foreign)},
            )


def sending_federation(club):
    if club is None:
        return None
    return club if club.is_federation else club.federation


def captain_of(team):
    member = team.members.filter(captain=True).select_related("player").first()
    return member.player if member else None
