"""What is booked: every match of a tournament as the scheduler sees it (its table, time, people and, in a
knockout, the matches it waits for), and what is wrong with one booking among the others.

People are keyed as ("u", user id) when a player has a login, else ("p", player id); umpires are users. So a
player entered in singles and doubles, or an umpire who also plays, is one person to the scheduler.

A knockout's order is read from the matches' positions (round and line of the bracket), as the draw stores them
(stages.draws.knockout.feeders): a match starts no earlier than the end of every booked match that feeds it, plus
the venue's rest, since its players come from those matches."""

from datetime import timedelta

from django.contrib.auth import get_user_model

from matches.scheduling import engine as scheduling
from matches.scheduling.display import conflict_message, user_name
from matches.scheduling.sessions import windows
from stages.draws import knockout
from stages.models import Match, Stage
from stages.umpiring import self_umpired_rules
from tournaments.models import EntryMember, Player

S = Match.Status
# A bye or a walkover is not played: it holds no table and no one's time.
NOT_PLAYED = (S.BYE, S.WALKOVER)
# Played and over: the table and the players are free from `finished_at`, if it came before the slot's end.
OVER = (S.FINISHED, S.CONFIRMED, S.RETIRED)
# Not started: a withdrawn side will not come to it.
UNPLAYED = (S.SCHEDULED, S.CALLED)


class Book:
    """Every match of a tournament as the scheduler sees it, loaded in three queries (matches, entry members, the
    venue's playing sessions); the names in messages are read only when a conflict has to be named."""

    FIELDS = (
        "id", "stage_id", "round_id", "group_id", "number", "entry_a_id", "entry_b_id", "table", "planned_at",
        "umpire_id", "status", "finished_at", "self_umpired", "round__number", "round__name", "stage__kind",
        "stage__event__rule_set",
    )  # fmt: skip

    def __init__(self, tournament, venue):
        self.venue = venue
        self.duration = timedelta(minutes=venue.match_minutes)
        self.rest = timedelta(minutes=venue.rest_minutes)
        self.sessions = windows(venue)  # the hall's playing hours; none: every hour
        self.rows = {
            row["id"]: row for row in Match.objects.filter(stage__event__tournament=tournament).values(*self.FIELDS)
        }
        self.people = {}
        # A withdrawn entry is never scheduled again: its unplayed matches take no table and no one's time.
        self.withdrawn = set()
        members = EntryMember.objects.filter(entry__event__tournament=tournament)
        for entry_id, withdrawn, player_id, user_id in members.values_list(
            "entry_id", "entry__withdrawn", "player_id", "player__user_id"
        ):
            self.people.setdefault(entry_id, set()).add(person_key(player_id, user_id))
            if withdrawn:
                self.withdrawn.add(entry_id)
        self.feeders, self.fed = bracket_order(self.rows.values())
        self._players = {}

    def withdrawn_side(self, row):
        """Whether a side of the row's match has withdrawn."""
        return row["entry_a_id"] in self.withdrawn or row["entry_b_id"] in self.withdrawn

    def waits(self, row):
        """The row's match still wants a table and time: not called, played or a bye, and both sides in."""
        return row["status"] == S.SCHEDULED and not self.withdrawn_side(row)

    def holds_time(self, row):
        """The row's match holds its table and time: booked, played or to be played (a withdrawn entry's match
        still to be played gives its table and its opponent's time back)."""
        if row["planned_at"] is None or row["status"] in NOT_PLAYED:
            return False
        return not (row["status"] in UNPLAYED and self.withdrawn_side(row))

    def players(self, match_id):
        """The people who play `match_id`. A side still unknown (a knockout match waiting for its feeders' results)
        counts every player who may yet fill it, so a later round is never booked on top of its feeders."""
        if match_id not in self._players:
            row = self.rows[match_id]
            feeders = self.feeders.get(match_id, {})
            people = set()
            for side, entry_id in (("a", row["entry_a_id"]), ("b", row["entry_b_id"])):
                if entry_id is not None:
                    people |= self.people.get(entry_id, set())
                elif side in feeders:
                    people |= self.players(feeders[side])  # feeders sit in earlier rounds: this ends
            self._players[match_id] = frozenset(people)
        return self._players[match_id]

    def booking(self, row, table=None, start=None, umpire_id=None):
        """The engine's Booking of a row, optionally at another table, time or umpire."""
        start = start or row["planned_at"]
        end = start + self.duration
        if row["status"] in OVER and row["finished_at"] and start <= row["finished_at"] < end:
            end = row["finished_at"]
        umpire_id = row["umpire_id"] if umpire_id is None else umpire_id
        umpire = ("u", umpire_id) if umpire_id and not self.self_umpired(row) else None
        return scheduling.Booking(row["id"], start, end, table or row["table"], self.players(row["id"]), umpire)

    def self_umpired(self, row):
        """The match has no umpire: marked so, or its event's laws are for self-umpired games (ECC)."""
        return row["self_umpired"] or self_umpired_rules(row["stage__event__rule_set"])

    def bookings(self, exclude=()):
        """Bookings of every match that holds a table and time, except those in `exclude`."""
        return [self.booking(row) for row in self.rows.values() if self.holds_time(row) and row["id"] not in exclude]

    def booked(self, match_ids):
        """Bookings of those of `match_ids` that hold a table and time."""
        return [self.booking(self.rows[pk]) for pk in match_ids if self.holds_time(self.rows[pk])]

    def not_before(self, match_id):
        """When a knockout match may start at the earliest: the end of the last booked match feeding it, plus the
        rest. None when no match feeding it is booked."""
        return max((b.end + self.rest for b in self.booked(self.feeders.get(match_id, {}).values())), default=None)

    def order_conflicts(self, booking):
        """Where `booking` breaks its bracket's order: it starts before a match feeding it has ended (with the
        rest), or ends too late for a booked match it feeds."""
        found = [
            scheduling.Conflict("feeder", other)
            for other in self.booked(self.feeders.get(booking.match, {}).values())
            if booking.start < other.end + self.rest
        ]
        found += [
            scheduling.Conflict("fed", other)
            for other in self.booked(self.fed.get(booking.match, ()))
            if other.start < booking.end + self.rest
        ]
        return found

    def conflicts(self, booking):
        """What is wrong with `booking` among the bookings of every other match (scheduling.conflicts) and in its
        bracket's order."""
        others = self.bookings(exclude={booking.match})
        tables = range(1, self.venue.tables + 1)
        found = scheduling.conflicts(booking, others, self.venue.rest_minutes, tables, self.sessions)
        return found + self.order_conflicts(booking)

    def messages(self, found):
        """The conflicts as field errors, naming the other match, its table and its time."""
        others = Match.objects.select_related("round", "entry_a", "entry_b").in_bulk(
            [c.other.match for c in found if c.other is not None]
        )
        names = person_names({c.person for c in found if c.person is not None})
        errors = {}
        for conflict in found:
            text = conflict_message(conflict, others, names, self.venue)
            errors.setdefault(conflict.field, []).append(text)
        return errors


def bracket_order(rows):
    """Who feeds whom in the knockouts among `rows`, by position: ({match: {side: feeder}}, {feeder: [matches it
    feeds]}). A semi-final feeds the final and the third-place match."""
    at = {(r["stage_id"], r["round__number"], r["number"]): r for r in rows if r["stage__kind"] == Stage.Kind.KNOCKOUT}
    feeders, fed = {}, {}
    for (stage_id, round_number, number), row in at.items():
        for side, feeder in zip("ab", knockout.feeders(round_number, number, row["round__name"]), strict=False):
            source = at.get((stage_id, feeder.round, feeder.number))
            if source:
                feeders.setdefault(row["id"], {})[side] = source["id"]
                fed.setdefault(source["id"], []).append(row["id"])
    return feeders, fed


def person_key(player_id, user_id):
    return ("u", user_id) if user_id else ("p", player_id)


def person_names(keys):
    user_ids = [pk for kind, pk in keys if kind == "u"]
    player_ids = [pk for kind, pk in keys if kind == "p"]
    names = {}
    for user in get_user_model().objects.filter(pk__in=user_ids).select_related("player"):
        names["u", user.pk] = user_name(user)
    for player in Player.objects.filter(pk__in=player_ids):
        names["p", player.pk] = player.full_name
    return names
