import pytest
from rest_framework.test import APIClient


@pytest.fixture
def client():
    return APIClient()


def post(client, path, data):
    return client.post(f"/api/draws/{path}", data, format="json")


def competitor(ident, points=0, **extra):
    return {"id": ident, "name": f"P{ident}", "points": points, **extra}


def test_swiss_dazed(client):
    body = {
        "method": "dazed",
        "round": 2,
        "competitors": [competitor(i, 2 if i < 4 else 0) for i in range(1, 9)],
        "played": [[1, 5], [2, 6], [3, 7], [4, 8]],
        "byes": [],
    }
    response = post(client, "swiss/", body)
    assert response.status_code == 200, response.json()
    assert response.json() == {"pairs": [[1, 3], [2, 4], [5, 7], [6, 8]], "bye": None}


def test_swiss_delay_compatriots_and_club_mates(client):
    # Round 1, all on 0, in the order given: dazed pairs 1-3 and 2-4, two pairs of compatriots; kept apart,
    # 1 (ITA) tries 4 (FRA) before its compatriot 3, and 2 is left to 3.
    countries = {1: "ITA", 2: "FRA", 3: "ITA", 4: "FRA"}
    body = {"competitors": [competitor(i, country=countries[i], club=f"c{i % 2}") for i in range(1, 5)]}
    assert post(client, "swiss/", body).json()["pairs"] == [[1, 3], [2, 4]]
    assert post(client, "swiss/", {**body, "delay_compatriots": 1}).json()["pairs"] == [[1, 4], [2, 3]]
    assert post(client, "swiss/", {**body, "delay_club_mates": 1}).json()["pairs"] == [[1, 4], [2, 3]]
    assert post(client, "swiss/", {**body, "delay_compatriots": 1, "round": 2}).json()["pairs"] == [[1, 3], [2, 4]]
    response = post(client, "swiss/", {**body, "delay_compatriots": -1})
    assert response.status_code == 400
    assert "delay_compatriots" in str(response.json())


def test_swiss_odd_gives_a_bye_and_skips_withdrawn(client):
    body = {
        "method": "optimal",
        "round": 3,
        "competitors": [
            competitor("a", 4),
            competitor("b", 2),
            competitor("c", 2),
            competitor("d", 0),
            competitor("e", 0, withdrawn=True),
            competitor("f", 0),
        ],
        "played": [["a", "b"]],
        "byes": ["f"],
    }
    data = post(client, "swiss/", body).json()
    assert data["bye"] == "d"
    assert sorted(x for p in data["pairs"] for x in p) == ["a", "b", "c", "f"]


def test_swiss_no_full_round_is_409(client):
    body = {
        "method": "serial",
        "round": 4,
        "competitors": [competitor(i, 6 - 2 * i) for i in range(4)],
        "played": [[0, 1], [0, 2], [0, 3]],
    }
    response = post(client, "swiss/", body)
    assert response.status_code == 409
    assert response.json()["pairs_possible"] == 1
    assert "No full round" in response.json()["detail"]


def test_swiss_validation_errors_are_400(client):
    response = post(client, "swiss/", {"method": "dutch", "round": 0, "competitors": [{"name": "x"}]})
    assert response.status_code == 400
    assert {"method", "round", "competitors"} <= set(response.json())
    response = post(client, "swiss/", {"competitors": [competitor(1), competitor(2)], "played": [[1, 9]]})
    assert response.status_code == 400
    assert "played" in response.json()


def test_swiss_delay_top_players_resorts_by_rating(client):
    body = {
        "method": "dazed",
        "round": 1,
        "delay_top_players": 1,
        "competitors": [competitor(i, rating=r) for i, r in enumerate([1500, 2000, 1800, 1000])],
    }
    assert post(client, "swiss/", body).json()["pairs"] == [[1, 0], [2, 3]]


def test_standings(client):
    body = {
        "system": "swiss",
        "competitors": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}, {"id": 3, "name": "Cy"}],
        "matches": [
            {"a": 1, "b": 2, "score_a": 25, "score_b": 10},
            {"a": 3, "b": None, "score_a": 25, "score_b": 0},
        ],
    }
    response = post(client, "standings/", body)
    assert response.status_code == 200, response.json()
    rows = response.json()["competitors"]
    assert [(r["id"], r["points"], r["buchholz"], r["net_score"], r["total_score"], r["rank"]) for r in rows] == [
        (3, 2, 0, 25, 25, 1),
        (1, 2, 0, 15, 25, 2),
        (2, 0, 2, -15, 10, 3),
    ]


def test_standings_round_robin_shares_ranks(client):
    body = {
        "system": "round_robin",
        "competitors": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
        "matches": [{"a": 1, "b": 2, "score_a": 10, "score_b": 10}],
    }
    rows = post(client, "standings/", body).json()["competitors"]
    assert [r["rank"] for r in rows] == [1, 1]


def test_standings_unknown_id_is_400(client):
    body = {"system": "swiss", "competitors": [{"id": 1, "name": "A"}], "matches": [{"a": 1, "b": 7}]}
    assert post(client, "standings/", body).status_code == 400


def test_round_robin(client):
    response = post(client, "round-robin/", {"n": 8})
    assert response.status_code == 200
    rounds = response.json()["rounds"]
    assert len(rounds) == 7
    assert rounds[0] == [[1, 8], [2, 7], [3, 6], [4, 5]]
    assert post(client, "round-robin/", {"n": 3}).json()["rounds"][0] == [[1, None], [2, 3]]


def test_knockout(client):
    response = post(client, "knockout/", {"seeds": 13})
    assert response.status_code == 200
    assert response.json()["slots"] == [
        [1, None],
        [8, 9],
        [4, 13],
        [5, 12],
        [2, None],
        [7, 10],
        [3, None],
        [6, 11],
    ]
    assert post(client, "knockout/", {"seeds": 1}).status_code == 400


def test_no_login_needed_and_csrf_not_enforced(client):
    client.enforce_csrf_checks = True
    assert post(client, "round-robin/", {"n": 4}).status_code == 200
