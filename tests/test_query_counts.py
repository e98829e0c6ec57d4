"""Query counts: public pages and list endpoints issue the same number of queries whatever the
size of what they show. Each page is built small (10) and large (500), and the two counts must be equal: a query per
row (an N+1) makes the large one grow. On a failure the extra queries are printed.

The data is bulk-created (the draws through the real stage services; results written straight to the rows): the
counts, not the way results were entered, are under test here.
"""

import itertools
import re
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.scoring.models import Game
from stages.models import Match, Stage
from stages.services import draw_stage, pair_swiss_round, publish_round, publish_stage
from tests.factories import TournamentFactory, UserFactory
from tournaments.models import Club, Entry, EntryMember, Event, Player, Tournament, player_identity

pytestmark = pytest.mark.django_db

SMALL, LARGE = 10, 500
# A round robin of n entries has n(n-1)/2 matches: 500 would be 124,750. 50 (1,225 matches) shows the same thing.
ROUND_ROBIN_LARGE = 50

serial = itertools.count(1)


# ---------------------------------------------------------------- builders


def new_tournament():
    """A published tournament, run by every user of the Secretary group (the `viewer` secretary, if any)."""
    tournament = TournamentFactory(status=Tournament.Status.PUBLISHED)
    tournament.secretaries.set(User.objects.filter(groups__name="Secretary"))
    return tournament


def build_entries(event, count):
    """`count` singles entries, rated and seeded, spread over ten clubs and four countries, in a few queries."""
    n = next(serial)
    clubs = Club.objects.bulk_create(Club(name=f"Club {n}-{i}", country="IND") for i in range(10))
    countries = ["IND", "FRA", "GER", "POL"]
    players = Player.objects.bulk_create(
        Player(
            first_name=f"First{i}",
            last_name=f"Last{n}-{i}",
            country=countries[i % 4],
            club=clubs[i % 10],
            rating=2000 - i,
            identity=player_identity(f"First{i}", f"Last{n}-{i}", countries[i % 4]),
        )
        for i in range(count)
    )
    entries = Entry.objects.bulk_create(
        Entry(event=event, seed=i + 1 if i < 8 else None, name=player.full_name) for i, player in enumerate(players)
    )
    EntryMember.objects.bulk_create(EntryMember(entry=e, player=p) for e, p in zip(entries, players, strict=True))
    return entries


def build_event(tournament, count, **fields):
    event = Event.objects.create(tournament=tournament, name=f"Singles {next(serial)}", rule_set="icf", **fields)
    build_entries(event, count)
    return event


def confirm_results(matches):
    """A 2-0 ICF result (ICF 57: best of three) for every playable match, the better seed winning."""
    games, playable = [], []
    for m in matches:
        if m.entry_a_id is None or m.entry_b_id is None or m.status == Match.Status.BYE:
            continue
        m.status, m.winner_id = Match.Status.CONFIRMED, m.entry_a_id
        m.score_a, m.score_b, m.games_a, m.games_b = 50, m.number % 25, 2, 0
        games += [Game(match=m, number=g, score_a=25, score_b=m.number % 13, winner_side="A") for g in (1, 2)]
        playable.append(m)
    Match.objects.bulk_update(playable, ["status", "winner", "score_a", "score_b", "games_a", "games_b"])
    Game.objects.bulk_create(games)


def build_stage(kind, count, **fields):
    tournament = new_tournament()
    event = build_event(tournament, count)
    stage = Stage.objects.create(event=event, order=1, name=kind, kind=kind, keep_apart="", **fields)
    draw_stage(stage)
    if kind == Stage.Kind.SWISS:
        # Two rounds: the first with results, the second published and waiting for them.
        publish_round(stage.rounds.get())
        confirm_results(stage.matches.all())
        publish_round(pair_swiss_round(stage))
    else:
        publish_stage(stage)
        first = stage.rounds.order_by("number").first()
        confirm_results(first.matches.all())
    return stage


def queries(client, url):
    # Each page from a cold cache: what the first request keeps for a few seconds (the deadlines' stamp that the
    # officials' notice reads, core.heartbeat) must not make the second one look cheaper.
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, f"{url}: {response.status_code}"
    return [q["sql"] for q in captured.captured_queries]


def shape(sql):
    """A query without its values: the same query for another row, or for more rows (IN lists), has one shape."""
    without_values = re.sub(r"'[^']*'|\b\d+\b", "?", sql)
    return re.sub(r"\((?:\?, )+\?\)", "(?)", without_values)


def assert_same_count(small, large):
    extra = Counter(map(shape, large)) - Counter(map(shape, small))
    report = "\n".join(f"{count} × {sql}" for sql, count in extra.most_common(5))
    assert len(large) == len(small), (
        f"{len(small)} queries for the small page, {len(large)} for the large one. Extra queries:\n{report}"
    )


def both(client, build, url_of, small=SMALL, large=LARGE):
    """Build the small case, count the page's queries; then the large one (site-wide lists show both)."""
    assert_same_count(queries(client, url_of(build(small))), queries(client, url_of(build(large))))


# ---------------------------------------------------------------- pages


@pytest.fixture
def viewer(client, request):
    """The public (anonymous) visitor, or a secretary of every tournament built after it (who sees the actions
    and previews)."""
    if request.param == "secretary":
        user = UserFactory(secretary=True)
        client.force_login(user)
    return client


ROLES = pytest.mark.parametrize("viewer", ["public", "secretary"], indirect=True)


@ROLES
def test_home_page_count_does_not_grow_with_the_tournaments(viewer):
    def build(count):
        for _ in range(count):
            build_event(new_tournament(), 2)
        return None

    both(viewer, build, lambda _: reverse("home"))


@ROLES
def test_tournament_page_count_does_not_grow_with_its_events_and_entries(viewer):
    def build(count):
        tournament = new_tournament()
        for _ in range(count // 10):
            build_event(tournament, 10)
        return tournament

    both(viewer, build, lambda t: t.get_absolute_url())


@ROLES
def test_event_page_count_does_not_grow_with_its_entries(viewer):
    def build(count):
        event = build_event(new_tournament(), count)
        Stage.objects.create(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS)
        return event

    both(viewer, build, lambda e: e.get_absolute_url())


STAGES = [
    pytest.param(Stage.Kind.GROUPS, LARGE, {}, id="groups"),
    pytest.param(Stage.Kind.ROUND_ROBIN, ROUND_ROBIN_LARGE, {}, id="round_robin"),
    # 1,000: from there Django 5.2 on SQLite refused prefetch_related("members__player") (stage_services.with_players).
    pytest.param(Stage.Kind.SWISS, 1000, {"rounds_planned": 5}, id="swiss"),
    pytest.param(Stage.Kind.KNOCKOUT, LARGE, {"third_place_match": True}, id="knockout"),
]


@ROLES
@pytest.mark.parametrize("kind, large, stage_fields", STAGES)
def test_stage_page_count_does_not_grow_with_its_entries(viewer, kind, large, stage_fields):
    def build(count):
        if kind == Stage.Kind.GROUPS:
            # Groups of five: the number of groups grows with the entries.
            return build_stage(kind, count, group_count=count // 5)
        return build_stage(kind, count, **stage_fields)

    both(viewer, build, lambda stage: stage.get_absolute_url(), large=large)


# ---------------------------------------------------------------- API lists


def test_tournament_list_count_does_not_grow(client):
    def build(count):
        TournamentFactory.create_batch(count, status=Tournament.Status.PUBLISHED)

    both(client, build, lambda _: "/api/tournaments/")


def test_player_and_club_lists_count_does_not_grow(client):
    def build(count):
        build_entries(build_event(new_tournament(), 0), count)

    both(client, build, lambda _: "/api/players/")
    both(client, build, lambda _: "/api/clubs/")


def test_event_list_count_does_not_grow(client):
    def build(count):
        tournament = new_tournament()
        for _ in range(count):
            Event.objects.create(tournament=tournament, name=f"Event {next(serial)}")
        return tournament

    both(client, build, lambda t: f"/api/tournaments/{t.slug}/events/")


def test_entry_list_count_does_not_grow(client):
    def build(count):
        return build_event(new_tournament(), count)

    both(client, build, lambda e: f"/api/tournaments/{e.tournament.slug}/events/{e.pk}/entries/")


STAGE_LISTS = {
    "event stages": lambda s: f"/api/tournaments/{s.event.tournament.slug}/events/{s.event.pk}/stages/",
    "tournament stages": lambda s: f"/api/tournaments/{s.event.tournament.slug}/stages/",
    "rounds": lambda s: f"/api/tournaments/{s.event.tournament.slug}/stages/{s.pk}/rounds/",
    "matches": lambda s: f"/api/tournaments/{s.event.tournament.slug}/matches/?stage={s.pk}",
    "standings": lambda s: f"/api/tournaments/{s.event.tournament.slug}/stages/{s.pk}/standings/",
}


@pytest.mark.parametrize("name", list(STAGE_LISTS))
def test_swiss_stage_lists_count_does_not_grow(client, name):
    both(client, lambda count: build_stage(Stage.Kind.SWISS, count, rounds_planned=5), STAGE_LISTS[name])


def test_bracket_count_does_not_grow(client):
    def url(stage):
        return f"/api/tournaments/{stage.event.tournament.slug}/stages/{stage.pk}/bracket/"

    both(client, lambda count: build_stage(Stage.Kind.KNOCKOUT, count), url)
