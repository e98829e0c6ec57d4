"""Matches as an iCalendar feed (RFC 5545, written by the icalendar library), which a phone's calendar follows: a
player's own (on their personal link) and a tournament's. Each match of a published round that has a time is one
event, its UID the match's own, so that a calendar moves the event when the secretary moves the match; its end is
the time plus the venue's slot (Venue.match_minutes)."""

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from stages.models import Match, Round
from tournaments.models import Venue

PRODUCT = "-//Carrom tournaments//Matches//EN"
DEFAULT_MINUTES = Venue._meta.get_field("match_minutes").default


def scheduled_matches(tournament, entry_ids=None):
    """The tournament's matches of published rounds that have a time (of these entries, when given)."""
    matches = Match.objects.filter(
        stage__event__tournament=tournament, round__status=Round.Status.PUBLISHED, planned_at__isnull=False
    )
    if entry_ids is not None:
        matches = matches.filter(Q(entry_a_id__in=entry_ids) | Q(entry_b_id__in=entry_ids))
    return matches.select_related("stage__event", "round", "entry_a", "entry_b").order_by("planned_at", "pk")


def match_feed(tournament, matches, name, page_url, host):
    """The feed's bytes: one event per match, named `name` in the calendar app, each linking to `page_url`."""
    feed = Calendar()
    feed.add("prodid", PRODUCT)
    feed.add("version", "2.0")
    feed.add("calscale", "GREGORIAN")
    feed.add("x-wr-calname", name)
    feed.add("x-wr-timezone", tournament.time_zone)
    venue = Venue.objects.filter(tournament=tournament).first()
    minutes = venue.match_minutes if venue else DEFAULT_MINUTES
    stamp = timezone.now()
    for match in matches:
        feed.add_component(match_event(tournament, match, minutes, stamp, page_url, host))
    return feed.to_ical()


def match_event(tournament, match, minutes, stamp, page_url, host):
    event = Event()
    event.add("uid", f"match-{match.pk}@{host}")
    event.add("dtstamp", stamp)
    event.add("dtstart", match.planned_at)
    event.add("dtend", match.planned_at + timedelta(minutes=minutes))
    event.add("summary", summary(match))
    where = [_("Table %(table)s") % {"table": match.table}] if match.table else []
    if tournament.venue:
        where.append(tournament.venue)
    if where:
        event.add("location", ", ".join(where))
    event.add("description", f"{tournament.name} · {match.stage.event.name} · {match.stage.name}\n{page_url}")
    event.add("url", page_url)
    if match.status == Match.Status.WALKOVER:  # nobody plays it
        event.add("status", "CANCELLED")
    return event


def summary(match):
    """ "Asha Rao v Ravi Rao (round 3)": the entries' names as the public sees them."""
    sides = [entry.name if entry else _("bye") for entry in (match.entry_a, match.entry_b)]
    return _("%(a)s v %(b)s (round %(round)s)") % {"a": sides[0], "b": sides[1], "round": match.round.number}
