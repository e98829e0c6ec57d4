"""Permission matrix: every API endpoint × role → allowed or denied, as written in
tests/api/matrix_data.py. The routes come from Django's URL resolver, so a new endpoint without its rows in the
matrix fails here. "A player never changes a result; an umpire only scores matches they officiate."

Each endpoint is one test: the tournament is built once, and each role's request runs inside a savepoint that is
rolled back, so every role meets the same state."""

import re
from dataclasses import dataclass
from functools import cache as memoize

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone
from rest_framework.test import APIClient

from federations.links import token_of
from federations.models import SentEntry
from federations.services import delegate_enter, invite_federation, set_quotas
from history.championships.models import Championship
from history.ratings.models import Rating
from history.sol.models import ImportJob
from players.links import personal_token
from registration.services import set_registration
from stages.models import Stage
from tests.api.matrix_data import MATRIX, RESULT_CHANGING, ROLES, Public
from tests.factories import (
    ClubFactory,
    EntryFactory,
    EventFactory,
    MatchFactory,
    PlayerFactory,
    ProtestFactory,
    ProtestSettingsFactory,
    RoundFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
    VenueFactory,
)
from tests.factories_history import RateFactory
from tests.helpers import protest_photo
from tournaments.models import Invitation
from webhooks.models import Delivery, Webhook

pytestmark = pytest.mark.django_db

DENIED = (401, 403, 404)
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


# ---------------------------------------------------------------- the routes, from the resolver


def walk(patterns, prefix="", namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), f"{namespace}{pattern.name}" if pattern.name else None, pattern


def methods_of(pattern):
    """The HTTP methods a route answers (OPTIONS and HEAD left out): a viewset's actions, or a view's handlers."""
    callback = pattern.callback
    actions = getattr(callback, "actions", None)
    if actions:
        # DRF adds "head" to a viewset's actions at its first request: HEAD follows GET, so it is left out.
        return {method.upper() for method in actions} & set(METHODS)
    view_class = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    assert view_class is not None, f"Cannot tell the methods of {pattern}: not a class-based view."
    answered = set(view_class.http_method_names)  # Django's LogoutView inherits get() but answers POST only
    return {method for method in METHODS if method.lower() in answered and hasattr(view_class, method.lower())}


@memoize
def api_routes():
    """{route name: (path pattern, methods)} for every route under /api/. DRF's format-suffix copies
    (`tournaments.json`) share their route's name and view, so they count once."""
    routes = {}
    for path, name, pattern in walk(get_resolver().url_patterns):
        if not path.lstrip("^").startswith("api/"):
            continue
        assert name, f"Route {path} has no name: name it and add it to the permission matrix."
        if "format" in path and name in routes:
            continue
        assert routes.get(name, (path,))[0] == path, f"Two API routes are named {name}: the matrix needs one each."
        routes.setdefault(name, (path, set()))[1].update(methods_of(pattern))
    return routes


PATH_PARAM = r"(?<!\?P)<(?:\w+:)?(\w+)>"  # path("<int:round_id>/")
REGEX_PARAM = r"\(\?P<(\w+)>[^)]*\)"  # DRF routers: "(?P<pk>[^/.]+)"


def url_params(path):
    """The keyword arguments a route pattern needs, for both path() converters and DRF's regexes."""
    names = re.findall(PATH_PARAM, path) + re.findall(REGEX_PARAM, path)
    return [name for name in names if name != "format"]


def url_for(path, kwargs):
    """The URL of a route pattern. Built from the pattern, not with reverse(): the router's names
    (`tournament-detail`) are also the names of pages, and reverse() finds the page."""
    url = re.sub(REGEX_PARAM, lambda m: str(kwargs[m.group(1)]), path)
    url = re.sub(PATH_PARAM, lambda m: str(kwargs[m.group(1)]), url)
    return "/" + url.replace("^", "").replace("$", "")


def test_every_api_route_is_in_the_matrix():
    routed = {(name, method) for name, (_, methods) in api_routes().items() for method in methods}
    missing = sorted(routed - set(MATRIX))
    stale = sorted(set(MATRIX) - routed)
    assert not missing, f"API endpoints with no row in tests/api/matrix_data.py: {missing}"
    assert not stale, f"Rows in the permission matrix for endpoints that no longer exist: {stale}"


def test_the_engines_schema_docs_and_auth_are_the_only_public_routes():
    public = {name for (name, _), roles in MATRIX.items() if isinstance(roles, Public)}
    assert public == {
        "rules-api-list",
        "rules-api-detail",
        "rules-api-board",
        "rules-api-game",
        "rules-api-match",
        "rules-api-strokes",
        "draw_engine:swiss",
        "draw_engine:standings",
        "draw_engine:round-robin",
        "draw_engine:knockout",
        "api-root",
        "schema",
        "api-docs",
        "rest_framework:login",
        "rest_framework:logout",
        "api-token",
    }


# ---------------------------------------------------------------- the tournament


@dataclass
class World:
    users: dict
    tournament: object
    event: object
    stage: object
    round: object
    m1: object
    m2: object
    player: object
    spare_player: object
    protest: object
    invitation: object
    delegation: object


@pytest.fixture
def world(secretary, tournament, settings, tmp_path):
    """A published ICF tournament: a round-robin stage with a published round, M1 (umpired by `umpire`, side A
    played by `player`) and M2 (another umpire), a protest on M1, a venue; and a secretary of another one."""
    chief, umpire, other_umpire, player_user = UserFactory(), UserFactory(), UserFactory(), UserFactory()
    tournament.chief_referees.add(chief)
    tournament.umpires.add(umpire, other_umpire)
    other_secretary = UserFactory(secretary=True)
    TournamentFactory(status="published").secretaries.add(other_secretary)

    event = EventFactory(tournament=tournament, rule_set="icf")
    stage = StageFactory(event=event, kind=Stage.Kind.ROUND_ROBIN)
    rnd = RoundFactory(stage=stage)
    player = PlayerFactory(user=player_user)
    m1 = MatchFactory(round=rnd, entry_a=EntryFactory(event=event, members=[player]), umpire=umpire, table=1)
    m2 = MatchFactory(round=rnd, umpire=other_umpire, table=2)
    VenueFactory(tournament=tournament)
    ProtestSettingsFactory(tournament=tournament)  # ICF 145: the scrutiny fee
    users = {
        "anonymous": None,
        "player": player_user,
        "umpire": umpire,
        "chief": chief,
        "secretary": secretary,
        "other_secretary": other_secretary,
    }
    protest = ProtestFactory(match=m1)
    # A photo of the protest, stored where the test's storage keeps files (protests.evidence).
    settings.MEDIA_ROOT = tmp_path
    protest_photo(protest)
    # SoL: an import job of the secretary's, a championship of the tournament; a rating of the player's
    ImportJob.objects.create(user=secretary, file_name="history.sol")
    Championship.objects.create(name="Season", club=ClubFactory()).tournaments.add(tournament)
    RateFactory(player=player)
    # An invitation of the player's account to be an umpire, waiting for its answer
    invitation = Invitation.objects.create(tournament=tournament, user=player_user, role="umpire", invited_by=secretary)
    # A federation invited with places in the event: its delegate's token opens its entries.
    delegation = invite_federation(tournament, name="Nepal Carrom", country="NPL", quotas={event: 2})
    # ...and an entry it sent to an event of its own, whose fee the secretary records.
    sent_to = EventFactory(tournament=tournament, name="Federations' singles")
    set_registration(sent_to)
    set_quotas(delegation, {event: 2, sent_to: 1})
    delegate_enter(delegation, sent_to, [{"first_name": "Asha", "last_name": "Sent"}])
    # A webhook with a delivery the receiver never took (no name is looked up, nothing is sent: rolled back).
    webhook = Webhook.objects.create(tournament=tournament, url="https://hooks.example.org/carrom")
    Delivery.objects.create(webhook=webhook, event="ping", payload={}, status="failed", next_attempt_at=timezone.now())
    return World(users, tournament, event, stage, rnd, m1, m2, player, PlayerFactory(), protest, invitation, delegation)


def route_kwargs(name, path, w, match=None):
    match = match or w.m1
    pk_of = {
        "player-detail": w.player.pk,
        "player-merge": w.player.pk,
        "player-data": w.player.pk,
        "player-erase": w.player.pk,
        "club-detail": w.player.club_id,
        "event-detail": w.event.pk,
        "entry-detail": match.entry_a_id,
        "entry-withdraw": match.entry_a_id,
        "entry-reinstate": match.entry_a_id,
        "api-stage-round": w.round.pk,
        "api-stage": w.stage.pk,
        "api-match": match.pk,
        "protest": w.protest.pk,
        "championship": Championship.objects.get().pk,
        "rating": Rating.objects.get().pk,
        "api-account-invitation": w.invitation.pk,
    }
    values = {
        "tournament_slug": w.tournament.slug,
        "slug": w.tournament.slug,
        "match_pk": match.pk,
        "match_id": match.pk,
        "round_id": w.round.pk,
        "round_pk": w.round.pk,
        "event_pk": w.event.pk,
        "team_pk": match.entry_a_id,
        "stage_pk": w.stage.pk,
        "stage_id": w.stage.pk,
        "player_id": w.player.pk,
        "token": token_of(w.delegation)
        if name.startswith("api-federation-")
        else personal_token(w.tournament, w.player),
        "key": "icf",
        "side": "a",
        "photo_pk": w.protest.photos.get().pk,
        "job_id": ImportJob.objects.get().pk,
        "entry_id": SentEntry.objects.get().entry_id,
        "delivery_id": Delivery.objects.get().pk,
        "pk": next((pk for prefix, pk in pk_of.items() if name.startswith(prefix)), None),
    }
    return {param: values[param] for param in url_params(path)}


def payload(name, method, w, match=None):
    """A body valid enough to pass validation where a view validates before it checks permission, and to reach the
    service otherwise."""
    match = match or w.m1
    tournament = {"name": "Spring Open", "slug": "spring-open", "venue": "Hall", "start_date": "2026-12-05"}
    tournament["end_date"] = "2026-12-06"
    player = {"first_name": "Asha", "last_name": "Rao", "sex": "F", "country": "IND"}
    protest = {"match": match.pk, "game_no": 1, "board_no": 1, "side": "A", "protester_name": "Asha Rao"}
    bodies = {
        ("tournament-list", "POST"): tournament,
        ("tournament-detail", "PUT"): {**tournament, "slug": w.tournament.slug},
        ("tournament-detail", "PATCH"): {"venue": "Hall 2"},
        ("player-list", "POST"): player,
        ("player-detail", "PUT"): player,
        ("player-detail", "PATCH"): {"last_name": "Rao"},
        ("player-merge", "POST"): {"merged": w.spare_player.pk},
        ("club-list", "POST"): {"name": "New Club", "country": "IND"},
        ("club-detail", "PUT"): {"name": "Renamed Club", "country": "IND"},
        ("club-detail", "PATCH"): {"name": "Renamed Club"},
        ("event-list", "POST"): {"name": "Doubles", "kind": "doubles", "rule_set": "icf"},
        ("event-detail", "PUT"): {"name": "Men's Singles", "kind": "singles", "rule_set": "icf"},
        ("event-detail", "PATCH"): {"name": "Men's Singles"},
        ("entry-list", "POST"): {"players": [w.spare_player.pk]},
        ("entry-detail", "PUT"): {"seed": 1},
        ("entry-detail", "PATCH"): {"seed": 1},
        ("event-import", "POST"): {"text": "first_name,last_name\nAsha,Rao\n"},
        ("api-event-stage-list", "POST"): {"name": "Final", "kind": "knockout"},
        ("api-stage-detail", "PUT"): {"name": "League", "kind": "round_robin"},
        ("api-stage-detail", "PATCH"): {"name": "League"},
        ("api-match-swap", "POST"): {"first": w.m1.pk, "first_side": "a", "second": w.m2.pk, "second_side": "b"},
        ("api-match-result", "POST"): {"games": [[25, 0], [25, 3]]},
        ("api-match-walkover", "POST"): {"absent_side": "b"},
        ("api-match-boards", "POST"): {"winner": "A", "coins_left_of_loser": 3},
        ("api-match-transition", "POST"): {"to": "called"},
        ("api-match-toss", "POST"): {"winner": "a", "choice": "break"},
        ("api-match-game-entry", "POST"): {"sudden_death": [{"A": True, "B": False}]},
        ("api-match-replay", "POST"): {"from_board": {"game": 1, "board": 1}, "reason": "Protest upheld (ICF 151)"},
        ("api-venue", "PUT"): {"tables": 6, "match_minutes": 45, "rest_minutes": 5},
        ("api-round-schedule", "POST"): {"start": "2026-12-05T09:00:00Z"},
        ("api-stage-schedule", "POST"): {"start": "2026-12-05T09:00:00Z"},
        ("api-match-move", "POST"): {"table": 3, "planned_at": "2026-12-05T10:00:00Z"},
        ("api-match-umpire", "POST"): {"umpire": w.users["umpire"].pk},
        ("match-report-api", "POST"): {"side": "a"},
        ("match-cancel-forfeit-api", "POST"): {"reason": "Held up at the door", "reported": ["a"]},
        ("match-withdrawal-api", "POST"): {"side": "b", "withdrawn": True},
        ("match-absent-api", "POST"): {"side": "b"},
        ("round-cancel-forfeits-api", "POST"): {"reason": "They were there"},
        ("api-round-results", "POST"): [{"match": w.m1.pk, "games": "25-0, 25-3"}],
        ("match-undo-report-api", "POST"): {"side": "a", "reason": "Not at the table"},
        ("protest-list-api", "POST"): {**protest, "decision_appealed": "Foul called on the break."},
        ("protest-fee-settings-api", "PUT"): {"fee_amount": "500.00", "fee_currency": "INR"},
        ("protest-written-api", "POST"): {"written_text": "The striker did not touch.", "point_appealed": "Foul"},
        ("protest-decision-api", "POST"): {"outcome": "rejected", "reason": "The umpire saw the touch."},
        ("api-account-invitation", "POST"): {"answer": "decline"},
        ("api-federations", "POST"): {"name": "Nepal Carrom", "quotas": [{"event": w.event.pk, "places": 3}]},
        ("api-federation-entries", "POST"): {"event": w.event.pk, "players": [player]},
        ("api-account-appointments", "DELETE"): {"tournament": w.tournament.slug, "role": "umpire"},
        ("api-webhook", "PUT"): {"url": "https://127.0.0.1/carrom"},  # refused (400): no name looked up
    }
    return bodies.get((name, method), {})


def send(w, role, name, method, match=None):
    """One request as `role`, rolled back afterwards so the next request meets the same tournament."""
    path = api_routes()[name][0]
    url = url_for(path, route_kwargs(name, path, w, match))
    cache.clear()  # the token endpoint's rate limit counts every role's attempt otherwise
    with transaction.atomic():
        client = APIClient()
        if w.users[role] is not None:
            client.force_login(w.users[role])
        response = getattr(client, method.lower())(url, payload(name, method, w, match), format="json")
        transaction.set_rollback(True)
    return response


# ---------------------------------------------------------------- the matrix


@pytest.mark.parametrize(("name", "method"), sorted(MATRIX), ids=lambda value: value)
def test_permission_matrix(world, name, method):
    allowed = MATRIX[(name, method)]
    wrong = {}
    for role in ROLES:
        status = send(world, role, name, method).status_code
        if (status in DENIED) == (role in allowed) or status >= 500:
            wrong[role] = status
    assert not wrong, f"{method} {name}: allowed {sorted(allowed)}, but got {wrong}"


# ---------------------------------------------------------------- the two sentences


@pytest.mark.parametrize("name", RESULT_CHANGING)
def test_a_player_never_changes_the_result_of_their_own_match(world, name):
    assert send(world, "player", name, "POST").status_code == 403


def test_the_umpire_scores_the_match_they_officiate_and_no_other(world):
    assert send(world, "umpire", "api-match-boards", "POST").status_code == 201
    assert send(world, "umpire", "api-match-boards", "POST", match=world.m2).status_code == 403


@pytest.mark.parametrize(
    "name",
    [
        "api-match-boards",
        "api-match-toss",
        "api-match-game-entry",
        "api-match-confirm",
        "api-match-transition",
        "match-report-api",
    ],
)
def test_the_umpire_of_m1_is_refused_on_every_score_card_write_of_m2(world, name):
    assert send(world, "umpire", name, "POST", match=world.m2).status_code == 403


def test_in_a_self_umpired_match_the_player_enters_boards(world):
    world.m1.self_umpired = True
    world.m1.umpire = None
    world.m1.save(update_fields=["self_umpired", "umpire"])
    assert send(world, "player", "api-match-boards", "POST").status_code == 201


@pytest.mark.parametrize("role", sorted(MATRIX[("protest-detail-api", "DELETE")]))
def test_nobody_withdraws_a_protest(world, role):
    # ICF 149: whoever may read the protest is told it cannot be withdrawn; the others do not see it.
    assert send(world, role, "protest-detail-api", "DELETE").status_code == 405
