"""The check-in desk keeps up with a full hall: "Both present" (one tap reports both sides), a search by player or
table number, the filter "not reported yet", each tap answered with the match's row alone for the desk's script,
clear words when a side had already reported or lost by forfeit, and the desk for umpires and officials only."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.checkin import selectors
from matches.checkin import services as late
from matches.checkin.views import ROW_HEADER
from matches.models import ResultChange
from stages.models import Match
from tests.factories import UserFactory
from tests.helpers import make_match
from tests.matches.checkin.hall import eurocup_hall

pytestmark = pytest.mark.django_db

ROW = {"headers": {ROW_HEADER: "1"}}


def called(tournament, minutes_ago=0, **fields):
    """An ICF match announced `minutes_ago` at table 7 (ICF 143(i): 15 minutes to report)."""
    at = timezone.now() - timedelta(minutes=minutes_ago)
    match = make_match(tournament, "icf", status=Match.Status.CALLED, called_at=at, table=7, **fields)
    late.refresh_deadlines([match])
    match.refresh_from_db()
    return match


def desk_url(match, query=""):
    return reverse("round-checkin", args=[match.stage.event.tournament.slug, match.round_id]) + query


def both(match):
    return {"action": "both", "match": match.pk}


def visible_rows(page):
    """The ids of the rows the desk shows (not hidden by the search or the filter)."""
    rows = page.split('<li class="card checkin-match')[1:]
    return {int(row.split('id="match-')[1].split('"')[0]) for row in rows if " hidden>" not in row.split("\n")[0]}


# ---------------------------------------------------------------- "Both present"


def test_both_present_reports_both_sides_with_one_tap(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    page = client.get(desk_url(match)).content.decode()
    assert page.count('class="both-button"') == 1 and "Mark A reported" in page and "Mark B reported" in page
    response = client.post(desk_url(match), both(match), follow=True)
    match.refresh_from_db()
    assert match.reported_a_at and match.reported_a_at == match.reported_b_at
    page = response.content.decode()
    assert f"{match.entry_a} and {match.entry_b} reported at the board." in page
    assert "Both at the board" in page and 'class="both-button"' not in page and "report-button" not in page
    assert match.changes.filter(what=ResultChange.What.REPORTED, user=umpire).count() == 2


def test_a_tap_from_the_desks_script_gets_the_row_alone(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    response = client.post(desk_url(match), both(match), **ROW)
    assert response.status_code == 200 and response[ROW_HEADER] == str(match.pk)
    row = response.content.decode()
    assert "<html" not in row and row.strip().startswith(f'<li class="card checkin-match done" id="match-{match.pk}"')
    assert f'<p class="message row-message" role="status">{match.entry_a} and {match.entry_b} reported' in row
    # Nothing left to report on a done table; what stays is taking a report back ("Undo A/B check-in").
    assert 'value="report"' not in row and 'value="both"' not in row
    assert row.count('name="action" value="undo"') == 2
    assert "2 of 2 players at the board · 0 tables still waiting" in row  # the desk's counts, swapped in too


def test_a_single_side_from_the_desks_script(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    response = client.post(desk_url(match), {"action": "report", "match": match.pk, "side": "b"}, **ROW)
    row = response.content.decode()
    assert response.status_code == 200 and f"{match.entry_b} reported at the board." in row
    assert "Mark A reported" in row and "Mark B reported" not in row and "both-button" not in row
    assert 'data-open="1"' in row and 'name="csrfmiddlewaretoken"' in row  # the next tap carries its token


def test_a_side_that_had_already_reported_is_said_so(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    late.report(match, "a", umpire)
    match.refresh_from_db()
    at = timezone.localtime(match.reported_a_at).strftime("%H:%M:%S")
    client.force_login(umpire)
    again = client.post(desk_url(match), {"action": "report", "match": match.pk, "side": "a"}, **ROW)
    assert again.status_code == 200
    assert f"{match.entry_a} had already reported at {at}: nothing changed." in again.content.decode()
    # "Both present" from a desk that had not seen it: B is reported now, A's time stays.
    row = client.post(desk_url(match), both(match), **ROW).content.decode()
    assert f"{match.entry_b} reported at the board; {match.entry_a} had already reported at {at}." in row
    match.refresh_from_db()
    assert timezone.localtime(match.reported_a_at).strftime("%H:%M:%S") == at and match.reported_b_at
    row = client.post(desk_url(match), both(match), **ROW).content.decode()
    assert f"{match.entry_a} and {match.entry_b} had already reported: nothing changed." in row


def test_a_forfeited_match_refuses_the_tap_with_what_can_be_done(client, tournament, umpire):
    match = called(tournament, minutes_ago=20, umpire=umpire)
    late.apply_forfeits()
    client.force_login(umpire)
    response = client.post(desk_url(match), both(match), **ROW)
    row = response.content.decode()
    assert response.status_code == 400 and response[ROW_HEADER] == str(match.pk)
    assert "Both sides have already lost by forfeit: the chief referee can cancel the forfeit, with a reason." in row
    assert 'role="alert"' in row and "Both sides lost by forfeit (ICF 143(i))" in row
    single = client.post(desk_url(match), {"action": "report", "match": match.pk, "side": "a"}).content.decode()
    assert f"{match.entry_a} has already lost by forfeit: the chief referee can cancel the forfeit" in single
    match.refresh_from_db()
    assert match.reported_a_at is None and match.reported_b_at is None


def test_both_present_after_the_deadline_needs_the_chief_referee_and_a_reason(client, tournament, umpire):
    match = called(tournament, minutes_ago=16, umpire=umpire)  # ICF 143(i): the 15 minutes have passed
    client.force_login(umpire)
    row = client.post(desk_url(match), both(match), **ROW).content.decode()
    assert "ICF 143(i): the reporting deadline was" in row and "Only the chief referee" in row
    chief = UserFactory()
    tournament.chief_referees.add(chief)
    client.force_login(chief)
    page = client.get(desk_url(match)).content.decode()
    assert page.count('name="reason" required') == 3  # each side's form and "Both present"
    refused = client.post(desk_url(match), both(match), **ROW)
    assert refused.status_code == 400 and 'name="reason" required' in refused.content.decode()
    accepted = client.post(desk_url(match), {**both(match), "reason": "Bus from the hotel late"}, **ROW)
    assert accepted.status_code == 200
    match.refresh_from_db()
    assert match.reported_a_at and match.reported_b_at
    assert match.changes.filter(reason="Bus from the hotel late").count() == 2


# ---------------------------------------------------------------- who may


def test_both_present_is_for_umpires_and_officials(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    anonymous = client.post(desk_url(match), both(match), **ROW)
    assert anonymous.status_code == 302 and ROW_HEADER not in anonymous  # to the log-in page
    client.force_login(UserFactory())
    assert client.post(desk_url(match), both(match), **ROW).status_code == 403
    other = UserFactory()
    tournament.umpires.add(other)
    client.force_login(other)  # an umpire, but not this match's
    assert client.post(desk_url(match), both(match), **ROW).status_code == 403
    assert "both-button" not in client.get(desk_url(match)).content.decode()
    match.refresh_from_db()
    assert match.reported_a_at is None and match.reported_b_at is None
    client.force_login(tournament.secretaries.get())
    assert client.post(desk_url(match), both(match), **ROW).status_code == 200


def test_any_umpire_checks_in_a_self_umpired_ecc_hall(client):
    umpire = UserFactory()
    tournament, rnd = eurocup_hall(umpire=umpire)
    match = rnd.matches.order_by("table").first()
    assert match.umpire_id is None
    client.force_login(umpire)
    assert client.post(desk_url(match), both(match), **ROW).status_code == 200


# ---------------------------------------------------------------- search and filter


def test_search_by_player_or_table_and_the_filter_not_reported_yet(client):
    umpire = UserFactory()
    tournament, rnd = eurocup_hall(umpire=umpire)
    matches = list(rnd.matches.select_related("entry_a", "entry_b").order_by("table"))
    assert len(matches) == 32
    client.force_login(umpire)
    url = reverse("round-checkin", args=[tournament.slug, rnd.pk])
    page = client.get(url).content.decode()
    assert len(visible_rows(page)) == 32 and page.count('class="both-button"') == 32
    assert "0 of 64 players at the board · 32 tables still waiting" in page

    schafer = next(m for m in matches if "Schäfer" in f"{m.entry_a} {m.entry_b}")
    assert visible_rows(client.get(url, {"q": "schafer"}).content.decode()) == {schafer.pk}  # accents dropped
    assert visible_rows(client.get(url, {"q": "FELIX sch"}).content.decode()) == {schafer.pk}  # every word
    assert visible_rows(client.get(url, {"q": "17"}).content.decode()) == {matches[16].pk}  # a table number
    assert visible_rows(client.get(url, {"q": "017"}).content.decode()) == {matches[16].pk}
    nobody = client.get(url, {"q": "Nobody Atall"}).content.decode()
    assert visible_rows(nobody) == set() and '<li class="card no-match">' in nobody

    late.report_present(matches[0], ["a", "b"], umpire)
    late.report(matches[1], "a", umpire)
    waiting = client.get(url, {"open": "1"}).content.decode()
    assert visible_rows(waiting) == {m.pk for m in matches[1:]}  # table 2 still waits for side B
    assert 'name="open" value="1" checked' in waiting
    assert "3 of 64 players at the board · 31 tables still waiting" in waiting
    table_one = client.get(url, {"q": "1", "open": "1"}).content.decode()
    assert visible_rows(table_one) == set()


def test_the_search_is_kept_after_a_tap_without_javascript(client, tournament, umpire):
    match = called(tournament, umpire=umpire)
    client.force_login(umpire)
    page = client.get(desk_url(match, "?q=7&open=1")).content.decode()
    assert f'action="{desk_url(match, "?q=7&amp;open=1")}"' in page
    response = client.post(desk_url(match, "?q=7&open=1"), both(match))
    assert response.status_code == 302 and response.url == desk_url(match, f"?q=7&open=1#match-{match.pk}")


def test_the_desk_shows_the_shared_deadline_once_and_runs_no_inline_script(client):
    umpire = UserFactory()
    tournament, rnd = eurocup_hall(umpire=umpire)
    client.force_login(umpire)
    url = reverse("round-checkin", args=[tournament.slug, rnd.pk])
    page = client.get(url).content.decode()
    # ECC 18: 6 minutes after "Start" for the whole round, shown in the desk's bar, not on 32 rows.
    assert page.count('class="countdown"') == 2  # the bar, and the <template> the live refresh brings
    assert '<p class="deadline">' not in page and "ECC 18" in page
    for tag in page.split("<script")[1:]:
        assert tag.lstrip().startswith("src=") and tag.split(">", 1)[1].startswith("</script>")
    assert " style=" not in page and "<style" not in page
    fragment = client.get(url, {"fragment": "1"}).content.decode()
    assert '<template class="desk-deadline-next">' in fragment and 'data-search="' in fragment


def test_search_key_folds_names_as_the_desk_types_them():
    assert selectors.search_key("Felix Schäfer") == "felix schafer"
    assert selectors.search_key("Paweł Kamiński") == "pawel kaminski"
    assert selectors.search_key("Eva Procházková") == "eva prochazkova"
