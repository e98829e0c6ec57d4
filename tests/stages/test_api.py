"""The stage API end to end: the three demo events (office groups then a knockout, office doubles round robin then
a final, Eurocup Swiss rounds then a final) driven by the demo secretary, then permissions, validation, conflicts
and query counts."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from matches.models import ResultChange
from matches.scoring.models import Game
from stages.models import Match, Round, Stage
from tests.factories import EntryFactory, EventFactory, UserFactory
from tournaments.models import EntryMember, Event

pytestmark = pytest.mark.django_db

OFFICE = "office-carrom-league-2018"
EUROCUP = "eurocup-demo-2026"


def api(slug, path):
    return f"/api/tournaments/{slug}/{path}"


def post(client, url, data=None, expect=200):
    response = client.post(url, data or {}, format="json")
    assert response.status_code == expect, response.content
    return response.json() if response.content else None


def get(client, url, expect=200):
    response = client.get(url)
    assert response.status_code == expect, response.content
    return response.json()


def add_stage(client, slug, event, **fields):
    return post(client, api(slug, f"events/{event.pk}/stages/"), fields, expect=201)


def open_matches(client, slug, stage_id):
    matches = get(client, api(slug, f"matches/?stage={stage_id}&status=scheduled&limit=1000"))["results"]
    return [m for m in matches if m["entry_a"] and m["entry_b"]]


def play(client, slug, stage_id, pick):
    matches = open_matches(client, slug, stage_id)
    for match in matches:
        played = post(client, api(slug, f"matches/{match['id']}/result/"), {"games": [pick(match)]})
        assert played["status"] == "confirmed"
    return len(matches)


@pytest.fixture
def demo(api_client):
    call_command("load_demo")
    api_client.force_authenticate(User.objects.get(username="secretary"))
    return api_client


def test_office_singles_random_groups_then_knockout_to_a_champion(demo):
    event = Event.objects.get(name="Office singles")
    groups = add_stage(demo, OFFICE, event, name="Groups", kind="groups", group_count=4)
    ko = add_stage(demo, OFFICE, event, name="Knockout", kind="knockout", source=groups["id"], qualifiers=2)
    assert (groups["order"], ko["order"], groups["status"]) == (1, 2, "pending")

    assert post(demo, api(OFFICE, f"stages/{groups['id']}/draw/"), {"seed": 7})["status"] == "drawn"
    # Drawn rounds are previews: the public sees no match until the secretary publishes.
    assert get(APIClient(), api(OFFICE, f"matches/?stage={groups['id']}"))["count"] == 0
    post(demo, api(OFFICE, f"stages/{groups['id']}/publish/"))
    assert get(APIClient(), api(OFFICE, f"matches/?stage={groups['id']}"))["count"] > 0

    # Higher entry id wins each group game 8-0 (office: 1 point per opponent piece left).
    assert play(demo, OFFICE, groups["id"], lambda m: [8, 0] if m["entry_a"]["id"] > m["entry_b"]["id"] else [0, 8])
    conflict = post(demo, api(OFFICE, f"stages/{ko['id']}/draw/"), expect=409)
    assert "not finished" in conflict["detail"]
    post(demo, api(OFFICE, f"stages/{groups['id']}/finish/"))

    table = get(APIClient(), api(OFFICE, f"stages/{groups['id']}/standings/"))
    assert table["kind"] == "groups" and len(table["groups"]) == 4
    assert sorted(len(g["standings"]) for g in table["groups"]) == [7, 8, 8, 8]
    for group in table["groups"]:
        top = group["standings"][0]
        assert top["rank"] == 1 and top["points"] == 2 * (len(group["standings"]) - 1)
        assert top["wins"] == top["played"] == len(group["standings"]) - 1 and top["losses"] == 0
    winners = {g["standings"][0]["entry"] for g in table["groups"]}

    post(demo, api(OFFICE, f"stages/{ko['id']}/draw/"))
    post(demo, api(OFFICE, f"stages/{ko['id']}/publish/"))
    bracket = get(APIClient(), api(OFFICE, f"stages/{ko['id']}/bracket/"))
    assert [r["name"] for r in bracket["rounds"]] == ["quarter_final", "semi_final", "final"]
    assert bracket["winner"] is None
    for match in bracket["rounds"][0]["matches"]:  # group winners meet runners-up
        assert (match["entry_a"]["id"] in winners) != (match["entry_b"]["id"] in winners)

    # Office knockout to 15 points, semi-final and final to 29.
    while play(demo, OFFICE, ko["id"], lambda m: [15, 4] if m["round_number"] == 1 else [29, 11]):
        pass
    bracket = get(APIClient(), api(OFFICE, f"stages/{ko['id']}/bracket/"))
    final = bracket["rounds"][-1]["matches"][0]
    assert final["games"] == [[29, 11]] and final["winner"] == final["entry_a"]["id"]
    assert bracket["winner"] == final["entry_a"]
    assert post(demo, api(OFFICE, f"stages/{ko['id']}/finish/"))["status"] == "finished"


def test_office_doubles_round_robin_then_top_two_final(demo):
    event = Event.objects.get(name="Office doubles")
    league = add_stage(demo, OFFICE, event, name="League", kind="round_robin")
    final = add_stage(demo, OFFICE, event, name="Final", kind="knockout", source=league["id"], qualifiers=2)
    post(demo, api(OFFICE, f"stages/{league['id']}/draw/"), {"seed": 1})
    rounds = get(demo, api(OFFICE, f"stages/{league['id']}/rounds/"))
    assert [r["status"] for r in rounds] == ["draft"] * 5  # 5 pairs: 5 rounds, one resting each round
    assert get(APIClient(), api(OFFICE, f"stages/{league['id']}/rounds/")) == []
    post(demo, api(OFFICE, f"stages/{league['id']}/publish/"))
    assert len(get(APIClient(), api(OFFICE, f"stages/{league['id']}/rounds/"))) == 5

    assert play(demo, OFFICE, league["id"], lambda m: [7, 0] if m["entry_a"]["id"] < m["entry_b"]["id"] else [0, 7])
    post(demo, api(OFFICE, f"stages/{league['id']}/finish/"))
    rows = get(demo, api(OFFICE, f"stages/{league['id']}/standings/"))["standings"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
    assert rows[0]["points"] == 8 and rows[0]["net_score"] == 28
    assert set(rows[0]) >= {"entry", "name", "buchholz", "total_score", "played", "wins", "draws", "losses"}

    post(demo, api(OFFICE, f"stages/{final['id']}/draw/"))
    post(demo, api(OFFICE, f"stages/{final['id']}/publish/"))
    (match,) = get(APIClient(), api(OFFICE, f"matches/?stage={final['id']}"))["results"]
    assert {match["entry_a"]["id"], match["entry_b"]["id"]} == {rows[0]["entry"], rows[1]["entry"]}
    post(demo, api(OFFICE, f"matches/{match['id']}/result/"), {"games": [[29, 20]]})
    assert get(APIClient(), api(OFFICE, f"stages/{final['id']}/bracket/"))["winner"] == match["entry_a"]


def test_eurocup_swiss_rounds_with_preview_then_final(demo):
    event = Event.objects.get(name="Eurocup singles")
    swiss = add_stage(demo, EUROCUP, event, name="Swiss", kind="swiss", rounds_planned=3)
    final = add_stage(demo, EUROCUP, event, name="Final", kind="knockout", source=swiss["id"], qualifiers=2)
    seen = set()
    for number in range(1, 4):
        rnd = post(demo, api(EUROCUP, f"stages/{swiss['id']}/pair-next-round/"), {"seed": 3}, expect=201)
        assert (rnd["number"], rnd["status"], rnd["matches"]) == (number, "draft", 32)
        conflict = post(demo, api(EUROCUP, f"stages/{swiss['id']}/pair-next-round/"), expect=409)
        assert "preview" in conflict["detail"]
        assert get(APIClient(), api(EUROCUP, f"matches/?round={rnd['id']}"))["count"] == 0
        assert get(demo, api(EUROCUP, f"matches/?round={rnd['id']}"))["count"] == 32
        published = post(demo, api(EUROCUP, f"stages/{swiss['id']}/rounds/{rnd['id']}/publish/"))
        assert published["status"] == "published"
        matches = get(APIClient(), api(EUROCUP, f"matches/?round={rnd['id']}&limit=100"))["results"]
        for match in matches:
            pair = frozenset((match["entry_a"]["id"], match["entry_b"]["id"]))
            assert pair not in seen  # never a rematch
            seen.add(pair)
            games = [[25, 9]] if match["entry_a"]["id"] % 3 else [[8, 25]]
            post(demo, api(EUROCUP, f"matches/{match['id']}/result/"), {"games": games})
    conflict = post(demo, api(EUROCUP, f"stages/{swiss['id']}/pair-next-round/"), expect=409)
    assert "All 3 planned rounds" in conflict["detail"]
    post(demo, api(EUROCUP, f"stages/{swiss['id']}/finish/"))

    rows = get(APIClient(), api(EUROCUP, f"stages/{swiss['id']}/standings/"))["standings"]
    assert rows[0]["points"] == 6 and rows[0]["played"] == 3 and rows[0]["buchholz"] > 0
    post(demo, api(EUROCUP, f"stages/{final['id']}/draw/"))
    (match,) = get(demo, api(EUROCUP, f"matches/?stage={final['id']}"))["results"]
    assert [match["entry_a"]["id"], match["entry_b"]["id"]] == [rows[0]["entry"], rows[1]["entry"]]


def test_eurocup_swiss_keeps_compatriots_apart_in_round_one(demo):
    event = Event.objects.get(name="Eurocup singles")
    refused = post(
        demo,
        api(EUROCUP, f"events/{event.pk}/stages/"),
        {"name": "S", "kind": "swiss", "delay_compatriots": -1},
        expect=400,
    )
    assert "delay_compatriots" in refused
    swiss = add_stage(demo, EUROCUP, event, name="Swiss", kind="swiss", first_round_by_rating=True, delay_compatriots=1)
    assert (swiss["delay_compatriots"], swiss["delay_club_mates"]) == (1, 0)
    rnd = post(demo, api(EUROCUP, f"stages/{swiss['id']}/pair-next-round/"), expect=201)
    countries = dict(
        EntryMember.objects.filter(entry__event=event, position=1).values_list("entry_id", "player__country")
    )
    pairs = Match.objects.filter(round_id=rnd["id"]).exclude(entry_b=None).values_list("entry_a_id", "entry_b_id")
    compatriots = sum(countries[a] == countries[b] for a, b in pairs)
    Stage.objects.filter(pk=swiss["id"]).update(delay_compatriots=0)
    Match.objects.filter(round_id=rnd["id"]).delete()
    Round.objects.filter(pk=rnd["id"]).delete()
    rnd = post(demo, api(EUROCUP, f"stages/{swiss['id']}/pair-next-round/"), expect=201)
    pairs = Match.objects.filter(round_id=rnd["id"]).exclude(entry_b=None).values_list("entry_a_id", "entry_b_id")
    assert compatriots < sum(countries[a] == countries[b] for a, b in pairs)


# ---------------------------------------------------------------- permissions


@pytest.fixture
def swiss(tournament):
    """A Swiss stage of five entries (ECC rules) in the `tournament` fixture, not drawn yet."""
    event = EventFactory(tournament=tournament, rule_set="ecc")
    for _ in range(5):
        EntryFactory(event=event)
    return Stage.objects.create(event=event, name="Swiss", kind="swiss", rounds_planned=4)


def test_only_the_tournaments_secretaries_write(api_client, tournament, swiss):
    stage_url = api(tournament.slug, f"stages/{swiss.pk}/")
    assert get(api_client, stage_url)["kind"] == "swiss"  # anyone reads a published tournament
    assert api_client.post(stage_url + "draw/").status_code in (401, 403)
    assert api_client.post(api(tournament.slug, f"events/{swiss.event_id}/stages/"), {}).status_code in (401, 403)

    api_client.force_authenticate(UserFactory(secretary=True))  # a secretary, but of another tournament
    assert api_client.post(stage_url + "draw/").status_code == 403
    assert api_client.patch(stage_url, {"name": "Mine"}, format="json").status_code == 403
    assert api_client.delete(stage_url).status_code == 403
    swiss.refresh_from_db()
    assert (swiss.status, swiss.name) == ("pending", "Swiss")

    tournament.status = "draft"
    tournament.save()
    assert APIClient().get(stage_url).status_code == 404


def test_stage_input_errors_are_field_errors(api_client, tournament, secretary, swiss):
    api_client.force_authenticate(secretary)
    url = api(tournament.slug, f"events/{swiss.event_id}/stages/")
    other = Stage.objects.create(event=EventFactory(tournament=tournament), name="Elsewhere", kind="swiss")

    def errors(**fields):
        response = api_client.post(url, {"name": "Next", **fields}, format="json")
        assert response.status_code == 400, response.content
        return response.json()

    assert "group_count" in errors(kind="groups")
    assert "qualifiers" in errors(kind="knockout", source=swiss.pk)
    assert "source" in errors(kind="knockout", source=other.pk, qualifiers=2)
    assert "source" in errors(kind="knockout", source=swiss.pk, qualifiers=2, order=1)  # not earlier
    assert "order" in errors(kind="swiss", order=swiss.order)
    assert "Unknown tie-break(s): luck" in errors(kind="swiss", tiebreaks=["points", "luck"])["tiebreaks"][0]
    assert "kind" in errors(kind="ladder")
    assert Stage.objects.filter(event=swiss.event).count() == 1

    created = post(api_client, url, {"name": "Final", "kind": "knockout", "source": swiss.pk, "qualifiers": 2}, 201)
    stage_url = api(tournament.slug, f"stages/{created['id']}/")
    assert api_client.patch(stage_url, {"third_place_match": True}, format="json").status_code == 200
    assert api_client.patch(stage_url, {"source": None}, format="json").json() == {
        "qualifiers": ["Qualifiers are counted from a source stage; choose one or leave this empty."]
    }
    assert "source of a later stage" in api_client.delete(api(tournament.slug, f"stages/{swiss.pk}/")).json()["detail"]
    assert api_client.delete(stage_url).status_code == 204


def test_drawn_stage_cannot_change_and_pairing_waits_for_publication(api_client, tournament, secretary, swiss):
    api_client.force_authenticate(secretary)
    stage_url = api(tournament.slug, f"stages/{swiss.pk}/")
    post(api_client, stage_url + "draw/", {"seed": 5})
    assert api_client.patch(stage_url, {"name": "Renamed"}, format="json").status_code == 409
    assert api_client.delete(stage_url).status_code == 409
    assert "preview" in post(api_client, stage_url + "pair-next-round/", expect=409)["detail"]
    assert "bracket" in get(api_client, stage_url + "bracket/", expect=409)["detail"]


def test_swap_walkover_results_and_delete_last_round_confirmation(api_client, tournament, secretary, swiss):
    api_client.force_authenticate(secretary)
    stage_url = api(tournament.slug, f"stages/{swiss.pk}/")
    post(api_client, stage_url + "draw/", {"seed": 5})
    one, two = Match.objects.filter(stage=swiss).exclude(entry_b=None)
    swap = {"first": one.pk, "first_side": "b", "second": two.pk, "second_side": "b"}
    before = (one.entry_b_id, two.entry_b_id)
    assert post(api_client, api(tournament.slug, "matches/swap/"), swap) == {"warnings": []}
    one.refresh_from_db()
    two.refresh_from_db()
    assert (two.entry_b_id, one.entry_b_id) == before
    assert post(api_client, api(tournament.slug, "matches/swap/"), {**swap, "second": 999999}, 400) == {
        "second": ["No such match in this tournament."]
    }
    post(api_client, stage_url + "publish/")
    assert "published" in post(api_client, api(tournament.slug, "matches/swap/"), swap, 409)["detail"]

    # ECC: a level game is a draw, allowed in a Swiss round (level below 25: ECC 39 ends a game at 25 points).
    result = post(api_client, api(tournament.slug, f"matches/{one.pk}/result/"), {"games": [[20, 20]]})
    assert (result["status"], result["winner"], result["games"]) == ("confirmed", None, [[20, 20]])
    walkover = post(api_client, api(tournament.slug, f"matches/{two.pk}/walkover/"), {"absent_side": "a"})
    assert (walkover["status"], walkover["winner"], walkover["score_b"]) == ("walkover", two.entry_b_id, 25)
    # The audit log names the secretary who entered them.
    assert {change.user for change in ResultChange.objects.filter(match__in=[one, two])} == {secretary}
    bad = api_client.post(api(tournament.slug, f"matches/{two.pk}/walkover/"), {"absent_side": "c"}, format="json")
    assert bad.status_code == 400 and "absent_side" in bad.json()

    conflict = post(api_client, stage_url + "delete-last-round/", expect=409)
    assert "confirm" in conflict["detail"] and conflict["confirm_results"] is True
    assert Round.objects.filter(stage=swiss).count() == 1
    assert post(api_client, stage_url + "delete-last-round/", {"confirm_results": True})["status"] == "pending"
    assert "no round" in post(api_client, stage_url + "delete-last-round/", expect=409)["detail"]


def test_results_the_rules_refuse_are_400_citing_the_law(api_client, tournament, secretary):
    event = EventFactory(tournament=tournament, rule_set="icf")
    for seed in (1, 2):
        EntryFactory(event=event, seed=seed)
    stage = Stage.objects.create(event=event, name="Final", kind="knockout")
    api_client.force_authenticate(secretary)
    post(api_client, api(tournament.slug, f"stages/{stage.pk}/draw/"))
    post(api_client, api(tournament.slug, f"stages/{stage.pk}/publish/"))
    match = Match.objects.get(stage=stage)
    url = api(tournament.slug, f"matches/{match.pk}/result/")
    response = api_client.post(url, {"games": [[25, 10]]}, format="json")
    assert response.status_code == 400 and "ICF 57" in response.json()["games"][0]  # best of three
    response = api_client.post(url, {"games": [[25, 25]]}, format="json")
    assert response.status_code == 400 and "ICF 56" in response.json()["games"][0]  # a level game: extra board
    response = api_client.post(url, {"games": [[25, -1]]}, format="json")
    assert response.status_code == 400 and "games" in response.json()
    api_client.force_authenticate(UserFactory(secretary=True))
    assert api_client.post(url, {"games": [[25, 10], [25, 10]]}, format="json").status_code == 403
    match.refresh_from_db()
    assert match.status == "scheduled"


# ---------------------------------------------------------------- query counts


def make_matches(stage, rnd, total):
    entries = [EntryFactory(event=stage.event) for _ in range(2)]
    start = Match.objects.filter(round=rnd).count() + 1
    matches = Match.objects.bulk_create(
        Match(stage=stage, round=rnd, number=n, entry_a=entries[0], entry_b=entries[1]) for n in range(start, total + 1)
    )
    Game.objects.bulk_create(Game(match=m, number=1, score_a=25, score_b=3, winner_side="A") for m in matches)


@pytest.mark.parametrize("as_secretary", [False, True])
def test_match_list_queries_do_not_grow_with_the_matches(api_client, tournament, secretary, as_secretary):
    if as_secretary:
        api_client.force_authenticate(secretary)
    stage = Stage.objects.create(event=EventFactory(tournament=tournament), name="Swiss", kind="swiss")
    rnd = Round.objects.create(stage=stage, number=1, status="published")
    url = api(tournament.slug, f"matches/?stage={stage.pk}&limit=100")
    counts = []
    for total in (10, 60):
        make_matches(stage, rnd, total)
        with CaptureQueriesContext(connection) as queries:
            assert get(api_client, url)["count"] == total
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_deleting_a_draw_a_later_stage_was_drawn_from_is_409_without_a_confirmation_offer(
    api_client, tournament, secretary, groups_feeding_a_drawn_knockout
):
    groups = groups_feeding_a_drawn_knockout
    api_client.force_authenticate(secretary)
    url = api(tournament.slug, f"stages/{groups.pk}/delete-last-round/")
    answer = post(api_client, url, expect=409)
    assert "delete that draw first" in answer["detail"] and "confirm_results" not in answer
    assert groups.matches.count() > 0
