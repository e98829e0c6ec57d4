"""What the hall display reads: its settings, the rounds in play and what each view shows, and the clocks it rings.
Nothing here writes. The views read the same selectors and fragments as the public pages (the round page's
schedule, the stage page's standings and brackets, the results feed's latest results)."""

from datetime import timedelta

from django.db.models import Exists, OuterRef, Q
from django.template.loader import render_to_string
from django.utils import timezone

from hall.models import HallDisplay, HallView
from matches.scheduling.models import RoundClock
from matches.scheduling.services import round_schedule
from players.results_feed import latest_results, result_line
from stages.display import result_text
from stages.models import UNFINISHED, Match, Round, Stage
from stages.stage_page import stage_page_data
from tournaments.venue import venue_of

LATEST_RESULTS = 24  # the latest results the display lists: what a hall reads in one turn
# A clock stays on the screen this long after its second bell ("play stops"), then leaves room for the views.
CLOCK_SHOWN_AFTER = timedelta(minutes=10)
# Tables a called or started match occupies; a finished match's players have left the board.
AT_THE_TABLE = (Match.Status.CALLED, Match.Status.IN_PLAY)


def hall_settings(tournament):
    """The tournament's hall settings, or the defaults while its secretary saved none."""
    return HallDisplay.objects.filter(tournament=tournament).first() or HallDisplay.defaults(tournament)


def published_matches(tournament):
    return Match.objects.filter(stage__event__tournament=tournament, round__status=Round.Status.PUBLISHED)


def rounds_in_play(tournament):
    """The rounds the hall is playing: each stage's latest published round that still has a match to play; when
    none has, the latest published round (its results stay up until the next round is published)."""
    published = Round.objects.filter(stage__event__tournament=tournament, status=Round.Status.PUBLISHED)
    to_play = Match.objects.filter(round=OuterRef("pk"), status__in=UNFINISHED).exclude(entry_b=None)
    rounds = list(
        published.filter(Exists(to_play)).select_related("stage__event__tournament").order_by("stage_id", "-number")
    )
    latest_per_stage = list({rnd.stage_id: rnd for rnd in reversed(rounds)}.values())
    if not latest_per_stage:
        last = published.select_related("stage__event__tournament").order_by("-pk").first()
        latest_per_stage = [last] if last else []
    return sorted(latest_per_stage, key=lambda rnd: (rnd.stage.event.name, rnd.stage.order, rnd.stage_id))


def pairings(rnd):
    """A round's matches by table (tables first, in order; then those without one; byes last)."""
    matches = round_schedule(rnd)
    for match in matches:
        match.result_text = result_text(match)
    return sorted(matches, key=lambda m: (m.status == Match.Status.BYE, m.table is None, m.table or 0, m.number))


def stage_fragment(request, stage):
    """The stage page's live part (standings, group tables or bracket), as the public stage page renders it."""
    context = {"tournament": stage.event.tournament, "event": stage.event, "stage": stage, "is_secretary": False}
    context.update(stage_page_data(stage, secretary=False))
    return {"stage": stage, "html": render_to_string("stages/_body.html", context, request)}


def called_matches(tournament):
    """Matches called to their tables and not started yet, the latest call first."""
    matches = published_matches(tournament).filter(status=Match.Status.CALLED)
    return list(
        matches.select_related("entry_a", "entry_b", "round", "stage__event").order_by("-called_at", "table", "number")
    )


def free_tables(tournament):
    """The venue's tables no called or started match occupies."""
    busy = set(
        published_matches(tournament)
        .filter(status__in=AT_THE_TABLE)
        .exclude(table=None)
        .values_list("table", flat=True)
    )
    return [table for table in range(1, venue_of(tournament).tables + 1) if table not in busy]


def hall_views(request, tournament, shown):
    """What each view in `shown` (HallView keys) shows, in HallView's order; a view with nothing to show is left
    out, so the display never turns to an empty screen."""
    rounds = (
        rounds_in_play(tournament) if {HallView.PAIRINGS, HallView.STANDINGS, HallView.BRACKETS} & set(shown) else []
    )
    stages = list({rnd.stage_id: rnd.stage for rnd in rounds}.values())
    views = []
    for key in HallView.values:
        if key not in shown:
            continue
        data = view_data(request, tournament, key, rounds, stages)
        if data:
            views.append({"key": key, "label": HallView(key).label, "data": data})
    return views


def view_data(request, tournament, key, rounds, stages):
    if key == HallView.PAIRINGS:
        return [{"round": rnd, "matches": pairings(rnd)} for rnd in rounds]
    if key == HallView.RESULTS:
        return [{"match": match, "line": result_line(match)} for match in latest_results(tournament)[:LATEST_RESULTS]]
    if key == HallView.STANDINGS:
        return [stage_fragment(request, stage) for stage in stages if stage.kind != Stage.Kind.KNOCKOUT]
    if key == HallView.BRACKETS:
        return [stage_fragment(request, stage) for stage in stages if stage.kind == Stage.Kind.KNOCKOUT]
    if key == HallView.CALLED:
        return called_matches(tournament)
    return free_tables(tournament)


def shown_clocks(tournament, now):
    """The round clocks on the screen at `now`: those still running or whose second bell rang less than
    CLOCK_SHOWN_AFTER ago, the latest started first."""
    clocks = RoundClock.objects.filter(
        round__stage__event__tournament=tournament,
        round__status=Round.Status.PUBLISHED,
    ).filter(Q(second_bell_at__gte=now - CLOCK_SHOWN_AFTER))
    return list(clocks.select_related("round__stage__event").order_by("-started_at", "-pk"))


def hall_state(tournament, now=None):
    """What the display asks every few seconds: the server's time, its settings, the announcement and the clocks
    (ECC 39-41: the start, the first bell and the second bell of each, which the display rings)."""
    now = now or timezone.now()
    hall = hall_settings(tournament)
    announcement = hall.announcement_at(now)
    return {
        "now": now,
        "views": [key for key in HallView.values if key in hall.views],
        "rotation_seconds": hall.rotation_seconds,
        "announcement": announcement,
        "announcement_until": hall.announcement_until if announcement else None,
        "clocks": [clock_data(clock) for clock in shown_clocks(tournament, now)],
    }


def clock_data(clock):
    rnd = clock.round
    return {
        "id": clock.pk,
        "event": rnd.stage.event.name,
        "round": rnd.display_name,
        "started_at": clock.started_at,
        "first_bell_at": clock.first_bell_at,
        "second_bell_at": clock.second_bell_at,
        # Two bells (ECC 39-41), or a plain countdown that runs out once (first and second bell the same moment).
        "time_limit": clock.second_bell_at > clock.first_bell_at,
    }
