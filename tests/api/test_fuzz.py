"""Fuzzing the whole API from its OpenAPI schema with schemathesis.

The schema is read from the running Django app (WSGI, no server) when this module is collected, so every endpoint
added to the API is fuzzed without touching this file. Each operation is one test; a secretary of a tournament
that has events, entries, stages, rounds and matches calls it with a token, and the URL's path parameters are the
real slugs and ids of that tournament, so the requests reach the views instead of stopping at a 404.

Checked for every generated request: no 5xx, and every 4xx answers a JSON body. Examples are bounded and
derandomized, so a CI run is repeatable and short (about 10 requests per operation). For a deeper search before a
release, also run schemathesis' coverage phase (boundary values of every field, some thousands of requests):

    FUZZ_EXAMPLES=50 FUZZ_COVERAGE=1 .venv/bin/pytest -q tests/api/test_fuzz.py
"""

import gzip
import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from hypothesis import HealthCheck, settings

from config.wsgi import application
from core.models import Heartbeat
from demo import late_arrival as late_arrival_demo
from demo import protest as protest_demo
from demo.brackets import SOURCE_EVENT
from federations import services as federations
from federations.links import token_of
from history.championships.models import Championship
from history.ratings.models import Rate, Rating
from history.sol.models import ImportJob
from matches.featured.services import feature_match
from matches.scoring.services import record_result
from players import outbox
from players.links import personal_token
from protests.models import Protest
from registration.services import set_registration
from stages.models import Stage
from stages.services import draw_stage, publish_round, publish_stage
from tests.factories import PASSWORD, ClubFactory, EntryFactory, EventFactory, PlayerFactory, StageFactory, UserFactory
from tests.helpers import protest_photo
from tournaments import mail
from tournaments.mail import Mail
from tournaments.models import Invitation

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

COVERAGE = os.environ.get("FUZZ_COVERAGE") == "1"
RUNNING = ("beat", "worker:deadlines", "worker:news")  # the stamps of a service whose periodic tasks run
schema = schemathesis.openapi.from_wsgi(
    "/api/schema/",
    application,
    config=schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": COVERAGE}}}),
)

# Bounded and repeatable: the same requests on every run; no example database between runs.
FUZZ_SETTINGS = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "10")),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

# The object a `{id}` (or `{pk}`) path parameter names, by the URL segment before it: /players/{id}/ is a player.
COLLECTIONS = {
    "tournaments": "tournament",
    "clubs": "club",
    "players": "player",
    "events": "event",
    "entries": "entry",
    "stages": "stage",
    "rounds": "round",
    "matches": "match",
    "protests": "protest",
    "invitations": "invitation",
}


@pytest.fixture
def world(tournament, secretary, settings, tmp_path):
    """A tournament in play: a Swiss stage with a published round and one result, a drawn round robin, and a
    knockout waiting for the Swiss qualifiers; plus the demo's late arrival (ICF 143) and protest (ICF XVIII) with a
    photo, and a SoL import of the secretary's."""
    settings.MEDIA_ROOT = tmp_path  # the protest's photo is stored there
    club = ClubFactory()
    # The demos below copy their players from this event.
    event = EventFactory(tournament=tournament, name=SOURCE_EVENT, rule_set="icf")
    entries = [EntryFactory(event=event, seed=seed, members=[PlayerFactory(club=club)]) for seed in range(1, 9)]
    swiss = StageFactory(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    first_round = draw_stage(swiss)
    publish_round(first_round)
    played, open_match = first_round.matches.exclude(entry_b=None).order_by("number")[:2]
    record_result(played, [(25, 10), (25, 12)], confirm=True, user=secretary)  # ICF 57: best of three
    robin = StageFactory(event=event, order=2, name="Robin", kind=Stage.Kind.ROUND_ROBIN, keep_apart="")
    draw_stage(robin)
    publish_stage(robin)
    StageFactory(event=event, order=3, name="Final", kind=Stage.Kind.KNOCKOUT, source=swiss, qualifiers=4)
    umpire = UserFactory()
    late_arrival_demo.load(tournament, umpire)
    protest_demo.load(tournament, umpire)
    player = entries[0].members.first().player
    ids = {
        "tournament": tournament.slug,
        "club": club.pk,
        "player": player.pk,
        "event": event.pk,
        "entry": entries[0].pk,
        "stage": swiss.pk,
        "round": first_round.pk,
        "match": open_match.pk,
        "protest": Protest.objects.get(match__stage__event__tournament=tournament).pk,
    }
    ids["photo"] = protest_photo(Protest.objects.get(pk=ids["protest"])).pk
    ids["featured"] = feature_match(tournament, open_match, user=secretary).pk  # a match on stream (its screens)
    ids["job"] = ImportJob.objects.create(user=secretary, file_name="history.sol").pk
    ids["news"] = outbox.record([open_match], "moved")[0].pk  # players' news still to send
    # An e-mail still to send (tournaments.mail), and beat and its workers running (core.heartbeat).
    ids["mail"] = mail.record(tournament, [Mail(player.email or "p@example.org", "Called", "Go", "Asha")])[0].pk
    Heartbeat.objects.bulk_create(Heartbeat(name=name, at=timezone.now()) for name in RUNNING)
    # The secretary invited to be the tournament's chief referee too: their account page's answer
    ids["invitation"] = Invitation.objects.create(tournament=tournament, user=secretary, role="chief_referee").pk
    ids.update(archive_ids(tournament, club, player, entries[1].members.first().player))
    # A federation with places in an event open to its delegate, and an entry it sent: the delegate's pages and API
    # are reached by its token (federations.links), and its entry by that entry's id.
    entries_event = EventFactory(tournament=tournament, name="Federations' singles")
    set_registration(entries_event)
    delegation = federations.invite_federation(tournament, name="Fuzz Federation", quotas={entries_event: 3})
    sent = federations.delegate_enter(delegation, entries_event, [{"first_name": "Asha", "last_name": "Fuzz"}])
    by_name = {
        "federation_token": token_of(delegation),
        "federation_entry_id": sent.pk,
        "tournament_slug": ids["tournament"],
        "key": event.rule_set,
        "token": personal_token(tournament, player),
        "uidb64": urlsafe_base64_encode(force_bytes(secretary.pk)),  # a set-password link's (accounts/reset/)
        **{f"{kind}_{suffix}": value for kind, value in ids.items() for suffix in ("pk", "id")},
    }
    return ids, by_name


@pytest.fixture
def token(client, secretary):
    response = client.post("/api/auth/token/", {"username": secretary.username, "password": PASSWORD})
    assert response.status_code == 200, response.content
    return response.json()["token"]


@pytest.fixture
def wsgi_requests():
    """Keep the test's database connection open across requests, as Django's test client does: the real WSGI
    handler closes connections at the end of each request, which would end the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def fill_path(case, ids, by_name):
    """Real slugs and ids for the path parameters this tournament has; others stay as generated."""
    segments = case.path.strip("/").split("/")
    if segments[:2] == ["api", "federation"]:  # a delegate's API: its token is the key
        case.path_parameters["token"] = by_name["federation_token"]
        return
    for name in list(case.path_parameters or {}):
        if name in by_name:
            case.path_parameters[name] = by_name[name]
        elif name in ("id", "pk", "slug"):
            before = segments[segments.index(f"{{{name}}}") - 1]
            if before in COLLECTIONS:
                case.path_parameters[name] = ids[COLLECTIONS[before]]


def body_as_read(response):
    """The body as a client reads it: schemathesis asks for gzip as `requests` does (core.compression then gzips the
    answer), and its WSGI transport hands the body on as it came."""
    packed = response.headers.get("content-encoding", [""])[0] == "gzip"
    return gzip.decompress(response.content) if packed else response.content


def json_body_problem(response):
    content_type = response.headers.get("content-type", [""])[0]
    if not content_type.startswith("application/json"):
        return f"Content-Type is {content_type!r}"
    try:
        json.loads(body_as_read(response))
    except ValueError as error:
        return f"the body is not JSON ({error})"
    return None


@schema.parametrize()
@FUZZ_SETTINGS
def test_api_answers_without_server_errors_and_with_json_errors(case, world, token, wsgi_requests):
    ids, by_name = world
    fill_path(case, ids, by_name)
    # Each example starts from the same tournament: what one request changes is rolled back before the next.
    with transaction.atomic():
        response = case.call(headers={"Authorization": f"Token {token}"})
        transaction.set_rollback(True)
    request = case.as_curl_command(headers={"Authorization": "Token …"})
    assert response.status_code < 500, f"{response.status_code} for\n{request}\n{response.content[:2000]!r}"
    if 400 <= response.status_code < 500:
        problem = json_body_problem(response)
        assert problem is None, f"{response.status_code} without a JSON body ({problem}) for\n{request}"


def archive_ids(tournament, club, player, other):
    """A rating with the player's rate and a championship of the club, for the archive's pages."""
    rating = Rating.objects.create(name="Fuzz rating")
    Rate.objects.create(
        rating=rating, player=player, date=tournament.start_date, rate=1500, deviation=350, volatility="0.06"
    )
    championship = Championship.objects.create(name="Fuzz championship", club=club)
    return {"rating": rating.pk, "championship": championship.pk, "other": other.pk}
