"""The secretary's round page at federation scale: each match's forms, links and state written once per page
(scheduling.round_page) exactly as Django's forms, reverse() and get_status_display() write them; the page's
queries fixed whatever the number of matches and umpires; possible_umpires the tournament's officials, each once."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.template import Context, Template
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from matches.scheduling import round_page
from matches.scheduling.services import possible_umpires, schedule_round
from matches.scheduling.views import move_form, umpire_form
from stages.models import Match
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
def test_move_form_written_as_the_form_renders_it(tournament, zone):
    rnd = make_round(tournament)
    matches = [
        MatchFactory(round=rnd, table=None, planned_at=None),
        MatchFactory(round=rnd, table=12, planned_at=NINE.replace(minute=7, second=30, microsecond=5)),
    ]
    with timezone.override(zone):
        for match in matches:
            fast, real = round_page.move_form(match), move_form(match)
            for name in ("table", "planned_at", "reason"):
                assert str(getattr(fast, name)) == str(real[name])
                assert getattr(fast, name).id_for_label == real[name].id_for_label
                assert not getattr(fast, name).errors and not real[name].errors
            assert not fast.non_field_errors and not real.non_field_errors()


def test_umpire_form_written_as_the_form_renders_it(tournament, people):
    rnd = make_round(tournament)
    stranger = UserFactory(username="stranger")  # umpire of the match but no longer an official
    choices = round_page.UmpireChoices(people)
    for umpire in (None, people[0], people[-1], stranger):
        match = MatchFactory(round=rnd, umpire=umpire)
        fast, real = round_page.umpire_form(match, choices), umpire_form(match, people)
        for name in ("umpire", "reason"):
            assert str(getattr(fast, name)) == str(real[name])
            assert getattr(fast, name).id_for_label == real[name].id_for_label
    assert "Ann &lt;b&gt; O&quot;Neil &amp; Co" in str(fast.umpire)


def test_umpire_form_in_another_language(tournament, people):
    match = MatchFactory(round=make_round(tournament))
    with translation.override("fr"):
        choices = round_page.UmpireChoices(people)
        assert str(round_page.umpire_form(match, choices).umpire) == str(umpire_form(match, people)["umpire"])


def test_links_and_states_are_those_of_reverse_and_get_status_display(tournament):
    rnd = make_round(tournament, matches=2)
    links = round_page.MatchLinks(tournament.slug, ("match-detail", "match-card", "match-move", "match-umpire"))
    for match in rnd.matches.all():
        for name in links.parts:
            assert links.url(name, match) == reverse(name, args=[tournament.slug, match.pk])
    match = rnd.matches.first()
    for language in ("en", "fr", "hi"):
        with translation.override(language):
            names = round_page.status_names()
            for status in Match.Status.values:
                match.status = status
                assert names[status] == match.get_status_display()


@pytest.mark.parametrize(("zone", "language"), [("UTC", "en"), ("Asia/Kolkata", "fr"), ("America/New_York", "de")])
def test_planned_times_are_those_of_the_date_filter(zone, language):
    template = Template("""{{ at|date:'c' }}|{{ at|date:"D H:i" }}""")
    times = round_page.PlannedTimes()
    with timezone.override(zone), translation.override(language):
        for at in (NINE, NINE.replace(hour=23, minute=59, second=1, microsecond=7), NINE):
            assert "|".join(times(at)) == template.render(Context({"at": at}))
    assert len(times.written) == 2


# ---------------------------------------------------------------- the page's queries


def round_page_queries(client, tournament, matches, umpires):
    """The secretary's page of an ICF round of `matches` matches scheduled among `umpires` umpires."""
    VenueFactory(tournament=tournament, tables=matches, match_minutes=60, rest_minutes=10)
    for n in range(umpires):
        official(tournament, "umpires", f"{tournament.slug}-u{n}", ("Uma", f"Number {n}") if n % 2 else None)
    rnd = make_round(tournament, matches=matches)
    schedule_round(rnd, NINE)
    url = reverse("round-detail", args=[tournament.slug, rnd.pk])
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
