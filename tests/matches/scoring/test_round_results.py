"""A round's results at once: `POST /api/tournaments/<slug>/rounds/<id>/results/` takes the desk's rows and answers
each one; a refused row (a law broken, a match of another round) loses none of the others."""

import pytest
from django.urls import reverse

from stages.models import Match
from tests.factories import UserFactory
from tests.helpers import make_round

pytestmark = pytest.mark.django_db


def url(rnd):
    return f"/api/tournaments/{rnd.stage.event.tournament.slug}/rounds/{rnd.pk}/results/"


def test_each_row_is_saved_or_refused_on_its_own(api_client, tournament, secretary):
    rnd = make_round(tournament, "icf", matches=3)
    first, second, third = rnd.matches.order_by("number")
    other = make_round(tournament, "icf", matches=1).matches.get()
    api_client.force_authenticate(secretary)
    rows = [
        {"match": first.pk, "games": "25-10, 25-12"},
        {"match": second.pk, "games": "25-10"},  # ICF 57: best of three, one game is not a match
        {"match": third.pk, "games": [[12, 25], [25, 3], [7, 25]]},
        {"match": other.pk, "games": "25-0, 25-0"},
    ]
    answer = api_client.post(url(rnd), rows, format="json")
    assert answer.status_code == 200
    saved, refused, also_saved, elsewhere = answer.json()
    assert saved == {"match": first.pk, "saved": True, "status": "confirmed", "result": "2–0 (50–22)"}
    assert refused["saved"] is False and "ICF" in refused["errors"]["games"][0]
    assert also_saved["saved"] is True and also_saved["result"] == "1–2 (44–53)"
    assert elsewhere == {
        "match": other.pk,
        "saved": False,
        "errors": {"match": ["This match is not one of the round's."]},
    }
    statuses = dict(Match.objects.filter(round=rnd).values_list("pk", "status"))
    assert statuses == {first.pk: "confirmed", second.pk: "scheduled", third.pk: "confirmed"}
    assert Match.objects.get(pk=other.pk).status == "scheduled"


def test_a_confirmed_result_is_replaced_only_on_purpose(api_client, tournament, secretary):
    rnd = make_round(tournament, "icf", matches=1)
    match = rnd.matches.get()
    api_client.force_authenticate(secretary)
    api_client.post(url(rnd), [{"match": match.pk, "games": "25-10, 25-12"}], format="json")
    (again,) = api_client.post(url(rnd), [{"match": match.pk, "games": "10-25, 12-25"}], format="json").json()
    assert again["saved"] is False and "confirmed" in again["errors"]["games"][0]
    (corrected,) = api_client.post(
        url(rnd), [{"match": match.pk, "games": "10-25, 12-25", "correct": True}], format="json"
    ).json()
    assert corrected["saved"] is True and corrected["result"] == "0–2 (22–50)"


def test_malformed_rows_are_a_400_with_each_rows_field_errors(api_client, tournament, secretary):
    rnd = make_round(tournament, "icf", matches=1)
    api_client.force_authenticate(secretary)
    answer = api_client.post(url(rnd), [{"match": rnd.matches.get().pk, "games": "25 to 10"}, {}], format="json")
    assert answer.status_code == 400
    first, second = answer.json()
    assert "write each game as" in first["games"][0]
    assert set(second) == {"match", "games"}
    assert api_client.post(url(rnd), [], format="json").status_code == 400
    assert api_client.post(url(rnd), {"match": 1}, format="json").status_code == 400


def test_only_a_secretary_enters_a_rounds_results(api_client, tournament):
    rnd = make_round(tournament, "icf", matches=1)
    api_client.force_authenticate(UserFactory())
    answer = api_client.post(url(rnd), [{"match": rnd.matches.get().pk, "games": "25-10, 25-12"}], format="json")
    assert answer.status_code in (403, 404)
    assert rnd.matches.get().status == "scheduled"


def test_the_grid_page_lists_the_rounds_matches_with_the_rule_sets_example(client, tournament, secretary):
    rnd = make_round(tournament, "office", matches=2)
    client.force_login(secretary)
    page = client.get(reverse("round-results", args=[tournament.slug, rnd.pk])).content.decode()
    assert page.count('name="games-') == 2 and 'data-url="/api/tournaments/' in page
    assert 'placeholder="8-0"' in page and "25-10" not in page  # office (Game Rules): a group game is one board
    assert "js/results-grid.js" in page
    round_page = client.get(reverse("round-detail", args=[tournament.slug, rnd.pk])).content.decode()
    assert reverse("round-results", args=[tournament.slug, rnd.pk]) in round_page
    client.force_login(UserFactory())
    assert client.get(reverse("round-results", args=[tournament.slug, rnd.pk])).status_code == 403
