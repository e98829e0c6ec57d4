"""Round clocks: a countdown per round, stored in the database.

ECC 39-41: a game lasts 50 minutes to the first bell (no new board after it, ECC 40) and 7 more to the second bell,
when play stops and the unfinished board is scored by the difference in c/m left, the Queen excluded (ECC 41).
The clock starts when the round is called "Start" (ECC 18, 27).

A rule set without a time limit (ICF, queen2, office) gets a plain countdown of the venue's match minutes: its
first and second bells are the same moment, and nothing is scored when it runs out (those laws end a game on
points or boards only). So "has a time limit" is read from the stored clock itself: second bell after the first.

`ring_second_bells` is run by the periodic task every PERIODIC_SECONDS; it is idempotent (a clock is applied once,
notifications are keyed), so a second run, two workers or a late worker change nothing."""

import math
from datetime import timedelta

from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from matches.audit import log_change, signed_in, snapshot
from matches.models import ResultChange
from matches.scheduling.display import second_bell_notice
from matches.scheduling.errors import refuse
from matches.scheduling.models import RoundClock
from stages.models import UNFINISHED, Match, Round
from stages.signals import match_times_changed
from tournaments.models import EntryMember
from tournaments.notifications import notify, tournament_officials
from tournaments.time_zones import zone_of
from tournaments.venue import venue_of

S = Match.Status
# Matches still on the board at the second bell.


def clock_of(rnd):
    """The round's clock, or None before it is started."""
    return RoundClock.objects.filter(round=rnd).first()


@transaction.atomic
def start_clock(rnd, user=None, now=None):
    """Start a published round's clock now: ECC 39-41 bells from the rule set's time limit, else a plain countdown
    of the venue's match minutes. A round has one clock; starting it twice is refused."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("stage__event__tournament").get(pk=rnd.pk)
    if rnd.status != Round.Status.PUBLISHED:
        refuse(
            "round", _("%(round)s is a preview: publish it before starting its clock.") % {"round": rnd.display_name}
        )
    existing = clock_of(rnd)
    if existing:
        started = f"{timezone.localtime(existing.started_at):%H:%M}"
        refuse("round", _("The clock of %(round)s started at %(time)s.") % {"round": rnd.display_name, "time": started})
    now = now or timezone.now()
    limit = rnd.stage.event.rules.time_limit
    if limit is not None:
        first = now + timedelta(minutes=limit.minutes)
        second = first + timedelta(minutes=limit.extra_minutes)
    else:
        first = second = now + timedelta(minutes=venue_of(rnd.stage.event.tournament).match_minutes)
    clock = RoundClock.objects.create(
        round=rnd,
        started_at=now,
        first_bell_at=first,
        second_bell_at=second,
        started_by=signed_in(user),
    )
    # ECC 18: a late player's 6 minutes count from "Start".
    match_times_changed.send(sender=Match, matches=list(rnd.matches.all()))
    return clock


def clock_state(clock, now=None):
    """What a page or the API shows of a round clock at `now` (given back as "now"): the phase ("none" without a
    clock, "running" to the first bell, "first_bell" between the bells, "second_bell" after), the whole seconds to
    the next bell, the bell times, and whether the clock has a time limit (two bells) or is a plain countdown."""
    now = now or timezone.now()
    if clock is None:
        return {
            "now": now,
            "phase": "none",
            "seconds_left": None,
            "started_at": None,
            "first_bell_at": None,
            "second_bell_at": None,
            "time_limit": None,
        }
    if now < clock.first_bell_at:
        phase, left = "running", clock.first_bell_at - now
    elif now < clock.second_bell_at:
        phase, left = "first_bell", clock.second_bell_at - now
    else:
        phase, left = "second_bell", timedelta(0)
    return {
        "now": now,
        "phase": phase,
        "seconds_left": math.ceil(left.total_seconds()),
        "started_at": clock.started_at,
        "first_bell_at": clock.first_bell_at,
        "second_bell_at": clock.second_bell_at,
        "time_limit": clock.second_bell_at > clock.first_bell_at,
    }


def ring_second_bells(now=None):
    """Apply every second bell that has rung and was not applied yet. Returns the number of clocks applied."""
    now = now or timezone.now()
    due = RoundClock.objects.filter(second_bell_at__lte=now, second_bell_applied_at=None).values_list("pk", flat=True)
    applied = 0
    for pk in list(due):
        with transaction.atomic():
            # Another worker holding this clock is applying it: skip it rather than wait (PostgreSQL).
            skip = connection.features.has_select_for_update_skip_locked
            clock = (
                RoundClock.objects.select_for_update(skip_locked=skip)
                .filter(pk=pk, second_bell_applied_at=None)
                .first()
            )
            if clock is None:
                continue
            apply_second_bell(clock, now)
            applied += 1
    return applied


def apply_second_bell(clock, now):
    """ECC 41: play stops; each match still on the board is logged (TIME_LIMIT) and whoever keeps its score card is
    told to enter the unfinished board's c/m. A clock without a time limit only records that it ran out."""
    rnd = Round.objects.select_related("stage__event__tournament").get(pk=clock.round_id)
    rule_set = rnd.stage.event.rules
    if rule_set.time_limit is not None and clock.second_bell_at > clock.first_bell_at:
        matches = (
            rnd.matches.filter(status__in=UNFINISHED)
            .exclude(entry_a=None)
            .exclude(entry_b=None)
            .select_related("umpire", "entry_a", "entry_b")
        )
        for match in matches:
            flag_unfinished(match, clock, rnd, rule_set)
    clock.second_bell_applied_at = now
    clock.save(update_fields=["second_bell_applied_at"])


def flag_unfinished(match, clock, rnd, rule_set):
    law = rule_set.cite("second_bell")
    tournament = rnd.stage.event.tournament
    rang = timezone.localtime(clock.second_bell_at, zone_of(tournament.time_zone))  # run by a worker: no request
    before = snapshot(match)
    after = {**before, "second_bell_at": clock.second_bell_at.isoformat()}
    reason = _("%(law)s: play stopped at the second bell (%(time)s); the unfinished board is scored by c/m left.") % {
        "law": law,
        "time": f"{rang:%H:%M}",
    }
    log_change(match, ResultChange.What.TIME_LIMIT, before, after, None, reason)
    notify(
        score_keepers(match, tournament),
        tournament,
        lambda: second_bell_notice(match, rnd, law, rang),  # worded in each reader's language
        url=reverse("round-detail", args=[tournament.slug, rnd.pk]),
        key=f"second-bell:{match.pk}",
    )


def score_keepers(match, tournament):
    """Who enters the unfinished board: the match's umpire; in a match without one (self-umpired, ECC) the players
    with a login; if none of them has one, the tournament's officials."""
    if match.umpire is not None:
        return [match.umpire]
    players = [
        member.player.user
        for member in EntryMember.objects.filter(entry_id__in=[match.entry_a_id, match.entry_b_id])
        .select_related("player__user")
        .order_by("entry_id", "position")
        if member.player.user is not None
    ]
    return players or list(tournament_officials(tournament))
