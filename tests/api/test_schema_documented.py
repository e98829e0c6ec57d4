"""Every API answer is documented in the OpenAPI schema.

The schema is generated as /api/schema/ serves it. No response may be an object the schema leaves open (type
object without properties, or with properties of any shape), at any depth: a view declared with
`OpenApiTypes.OBJECT`, or a serializer with a `DictField()` without a child, fails here with the operation and the
place. A few real answers are then checked against their documented shapes, undocumented keys included, so the
documentation cannot drift from what the views return.
"""

import json

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import build_basic_type
from drf_spectacular.types import OpenApiTypes
from jsonschema import Draft202012Validator  # installed with schemathesis
from rest_framework.test import APIClient

from core.ratelimit import MAX_FAILURES
from stages.models import Match, Stage
from tests.factories import PASSWORD, EntryFactory, EventFactory
from tests.helpers import knockout, make_match, win

# The OpenAPI document itself: its shape is the OpenAPI specification, not ours to describe.
SELF_DESCRIBED = {"/api/schema/"}
COMBINATIONS = ("oneOf", "anyOf", "allOf")


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


@pytest.fixture(scope="module")
def schema():
    return json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True), default=str))


def is_open_object(node):
    extra = node.get("additionalProperties")
    described = "properties" in node or any(key in node for key in COMBINATIONS) or extra not in (None, True, {})
    return node.get("type") == "object" and not described


def open_objects(node, components, where="", seen=frozenset()):
    """The places under `node` (following $refs, each component once per path) that are open objects."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return []
        return open_objects(components[name], components, where or name, seen | {name})
    found = [where or "the body"] if is_open_object(node) else []
    children = [(f"{where}.{key}", child) for key, child in node.get("properties", {}).items()]
    children += [
        (f"{where}[]", node[key]) for key in ("items", "additionalProperties") if isinstance(node.get(key), dict)
    ]
    children += [(where, child) for key in COMBINATIONS for child in node.get(key, [])]
    for place, child in children:
        found += open_objects(child, components, place, seen)
    return found


def undocumented(schema):
    components = schema["components"]["schemas"]
    problems = []
    for path, operations in schema["paths"].items():
        if path in SELF_DESCRIBED:
            continue
        for method, operation in operations.items():
            for code, response in operation.get("responses", {}).items():
                for media in response.get("content", {}).values():
                    places = open_objects(media.get("schema", {}), components)
                    problems += [f"{method.upper()} {path} {code}: {place}" for place in places]
    return problems


def test_no_response_is_an_undocumented_object(schema):
    assert undocumented(schema) == []


def test_the_check_finds_an_undocumented_object_at_any_depth():
    loose = build_basic_type(OpenApiTypes.OBJECT)  # what `responses=OpenApiTypes.OBJECT` puts in the schema
    schema = {
        "paths": {
            "/api/a/": {"get": {"responses": {"200": {"content": {"application/json": {"schema": loose}}}}}},
            "/api/b/": {"post": {"responses": {"409": {"content": {"application/json": {"schema": ref("Card")}}}}}},
        },
        "components": {
            "schemas": {"Card": {"type": "object", "properties": {"games": {"type": "array", "items": loose}}}}
        },
    }
    assert undocumented(schema) == ["GET /api/a/ 200: the body", "POST /api/b/ 409: Card.games[]"]


# ---------------------------------------------------------------- real answers against their documented shapes


def as_json_schema(node):
    """OpenAPI 3.0 to JSON Schema: `nullable` becomes a null alternative, and an object with properties allows
    no others (an undocumented key is a failure)."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: as_json_schema(value) for key, value in node.items()}
    if node.get("type") == "object" and "properties" in node:
        node.setdefault("additionalProperties", False)
    if node.pop("nullable", False):
        node = {"anyOf": [node, {"type": "null"}]}
    return node


def documented_errors(schema, method, path, response):
    """What in the response differs from the schema's answer for its path, method and status code."""
    responses = schema["paths"][path][method]["responses"]
    code = str(response.status_code)
    if code not in responses:
        return [f"{code} is not documented (only {sorted(responses)})"]
    pointer = "/".join(["#/paths", path.replace("/", "~1"), method, "responses", code, "content/application~1json"])
    validator = Draft202012Validator({**as_json_schema(schema), "$ref": f"{pointer}/schema"})
    body = response.json()
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(body)]


def competitor(ident, points=0):
    return {"id": ident, "name": f"P{ident}", "points": points}


# (method, schema path, URL, body, status expected)
ENGINE_CALLS = [
    ("get", "/api/rules/", "/api/rules/", None, 200),
    ("get", "/api/rules/{key}/", "/api/rules/nope/", None, 404),
    ("post", "/api/rules/{key}/board/", "/api/rules/icf/board/", win("A", 5, queen=True), 200),
    ("post", "/api/rules/{key}/board/", "/api/rules/icf/board/", {"winner": "A", "coins_left_of_loser": 12}, 400),
    ("post", "/api/rules/{key}/game/", "/api/rules/icf/game/", {"boards": [win("A", 9, queen=True)] * 3}, 200),
    ("post", "/api/rules/{key}/match/", "/api/rules/ecc/match/", {"toss": {"winner": "A"}, "games": []}, 200),
    ("post", "/api/draws/swiss/", "/api/draws/swiss/", {"competitors": [competitor(i) for i in "abc"]}, 200),
    ("post", "/api/draws/swiss/", "/api/draws/swiss/", {"competitors": [{"name": "no id"}], "round": 0}, 400),
    (
        "post",
        "/api/draws/swiss/",
        "/api/draws/swiss/",
        {"method": "serial", "competitors": [competitor(i) for i in range(4)], "played": [[0, 1], [0, 2], [0, 3]]},
        409,
    ),
    (
        "post",
        "/api/draws/standings/",
        "/api/draws/standings/",
        {
            "system": "swiss",
            "competitors": [competitor(1), competitor(2)],
            "matches": [{"a": 1, "b": 2, "score_a": 25}],
        },
        200,
    ),
    ("post", "/api/draws/round-robin/", "/api/draws/round-robin/", {"n": 5}, 200),
    ("post", "/api/draws/knockout/", "/api/draws/knockout/", {"seeds": 5}, 200),
]


@pytest.mark.parametrize(("method", "path", "url", "body", "status"), ENGINE_CALLS)
def test_the_engines_answer_as_documented(schema, method, path, url, body, status):
    response = getattr(APIClient(), method)(url, body, format="json")
    assert response.status_code == status, response.content
    assert documented_errors(schema, method, path, response) == []


@pytest.mark.django_db
def test_the_score_card_answers_as_documented(schema, tournament):
    umpire = tournament.secretaries.first()
    match = make_match(tournament, umpire=umpire)
    client = APIClient()
    client.force_authenticate(umpire)
    base = f"/api/tournaments/{tournament.slug}/matches/{match.pk}"
    answers = [
        ("post", "boards", client.post(f"{base}/boards/", {"game": 1, "board": 1, **win("A", 5)}, format="json")),
        ("post", "boards", client.post(f"{base}/boards/", {"game": 1, "board": 1, **win("B", 3)}, format="json")),
        ("post", "boards", client.post(f"{base}/boards/", {"game": 1, "board": 9, **win("B", 3)}, format="json")),
        ("get", "scorecard", client.get(f"{base}/scorecard/")),
        ("get", "history", client.get(f"{base}/history/")),
    ]
    assert [response.status_code for *_, response in answers] == [201, 409, 400, 200, 200]
    for method, action, response in answers:
        path = f"/api/tournaments/{{tournament_slug}}/matches/{{match_pk}}/{action}/"
        assert documented_errors(schema, method, path, response) == [], (action, response.status_code)


def check_answers(schema, answers):
    """Each (method, schema path, response) answers as its path documents; the status codes, for the caller."""
    for method, path, response in answers:
        assert documented_errors(schema, method, path, response) == [], (method, path, response.status_code)
    return [response.status_code for *_, response in answers]


def test_the_token_answers_as_documented(schema, secretary):
    client = APIClient()
    path = "/api/auth/token/"

    def attempt(password):
        return ("post", path, client.post(path, {"username": secretary.username, "password": password}))

    answers = [attempt(PASSWORD), attempt("wrong"), ("post", path, client.post(path, {}, format="json"))]
    answers += [attempt("wrong") for _ in range(MAX_FAILURES - 1)] + [attempt(PASSWORD)]
    assert check_answers(schema, answers) == [200, 400, 400] + [400] * (MAX_FAILURES - 1) + [429]


CSV = "first_name,last_name,sex,country,seed\nAsha,Rao,F,IND,1\nRavi,Rao,M,IND,\n"


@pytest.mark.django_db
def test_the_tournament_api_answers_as_documented(schema, tournament, secretary):
    event = EventFactory(tournament=tournament)
    entered = EntryFactory(event=event).members.get().player
    client = APIClient()
    refused = ("post", "/api/clubs/", client.post("/api/clubs/", {"name": "Anon"}, format="json"))
    client.force_authenticate(secretary)
    slug = tournament.slug
    import_path = "/api/tournaments/{tournament_slug}/events/{event_pk}/import/"
    import_url = f"/api/tournaments/{slug}/events/{event.pk}/import/"
    answers = [
        refused,
        ("post", import_path, client.post(import_url, {"text": CSV}, format="json")),
        ("post", import_path, client.post(import_url, {"text": CSV + "Nobody,,X,IN,\n"}, format="json")),
        ("post", import_path, client.post(f"/api/tournaments/{slug}/events/0/import/", {"text": CSV}, format="json")),
        ("delete", "/api/players/{id}/", client.delete(f"/api/players/{entered.pk}/")),
        ("get", "/api/players/", client.get("/api/players/?club=none")),
        ("get", "/api/tournaments/{slug}/", client.get("/api/tournaments/no-such-open/")),
        ("patch", "/api/tournaments/{slug}/", client.patch(f"/api/tournaments/{slug}/", {"end_date": "2000-01-01"})),
    ]
    assert check_answers(schema, answers) == [403, 200, 400, 404, 409, 400, 404, 400]
    assert answers[1][2].json() == {
        "entries_created": 2,
        "entries_updated": 0,
        "entries_unchanged": 0,
        "players_created": 2,
    }


@pytest.mark.django_db
def test_the_stage_api_answers_as_documented(schema, tournament, secretary):
    """A Swiss stage (its matches have no group: group_name is null) through draw, results and the confirmation
    delete-last-round asks for; a knockout's bracket."""
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for _ in range(4):
        EntryFactory(event=event)
    swiss = Stage.objects.create(event=event, name="Swiss", kind="swiss", rounds_planned=3)
    bracket = knockout(tournament)
    client = APIClient()
    client.force_authenticate(secretary)
    base = f"/api/tournaments/{tournament.slug}"
    stage, stages = f"{base}/stages/{swiss.pk}", "/api/tournaments/{tournament_slug}/stages/{id}"
    matches = "/api/tournaments/{tournament_slug}/matches"
    answers = [
        ("post", f"{stages}/draw/", client.post(f"{stage}/draw/", {"seed": 5}, format="json")),
        ("post", f"{stages}/draw/", client.post(f"{stage}/draw/", {"seed": 5}, format="json")),
        ("patch", f"{stages}/", client.patch(f"{stage}/", {"name": "Renamed"}, format="json")),
        ("post", f"{stages}/publish/", client.post(f"{stage}/publish/")),
    ]
    first, second = Match.objects.filter(stage=swiss).order_by("number")
    answers += [
        ("get", f"{matches}/", client.get(f"{base}/matches/?stage={swiss.pk}")),
        ("get", f"{matches}/", client.get(f"{base}/matches/?stage=many")),
        ("get", f"{matches}/{{id}}/", client.get(f"{base}/matches/{first.pk}/")),
        (
            "post",
            f"{matches}/{{id}}/result/",
            client.post(f"{base}/matches/{first.pk}/result/", {"games": [[25, 9]]}, format="json"),
        ),
        (
            "post",
            f"{matches}/{{id}}/walkover/",
            client.post(f"{base}/matches/{second.pk}/walkover/", {"absent_side": "c"}, format="json"),
        ),
        (
            "post",
            f"{matches}/{{id}}/walkover/",
            client.post(f"{base}/matches/{second.pk}/walkover/", {"absent_side": "a"}, format="json"),
        ),
        ("get", f"{stages}/standings/", client.get(f"{stage}/standings/")),
        ("get", f"{stages}/bracket/", client.get(f"{stage}/bracket/")),
        ("get", f"{stages}/bracket/", client.get(f"{base}/stages/{bracket.pk}/bracket/")),
        ("post", f"{stages}/delete-last-round/", client.post(f"{stage}/delete-last-round/")),
        ("delete", f"{stages}/", client.delete(f"{stage}/")),
    ]
    codes = [200, 409, 409, 200, 200, 400, 200, 200, 400, 200, 200, 409, 200, 409, 409]
    assert check_answers(schema, answers) == codes, [r.content for *_, r in answers]
    assert answers[6][2].json()["group_name"] is None
    assert answers[-2][2].json()["confirm_results"] is True
