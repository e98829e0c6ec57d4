"""Read-only questions for the federations' pages and API: the delegations of a tournament with their quotas, what
each has sent, and the delegates' log. A fixed number of queries per page, whatever the number of federations."""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from federations.display import entry_facts
from federations.models import DelegateAction, Delegation, EventFee, FeePayment, Quota, SentEntry
from federations.services import QUOTA_KINDS
from registration.models import EventRegistration
from registration.selectors import entries_open
from tournaments.models import Club, EntryMember, Event
from tournaments.people_models import real_name


@dataclass
class QuotaLine:
    event: Event
    places: int = 0
    used: int = 0
    open: bool = False

    @property
    def left(self):
        return max(self.places - self.used, 0)


@dataclass
class FeeTotal:
    currency: str
    due: Decimal = Decimal("0.00")
    paid: Decimal = Decimal("0.00")
    waived: Decimal = Decimal("0.00")


@dataclass
class DelegationSummary:
    delegation: Delegation
    quotas: list  # QuotaLine per event of the tournament a federation sends players to
    entries: list = field(default_factory=list)  # the entries it sent, each with .members (players in order)

    @property
    def fee_totals(self):
        """[FeeTotal per currency] of the entries it sent that have a fee (a withdrawn entry owes nothing)."""
        totals = {}
        for entry in self.entries:
            if entry.fee is None or (entry.withdrawn and entry.fee_status == FeePayment.Status.DUE):
                continue
            total = totals.setdefault(entry.fee.currency, FeeTotal(entry.fee.currency))
            setattr(total, entry.fee_status, getattr(total, entry.fee_status) + entry.fee.amount)
        return [totals[currency] for currency in sorted(totals)]

    @property
    def open_places(self):
        """Whether any event where it has places left takes entries now."""
        return any(line.open and line.left for line in self.quotas)

    @property
    def places(self):
        return sum(line.places for line in self.quotas)

    @property
    def used(self):
        return sum(line.used for line in self.quotas)


def federations():
    """The clubs marked as federations, for the secretary to choose from."""
    return Club.objects.filter(is_federation=True).order_by("name")


def quota_events(tournament):
    """The tournament's events a federation sends players to, each with `.entries_open`."""
    events = list(Event.objects.filter(tournament=tournament, kind__in=QUOTA_KINDS).order_by("name"))
    windows = {w.event_id: w for w in EventRegistration.objects.filter(event__in=events)}
    fees = event_fees(events)
    for event in events:
        event.fee = fees.get(event.pk)
        # entries_open reads the window again per event; the few events of a tournament make that cheap enough,
        # and the rule stays registration's own.
        event.entries_open = entries_open(event) if event.pk in windows else False
    return events


def summaries(tournament, delegations=None):
    """DelegationSummary for each delegation of the tournament (or of `delegations`), federations by name."""
    events = quota_events(tournament)
    if delegations is None:
        delegations = Delegation.objects.filter(tournament=tournament).select_related("federation", "tournament")
    delegations = list(delegations)
    ids = [d.pk for d in delegations]
    places = {(q.delegation_id, q.event_id): q.places for q in Quota.objects.filter(delegation_id__in=ids)}
    sent = list(
        SentEntry.objects.filter(delegation_id__in=ids)
        .select_related("entry__event")
        .order_by("entry__event__name", "sent_at")
    )
    members = defaultdict(list)
    for member in EntryMember.objects.filter(entry__in=[s.entry_id for s in sent]).select_related("player__club"):
        members[member.entry_id].append(member)
    fees = {event.pk: event.fee for event in events if event.fee}
    opened = {event.pk: event.entries_open for event in events}
    payments = {p.entry_id: p for p in FeePayment.objects.filter(entry__in=[s.entry_id for s in sent])}
    used = defaultdict(int)
    entries = defaultdict(list)
    for row in sent:
        entry = row.entry
        entry.members_in_order = [m.player for m in sorted(members[entry.pk], key=lambda m: m.position)]
        entry.facts = entry_facts(entry.members_in_order)
        # The federation and the officials read its players' real names; the public may see initials.
        entry.real_name = real_name(entry.name, entry.members_in_order)
        entry.sent_at = row.sent_at
        entry.entries_open = opened.get(entry.event_id, False)
        entry.fee = fees.get(entry.event_id)
        entry.payment = payments.get(entry.pk)
        entry.fee_status = entry.payment.status if entry.payment else FeePayment.Status.DUE
        entries[row.delegation_id].append(entry)
        if not entry.withdrawn:
            used[(row.delegation_id, entry.event_id)] += 1
    result = []
    for delegation in delegations:
        lines = [
            QuotaLine(
                event,
                places.get((delegation.pk, event.pk), 0),
                used[(delegation.pk, event.pk)],
                event.entries_open,
            )
            for event in events
        ]
        result.append(DelegationSummary(delegation, lines, entries[delegation.pk]))
    return result


def summary(delegation):
    return summaries(delegation.tournament, [delegation])[0]


def actions(tournament, delegation=None, limit=100):
    """The delegates' log, newest first."""
    rows = DelegateAction.objects.filter(delegation__tournament=tournament).select_related(
        "delegation__federation", "event"
    )
    if delegation is not None:
        rows = rows.filter(delegation=delegation)
    return list(rows[:limit])


def event_fees(events):
    """{event id: EventFee} of the events that have one."""
    return {fee.event_id: fee for fee in EventFee.objects.filter(event__in=events)}
