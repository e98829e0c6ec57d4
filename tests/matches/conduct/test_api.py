"""The referee's desk API (/api/tournaments/<slug>/matches/<id>/conduct/...): the same services as the pages;
refusals are 400 with the law, 403 for a person who may not, 409 with the match as it stands."""

import pytest
from django.urls import reverse

from matches.conduct.models import MatchLoss, MatchWarning
from stages.models import Match
from tests.matches.conduct.conftest import match_in_play, player_of

pytestmark = pytest.mark.django_db


def url(name, match, **extra):
    return reverse(name, kwargs={"tournament_slug": match.stage.event.tournament.slug, "match_id": match.pk, **extra})


def test_two_warnings_then_143h_through_the_api(api_client, match, umpire):
    api_client.force_authenticate(umpire)
    a = player_of(match, "a")
    state = api_client.get(url("api-match-conduct", match)).json()
    distraction = next(c for c in state["players"][0]["losses"] if c["key"] == "distraction")
    assert not distraction["offered"] and "ICF 143(h)" in distraction["refusal"]
    for count in (1, 2):
        answer = api_client.post(url("api-match-conduct-warnings", match), {"player": a.pk}, format="json")
        assert answer.status_code == 200 and answer.json()["players"][0]["warnings"] == count
    answer = api_client.post(
        url("api-match-conduct-losses", match), {"player": a.pk, "clause": "distraction"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["loss"] == {"side": "a", "player": a.pk, "law": "ICF 143(h)", "clause": "distraction"}
    assert answer.json()["status"] == Match.Status.WALKOVER
    # A second official, a moment later: the match as it now stands.
    again = api_client.post(
        url("api-match-conduct-losses", match), {"player": a.pk, "clause": "intoxication"}, format="json"
    )
    assert again.status_code == 409 and "the match is over" in again.json()["match"][0]
    assert again.json()["state"]["loss"]["law"] == "ICF 143(h)"
    assert MatchLoss.objects.count() == 1


def test_bad_input_is_400_with_the_law_and_saves_nothing(api_client, match, umpire):
    api_client.force_authenticate(umpire)
    a = player_of(match, "a")
    early = api_client.post(
        url("api-match-conduct-losses", match), {"player": a.pk, "clause": "distraction"}, format="json"
    )
    assert early.status_code == 400 and "ICF 143(h)" in early.json()["clause"][0]
    outsider = api_client.post(url("api-match-conduct-warnings", match), {"player": 999999}, format="json")
    assert outsider.status_code == 400 and "does not play in this match" in outsider.json()["player"][0]
    missing = api_client.post(url("api-match-conduct-losses", match), {"player": a.pk}, format="json")
    assert missing.status_code == 400 and "clause" in missing.json()
    assert not MatchWarning.objects.exists() and not MatchLoss.objects.exists()


def test_a_match_not_started_is_400(api_client, tournament, umpire):
    match = match_in_play(tournament, umpire=umpire, status=Match.Status.SCHEDULED)
    api_client.force_authenticate(umpire)
    answer = api_client.post(
        url("api-match-conduct-warnings", match), {"player": player_of(match, "a").pk}, format="json"
    )
    assert answer.status_code == 400 and "has not started" in answer.json()["match"][0]


def test_an_official_of_another_tournament_is_refused(api_client, match, stranger):
    api_client.force_authenticate(stranger)
    answer = api_client.post(
        url("api-match-conduct-warnings", match), {"player": player_of(match, "a").pk}, format="json"
    )
    assert answer.status_code in (403, 404)
    assert not MatchWarning.objects.exists()


def test_concession_and_rest_back(api_client, match, umpire):
    api_client.force_authenticate(umpire)
    no_rest = api_client.post(url("api-match-conduct-back", match), {"side": "a"}, format="json")
    assert no_rest.status_code == 409 and "ICF 138" in no_rest.json()["side"][0]
    answer = api_client.post(
        url("api-match-conduct-concessions", match), {"side": "b", "scope": "match"}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["status"] == Match.Status.WALKOVER


def test_the_record_is_for_officials(api_client, match, umpire, chief):
    api_client.force_authenticate(umpire)
    a = player_of(match, "a")
    api_client.post(url("api-match-conduct-warnings", match), {"player": a.pk, "note": "noise"}, format="json")
    record = reverse("api-disciplinary-record", kwargs={"tournament_slug": match.stage.event.tournament.slug})
    assert api_client.get(record).status_code == 403
    api_client.force_authenticate(chief)
    people = api_client.get(record).json()
    assert people == [
        {"name": str(a), "items": [{"kind": "warnings", "at": people[0]["items"][0]["at"], "law": "ICF 143(h)",
                                     "match": match.pk, "note": "noise"}]}
    ]  # fmt: skip
