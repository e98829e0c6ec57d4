"""The umpire's "my matches" page: the next matches they officiate (table, time, players, score card), then the
finished ones; nobody else's, no preview round's, and a fixed number of queries however many there are."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from stages.models import Match, Round
from tests.factories import MatchFactory, RoundFactory, UserFactory
from tests.helpers import make_round

pytestmark = pytest.mark.django_db

NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def url(tournament):
    return f"/t/{tournament.slug}/my-matches/"


@pytest.fixture
def matches(tournament, umpire):
    """Three matches of `umpire` still to play (10:00 on table 4, 9:00 on table 2, one not planned yet), one
    finished, one of another umpire, one in a preview round."""
    rnd = make_round(tournament, stage__event__name="Men's Singles")
    later = MatchFactory(round=rnd, umpire=umpire, table=4, planned_at=NINE + timedelta(hours=1))
    first = MatchFactory(round=rnd, umpire=umpire, table=2, planned_at=NINE)
    unplanned = MatchFactory(round=rnd, umpire=umpire)
    done = MatchFactory(
        round=rnd, umpire=umpire, table=1, status=Match.Status.CONFIRMED, score_a=25, score_b=10, games_a=1
    )
    MatchFactory(round=rnd, umpire=UserFactory(), table=3, planned_at=NINE)
    MatchFactory(round=RoundFactory(stage=rnd.stage, status=Round.Status.DRAFT), umpire=umpire, table=9)
    return {"first": first, "later": later, "unplanned": unplanned, "done": done}


def test_the_umpire_sees_their_next_matches_in_order_then_the_finished_ones(client, tournament, umpire, matches):
    client.force_login(umpire)
    response = client.get(url(tournament))
    assert response.status_code == 200
    upcoming, finished = response.context["upcoming"], response.context["finished"]
    assert upcoming == [matches["first"], matches["later"], matches["unplanned"]]
    assert finished == [matches["done"]]
    html = response.content.decode()
    first = matches["first"]
    assert f"/t/{tournament.slug}/matches/{first.pk}/card/" in html
    assert "T2" in html and "09:00" in html and first.entry_a.name in html and first.entry_b.name in html
    assert "25–10" in html
    assert html.index(first.entry_a.name) < html.index(matches["later"].entry_a.name) < html.index("25–10")
    # a preview round's match, another umpire's (badges, so a CSRF token's letters never count)
    assert 'class="badge table">T9<' not in html and 'class="badge table">T3<' not in html
    assert 'class="badge table">T2<' in html


def test_the_page_reads_a_fixed_number_of_queries(client, tournament, umpire, matches):
    client.force_login(umpire)

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(tournament)).status_code == 200
        return len(queries)

    count()  # the first request after the log-in also saves the session
    few = count()
    rnd = matches["first"].round
    for table in range(10, 20):
        MatchFactory(round=rnd, umpire=umpire, table=table, planned_at=NINE)
        MatchFactory(round=rnd, umpire=umpire, table=table, status=Match.Status.WALKOVER, forfeited="b")
    assert count() == few


def test_the_tournament_page_links_it_for_umpires(client, tournament, umpire, secretary):
    client.force_login(umpire)
    assert f'href="{url(tournament)}"' in client.get(tournament.get_absolute_url()).content.decode()
    client.force_login(secretary)
    assert f'href="{url(tournament)}"' not in client.get(tournament.get_absolute_url()).content.decode()


def test_it_is_for_the_tournaments_umpires(client, tournament):
    assert client.get(url(tournament)).status_code == 302  # to the log-in page
    client.force_login(UserFactory())
    assert client.get(url(tournament)).status_code == 403


def test_an_umpire_with_no_match_is_told_so(client, tournament, umpire):
    client.force_login(umpire)
    assert "No match to umpire at the moment." in client.get(url(tournament)).content.decode()
