"""The secretary's round page at federation scale: each match's forms show its table, time and umpire, or what a
refused change asked for; the page's queries fixed whatever the number of matches and umpires; possible_umpires the
tournament's officials, each once."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.scheduling.services import possible_umpires, schedule_round
from matches.scheduling.views import move_form
from tests.factories import MatchFactory, PlayerFactory, TournamentFactory, UserFactory, VenueFactory
from tests.helpers import make_round

pytestmark = pytest.mark.django_db

NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def official(tournament, role, username, name=None):
    user = UserFactory(username=username)
    if name:
        PlayerFactory(first_name=name[0], last_name=name[1], user=user)
    getattr(tournament, role).add(user)
    return user


@pytest.fixture
def people(tournament, secretary):
    """The tournament's officials, one with a name to escape; and officials of another tournament."""
    official(tournament, "umpires", "zed", ("Ann <b>", 'O"Neil & Co'))
    official(tournament, "umpires", "amy")
    official(tournament, "chief_referees", "chief")
    other = TournamentFactory()
    official(other, "umpires", "elsewhere")
    official(other, "secretaries", "amy2")
    return list(possible_umpires(tournament))


def test_possible_umpires_are_the_officials_each_once_by_username(tournament, secretary):
    umpire = official(tournament, "umpires", "bob")
    chief = official(tournament, "chief_referees", "carl")
    both = official(tournament, "umpires", "all-roles")
    tournament.chief_referees.add(both, umpire)
    tournament.secretaries.add(both)
    other = TournamentFactory()
    official(other, "umpires", "not-here")
    other.umpires.add(umpire)
    other.secretaries.add(chief)
    UserFactory(username="nobody")
    names = [u.username for u in possible_umpires(tournament)]
    assert names == sorted(["bob", "carl", "all-roles", secretary.username])


def test_possible_umpires_of_a_tournament_without_officials_is_empty(db):
    assert list(possible_umpires(TournamentFactory())) == []


@pytest.mark.parametrize("zone", ["UTC", "Asia/Kolkata"])
def test_the_forms_show_the_matchs_table_time_and_umpire(client, secretary, tournament, people, zone):
    tournament.time_zone = zone  # the tournament's zone, whatever the site's
    tournament.save()
    rnd = make_round(tournament)
    stranger = UserFactory(username="stranger")  # umpire of the match but no longer an official
    at = NINE.replace(minute=7, second=30)
    matches = [MatchFactory(round=rnd, table=12, planned_at=at, umpire=people[0])]
    matches += [MatchFactory(round=rnd, table=None, planned_at=None, umpire=umpire) for umpire in (None, stranger)]
    client.force_login(secretary)
    html = client.get(reverse("round-detail", args=[tournament.slug, rnd.pk])).content.decode()
    first, nobody, gone = (html.split(f'id="match-{m.pk}"')[1].split("</li>")[0] for m in matches)
    when = at.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%dT%H:%M")
    assert f'name="m{matches[0].pk}-table" value="12" min="1" required' in first
    assert f'name="m{matches[0].pk}-planned_at" value="{when}" required' in first
    assert f'<option value="{people[0].pk}" selected>' in first and first.count(" selected>") == 1
    assert 'maxlength="200"' in first and "Ann &lt;b&gt; O&quot;Neil &amp; Co" in first
    assert '<option value="" selected>No umpire</option>' in nobody and 'value=""' not in nobody.split("<select")[0]
    assert " selected>" not in gone  # an umpire no longer an official: none is chosen


def test_a_refused_move_shows_what_was_asked_and_why(client, secretary, tournament):
    rnd = make_round(tournament)
    match = MatchFactory(round=rnd, table=3, planned_at=NINE)
    client.force_login(secretary)
    data = {f"m{match.pk}-table": "0", f"m{match.pk}-planned_at": "2026-12-05T10:00", f"m{match.pk}-reason": 'a"b'}
    html = client.post(reverse("match-move", args=[tournament.slug, match.pk]), data).content.decode()
    real = move_form(match, data)
    real.is_valid()
    for name in ("table", "planned_at", "reason"):
        assert str(real[name]) in html  # the fields as the bound form writes them, errors marked
    assert str(real["table"].errors) in html and '<details class="match-edit" open>' in html


# ---------------------------------------------------------------- the page's queries


def round_page_queries(client, tournament, matches, umpires):
    """The secretary's page of an ICF round of `matches` matches scheduled among `umpires` umpires."""
    VenueFactory(tournament=tournament, tables=matches, match_minutes=60, rest_minutes=10)
    for n in range(umpires):
        official(tournament, "umpires", f"{tournament.slug}-u{n}", ("Uma", f"Number {n}") if n % 2 else None)
    rnd = make_round(tournament, matches=matches)
    schedule_round(rnd, NINE)
    url = reverse("round-detail", args=[tournament.slug, rnd.pk])
    cache.clear()  # each page measured from a cold cache (the deadlines' stamp is kept there once read)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<select ") == matches and html.count(" selected>") == matches
    return len(captured.captured_queries)


def test_secretary_round_page_queries_do_not_grow_with_matches_or_umpires(client, secretary, tournament):
    client.force_login(secretary)
    small = round_page_queries(client, tournament, matches=2, umpires=1)
    large_tournament = TournamentFactory(status="published")
    large_tournament.secretaries.add(secretary)
    large = round_page_queries(client, large_tournament, matches=25, umpires=12)
    assert small == large
