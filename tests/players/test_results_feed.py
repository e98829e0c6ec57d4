"""The tournament's results as an Atom feed: the results that count, newest first, by the public's names."""

import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest
from django.urls import reverse

from stages.models import Match, Round
from tests.player_helpers import at, confirmed, play, player_world

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def entries_of(client, tournament):
    response = client.get(reverse("tournament-results-feed", args=[tournament.slug]))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    return [(e.find(f"{ATOM}title").text, e.find(f"{ATOM}link").get("href")) for e in feed.iter(f"{ATOM}entry")]


def test_the_results_that_count_newest_first(client, tournament):
    world = player_world(tournament)
    older = confirmed(world.singles_stage, world.singles, 1, score=(25, 7))
    newer = confirmed(world.singles_stage, world.singles, 2, score=(3, 25))
    Match.objects.filter(pk=older.pk).update(confirmed_at=at(1))
    Match.objects.filter(pk=newer.pk).update(confirmed_at=at(1) + timedelta(hours=1))
    play(world.singles_stage, world.singles, 3)  # still to play
    withheld = confirmed(world.singles_stage, world.singles, 4)
    Match.objects.filter(pk=withheld.pk).update(result_withheld=True)  # under protest
    draft = play(world.singles_stage, world.singles, 5, round_status=Round.Status.DRAFT, status=Match.Status.CONFIRMED)
    walkover = play(world.doubles_stage, world.doubles, status=Match.Status.WALKOVER)
    Match.objects.filter(pk=walkover.pk).update(winner=walkover.entry_b, confirmed_at=at(0))
    entries = entries_of(client, tournament)
    assert [title for title, _link in entries] == [
        f"Asha Rao 3–25 {newer.entry_b.name}",
        f"Asha Rao 25–7 {older.entry_b.name}",
        f"{walkover.entry_b.name} wins by walk-over against Asha Rao & Bina Shah",
    ]
    assert entries[0][1].endswith(reverse("match-detail", args=[tournament.slug, newer.pk]))
    assert not any(link.endswith(f"/matches/{draft.pk}/") for _title, link in entries)


def test_a_double_walk_over_names_both_and_a_draft_tournament_has_no_feed(client, tournament):
    world = player_world(tournament)
    both = play(world.singles_stage, world.singles, status=Match.Status.WALKOVER)
    assert entries_of(client, tournament)[0][0] == f"Asha Rao and {both.entry_b.name} both lose by walk-over"
    tournament.status = "draft"
    tournament.save()
    assert client.get(reverse("tournament-results-feed", args=[tournament.slug])).status_code == 404
