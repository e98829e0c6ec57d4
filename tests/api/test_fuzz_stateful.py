"""Fuzzing the API in sequences, as a signed-in secretary: schemathesis follows the links it infers between
operations (a list answers ids, the next call uses one: GET /tournaments/ → GET /tournaments/{slug}/stages/ →
POST …/stages/{id}/pair-next-round/ …), so requests reach objects that earlier requests created or changed.

Checked at every step: no 5xx, and every 4xx answers a JSON body. Scenarios are bounded and derandomized, so a CI
run is repeatable and short; `FUZZ_EXAMPLES` and `FUZZ_STEPS` search deeper before a release."""

import os

import pytest
from django.core.cache import cache
from django.db import transaction
from hypothesis import HealthCheck, settings

from protests.models import Protest
from stages.models import Match, Round, Stage
from tests.api.test_fuzz import COLLECTIONS, json_body_problem, schema, token, wsgi_requests  # noqa: F401
from tournaments.models import Club, Entry, Event, Invitation, Player, Tournament

MODELS = {
    "tournament": (Tournament, "slug"),
    "club": (Club, "pk"),
    "player": (Player, "pk"),
    "event": (Event, "pk"),
    "entry": (Entry, "pk"),
    "stage": (Stage, "pk"),
    "round": (Round, "pk"),
    "match": (Match, "pk"),
    "protest": (Protest, "pk"),
    "invitation": (Invitation, "pk"),
}

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

STATEFUL_SETTINGS = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "12")),
    stateful_step_count=int(os.environ.get("FUZZ_STEPS", "6")),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def kind_of(case, name):
    """Which object a path parameter names: by its own name (`stage_pk`), else by the URL segment before it."""
    prefix = name.rsplit("_", 1)[0]
    if prefix in MODELS:
        return prefix
    segments = case.path.strip("/").split("/")
    return COLLECTIONS.get(segments[segments.index(f"{{{name}}}") - 1])


def exists(kind, value):
    model, field = MODELS[kind]
    try:
        return model.objects.filter(**{field: value}).exists()
    except (TypeError, ValueError, OverflowError):
        return False


def real_objects(case, ids, by_name):
    """A parameter a link filled names an object that exists (an earlier step's); one generated at random names
    nothing and would only meet a 404: it is given the starting tournament's object instead."""
    for name, value in list((case.path_parameters or {}).items()):
        kind = kind_of(case, name)
        if kind is None or exists(kind, value):
            continue
        case.path_parameters[name] = by_name.get(name, ids[kind])


def test_api_sequences_answer_without_server_errors(world, token, wsgi_requests):  # noqa: F811
    ids, by_name = world

    # The exports (printing.export_api, tagged "exports") answer files that name no object to follow: they are
    # fuzzed one by one in test_fuzz.py, and left out of sequences.
    class Workflow(schema.exclude(tag="exports").as_state_machine()):
        def setup(self):
            # Every scenario starts from the same tournament (and an empty cache: rate limits, pages), so Hypothesis
            # can replay and shrink one: what a scenario changed is rolled back when it ends.
            cache.clear()
            self.scenario = transaction.atomic()
            self.scenario.__enter__()

        def teardown(self):
            transaction.set_rollback(True)
            self.scenario.__exit__(None, None, None)

        def before_call(self, case):
            real_objects(case, ids, by_name)

        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Token {token}"}}

        def call(self, case, **kwargs):
            # A savepoint per request: a refused request leaves the test's transaction usable for the next step.
            with transaction.atomic():
                return case.call(**kwargs)

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            request = case.as_curl_command(headers={"Authorization": "Token …"})
            assert response.status_code < 500, f"{response.status_code} for\n{request}\n{response.content[:2000]!r}"
            if 400 <= response.status_code < 500:
                problem = json_body_problem(response)
                assert problem is None, f"{response.status_code} without a JSON body ({problem}) for\n{request}"

    Workflow.run(settings=STATEFUL_SETTINGS)
