"""The roll call before an event's draw: the desk (or each player from their personal link, while it is open)
marks who is here; then one confirmed step withdraws every entry still unmarked, in one transaction, through the
withdrawal service (services.withdraw_entry, so the floors above hear of each: signals.entry_withdrawn). Refused
once a stage of the event is drawn: the draw takes the entries still active."""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, ServiceError
from tournaments.models import Entry, Event, Presence, RollCall
from tournaments.services import withdraw_entry
from tournaments.signals import drawn_stages


@dataclass
class Line:
    """One entry on the roll call: its presence (None while unmarked)."""

    entry: Entry
    presence: Presence | None

    @property
    def present(self):
        return self.presence is not None


# ---------------------------------------------------------------- reading


def roll_call_of(event):
    return RollCall.objects.filter(event=event).first()


def roll_call_lines(event, query=""):
    """The event's active entries with their marks, by name (two queries); `query` keeps those whose name holds
    it, whatever the case."""
    roll_call = roll_call_of(event)
    marks = {}
    if roll_call is not None:
        marks = {p.entry_id: p for p in roll_call.presences.select_related("marked_by", "player")}
    entries = Entry.objects.filter(event=event, withdrawn=False).order_by("name")
    lines = [Line(entry, marks.get(entry.pk)) for entry in entries]
    folded = query.strip().casefold()
    if folded:
        lines = [line for line in lines if folded in line.entry.name.casefold()]
    return lines


def absent_entries(event):
    """The active entries not marked present: those the withdrawal step would withdraw, by name."""
    marked = Presence.objects.filter(roll_call__event=event).values("entry_id")
    return list(Entry.objects.filter(event=event, withdrawn=False).exclude(pk__in=marked).order_by("name"))


def open_roll_calls(entries):
    """Of a player's `entries` (read with their events' roll calls: select_related "event__roll_call"), those whose
    event holds an open roll call: [(entry, present)] for the personal page. No query where none is open, as on
    most personal pages."""
    entries = [entry for entry in entries if not entry.withdrawn and roll_call_open(entry.event)]
    if not entries:
        return []
    marked = Presence.objects.filter(entry__in=[entry.pk for entry in entries]).values_list("entry_id", flat=True)
    present = set(marked)
    return [(entry, entry.pk in present) for entry in entries]


def roll_call_open(event):
    try:
        return event.roll_call.is_open
    except RollCall.DoesNotExist:
        return False


# ---------------------------------------------------------------- the desk's and the players' operations


def refuse_after_draw(event):
    drawn = drawn_stages(event)
    if drawn:
        raise Conflict(
            "event", _("%(stage)s has been drawn: the roll call comes before the draw.") % {"stage": drawn[0].name}
        )


@transaction.atomic
def open_roll_call(event, user=None):
    """Open the event's roll call (again, after a withdrawal step closed it): players may mark themselves."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    refuse_after_draw(event)
    roll_call, created = RollCall.objects.get_or_create(event=event, defaults={"opened_by": user})
    if not created and not roll_call.is_open:
        roll_call.closed_at = None
        roll_call.save(update_fields=["closed_at"])
    return roll_call


@transaction.atomic
def close_roll_call(event):
    roll_call = RollCall.objects.select_for_update().filter(event=event).first()
    if roll_call is not None and roll_call.is_open:
        roll_call.closed_at = timezone.now()
        roll_call.save(update_fields=["closed_at"])
    return roll_call


@transaction.atomic
def mark(entry, present=True, user=None):
    """The desk marks an entry present (opening the roll call if need be), or takes the mark back."""
    entry = Entry.objects.select_related("event").get(pk=entry.pk)
    if entry.withdrawn:
        raise ServiceError("entry", _("%(entry)s is withdrawn.") % {"entry": entry.name})
    roll_call = RollCall.objects.filter(event=entry.event).first()
    if roll_call is None or not roll_call.is_open:
        roll_call = open_roll_call(entry.event, user)
    if present:
        Presence.objects.get_or_create(roll_call=roll_call, entry=entry, defaults={"marked_by": user})
    else:
        Presence.objects.filter(roll_call=roll_call, entry=entry).delete()
    return entry


@transaction.atomic
def mark_myself(entry, player):
    """A player's "I am here" from their personal link: their entry, while its event's roll call is open."""
    entry = Entry.objects.select_related("event").get(pk=entry.pk)
    if not entry.members.filter(player=player).exists():
        raise ServiceError("entry", _("You are not entered in %(event)s.") % {"event": entry.event.name})
    roll_call = RollCall.objects.filter(event=entry.event).first()
    if roll_call is None or not roll_call.is_open or entry.withdrawn:
        raise ServiceError("entry", _("The roll call of %(event)s is not open.") % {"event": entry.event.name})
    Presence.objects.get_or_create(roll_call=roll_call, entry=entry, defaults={"player": player})
    return entry


@transaction.atomic
def withdraw_absent(event, confirmed):
    """Withdraw every active entry not marked present and close the roll call. `confirmed` lists the entries (ids)
    the secretary saw on the confirmation: when the absent are no longer exactly those (someone marked meanwhile),
    nothing is done (Conflict), so nobody is withdrawn unseen; an id that is none (None) matches no entry. Refused
    once a stage is drawn."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    refuse_after_draw(event)
    absent = absent_entries(event)
    if {entry.pk for entry in absent} != set(confirmed):
        raise Conflict("entries", _("The absent entries have changed since the list was shown: look at it again."))
    for entry in absent:
        withdraw_entry(entry)
    close_roll_call(event)
    return absent
