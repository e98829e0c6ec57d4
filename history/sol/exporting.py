"""Writing tournaments as a SoL file: gzipped YAML, one SoL tourney per event, in the layout SoL 5's loader reads
(see sol/README.md). SoL ranks a prized tourney by prize first: prizes follow our final placings, so SoL ranks the
competitors as we do. A player's date of birth goes in only where the file's reader may see it
(tournaments.privacy)."""

import gzip
import uuid

import yaml

from history.championships.models import Championship
from history.championships.selectors import event_prizes, scheme_of
from history.ratings.models import EventRating
from history.sol.export_matches import event_matches, is_finished, stage_figures
from history.sol.models import PlayerAlias
from tournaments.models import Entry, Event

# A guid for our objects that have none: the same on every export, so SoL recognises a tournament sent twice.
NAMESPACE = uuid.UUID("6f1d0e52-8a43-4c4e-9d1f-3c0b2a5e7d10")


def our_guid(kind, pk):
    return uuid.uuid5(NAMESPACE, f"{kind}:{pk}").hex


def agreed_privacy(player):
    """SoL's "agreedprivacy" of a player: "A" agreed to publish their name, "N" did not, " " never said (SoL then
    infers it from their playing since 2020: tournaments.consent's defaults)."""
    if not player.consent_source:
        return " "
    return "A" if player.publish_name else "N"


class Writer:
    """SoL's flat lists with 1-based references, each object once."""

    def __init__(self, birth_dates=frozenset()):
        # ids of the players whose date of birth (and private name) the reader may see: their tournament's
        # secretaries and chief referees (tournaments.privacy)
        self.birth_dates = birth_dates
        self.lists = {"users": [], "clubs": [], "players": [], "championships": [], "ratings": [], "rates": []}
        self.seen = {}

    def add(self, kind, obj, build):
        key = (kind, obj.pk)
        if key not in self.seen:
            self.lists[kind].append(None)
            self.seen[key] = len(self.lists[kind])
            self.lists[kind][self.seen[key] - 1] = build(obj)
        return self.seen[key]

    def club(self, club):
        def build(club):
            record = {"guid": club.guid or our_guid("club", club.pk), "description": club.name, "prizes": "fixed"}
            record["couplings"] = "serial"
            if club.country:
                record["nationality"] = club.country
            if club.is_federation:
                record["isfederation"] = True
            return record

        return self.add("clubs", club, build)

    def player(self, player):
        def build(player):
            officials = player.pk in self.birth_dates
            first_name, last_name = (
                (player.first_name, player.last_name) if officials or player.publish_name else (player.shown_name, "")
            )
            record = {
                "guid": player.guid or our_guid("player", player.pk),
                "firstname": first_name,
                "lastname": last_name,
                "agreedprivacy": agreed_privacy(player),
            }
            born = player.date_of_birth if player.pk in self.birth_dates else None
            country = player.country if officials else player.shown_country
            optional = {"sex": player.sex, "nationality": country, "birthdate": born}
            record.update({name: value for name, value in optional.items() if value})
            if player.club_id:
                record["club"] = self.club(player.club)
            return record

        return self.add("players", player, build)

    def rating(self, rating):
        def build(rating):
            record = {
                "guid": rating.guid,
                "description": rating.name,
                "level": rating.level,
                "inherit": rating.inheritance,
                "tau": str(rating.tau),
                "default_rate": rating.default_rate,
                "default_deviation": rating.default_deviation,
                "default_volatility": str(rating.default_volatility),
                "lower_rate": rating.lower_rate,
                "higher_rate": rating.higher_rate,
                "outcomes": rating.outcomes,
            }
            if rating.club_id:
                record["club"] = self.club(rating.club)
            return record

        return self.add("ratings", rating, build)

    def championship(self, championship, event):
        if championship is None:
            return self.own_championship(event)

        def build(championship):
            return {
                "guid": championship.guid or our_guid("championship", championship.pk),
                "club": self.club(championship.club),
                "description": championship.name,
                "prizes": championship.prize_scheme,
                "couplings": "serial",
                "skipworstprizes": championship.skip_worst,
                "playersperteam": championship.players_per_team,
                "closed": championship.closed,
            }

        return self.add("championships", championship, build)

    def own_championship(self, event):
        """SoL puts every tourney in a championship of a club: a tournament in none gets one of its own, named
        after the event, of its host club (else a club named after the tournament)."""
        tournament = event.tournament

        def build(event):
            club = tournament.host_club
            club_ref = self.club(club) if club else self.add("clubs", tournament, lambda t: own_club(t))
            return {
                "guid": our_guid("event-championship", event.pk),
                "club": club_ref,
                "description": f"{tournament.name} – {event.name}"[:50],
                "prizes": Championship.Scheme.FIXED.value,
                "couplings": "serial",
                "skipworstprizes": 0,
                "playersperteam": event.team_size,
            }

        return self.add("championships", event, build)

    def documents(self, tourneys):
        self.add_merged()
        return [self.lists, *tourneys]

    def add_merged(self):
        """Each player's merged guids (sol.PlayerAlias), as SoL writes its merged players: [guid, last name, first
        name, nickname], so SoL resolves the old guid to this player too. One query for the whole file."""
        index = {pk: number for (kind, pk), number in self.seen.items() if kind == "players"}
        for alias in PlayerAlias.objects.filter(player_id__in=index).order_by("guid"):
            record = self.lists["players"][index[alias.player_id] - 1]
            record.setdefault("merged", []).append([alias.guid, record["lastname"], record["firstname"], ""])


def own_club(tournament):
    return {"guid": our_guid("tournament-club", tournament.pk), "description": tournament.name[:50]}


def tourney_guid(tournament, event):
    """An imported tournament's guid, for its one event; else one made from the event."""
    if tournament.guid and tournament.events.count() == 1:
        return tournament.guid
    return our_guid("event", event.pk)


def event_tourney(writer, event):
    """One SoL tourney for `event`."""
    tournament = event.tournament
    championship = Championship.objects.filter(tournaments=tournament).select_related("club").first()
    entries = list(Entry.objects.filter(event=event).prefetch_related("members__player__club").order_by("pk"))
    numbers = {entry.pk: number for number, entry in enumerate(entries, start=1)}
    stages = list(event.stages.order_by("order"))
    matches, facts = event_matches(stages, numbers)
    prized = bool(stages) and all(is_finished(stage) for stage in stages)
    figures = stage_figures(stages[0]) if stages else {}
    prizes = {entry.pk: amount for _place, entry, amount in event_prizes(event, scheme_of(event))} if prized else {}
    competitors = []
    for entry in entries:
        record = {"players": [writer.player(member.player) for member in entry.members.all()]}
        record.update(figures.get(entry.pk, {"points": 0, "netscore": 0, "totscore": 0, "bucholz": 0}))
        if prized:
            record["prize"] = str(prizes.get(entry.pk, 0))
        if entry.withdrawn:
            record["retired"] = True
        competitors.append(record)
    tourney = {
        "guid": tourney_guid(tournament, event),
        "championship": writer.championship(championship, event),
        "description": tournament.name,
        "date": tournament.start_date,
        "prized": prized,
        "retirements": "none",
        "matcheskind": "simple",
        "competitors": competitors,
        "matches": matches,
        **facts,
    }
    if tournament.venue:
        tourney["location"] = tournament.venue
    if tournament.host_club_id:
        tourney["hosting_club"] = writer.club(tournament.host_club)
    link = EventRating.objects.filter(event=event).select_related("rating__club").first()
    if link is not None:
        tourney["rating"] = writer.rating(link.rating)
    return tourney


def export_tournaments(tournaments, birth_dates=frozenset()):
    """The gzipped YAML of a SoL file holding `tournaments` (each event a SoL tourney). `birth_dates`: the ids of
    the players whose date of birth it carries (tournaments.privacy.birth_dates_shown); none by default."""
    writer = Writer(birth_dates)
    tourneys = [
        event_tourney(writer, event)
        for tournament in tournaments
        # SoL knows no ties of rubbers (its teams play as one competitor): a team event is not SoL's to carry.
        for event in tournament.events.exclude(kind=Event.Kind.TEAM_TIES)
        .select_related("tournament__host_club")
        .order_by("pk")
    ]
    text = yaml.dump_all(writer.documents(tourneys), Dumper=Dumper, allow_unicode=True, sort_keys=False)
    return gzip.compress(text.encode("utf-8"), mtime=0)


Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
