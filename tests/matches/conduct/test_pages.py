"""The conduct panel of a match (for its umpire on a phone) and the disciplinary record (officials only)."""

import pytest
from django.urls import reverse

from matches.conduct.models import MatchLoss, MatchWarning
from tests.matches.conduct.conftest import play_two_games, player_of

pytestmark = pytest.mark.django_db


def panel_url(match):
    return reverse("match-conduct", args=[match.stage.event.tournament.slug, match.pk])


def test_the_score_card_links_to_the_panel(client, match, umpire):
    client.force_login(umpire)
    card = client.get(reverse("match-card", args=[match.stage.event.tournament.slug, match.pk]))
    assert panel_url(match) in card.content.decode()


def test_the_panel_offers_143h_only_after_two_warnings(client, match, umpire):
    client.force_login(umpire)
    a = player_of(match, "a")
    page = client.get(panel_url(match)).content.decode()
    assert 'value="distraction"' not in page and "offered only after 2 warnings" in page
    for _ in range(2):
        answer = client.post(panel_url(match), {"action": "warning", "warning-player": a.pk})
        assert answer.status_code == 302
    page = client.get(panel_url(match)).content.decode()
    assert page.count('value="distraction"') == 1  # for A only
    answer = client.post(panel_url(match), {"action": "loss", "loss-player": a.pk, "loss-clause": "distraction"})
    assert answer.status_code == 302
    assert MatchLoss.objects.get().law == "ICF 143(h)"


def test_a_refusal_shows_the_form_again_with_the_law(client, match, umpire):
    client.force_login(umpire)
    a = player_of(match, "a")
    answer = client.post(panel_url(match), {"action": "loss", "loss-player": a.pk, "loss-clause": "distraction"})
    assert answer.status_code == 200
    assert "ICF 143(h): offered only after 2 warnings" in answer.content.decode()
    assert not MatchLoss.objects.exists()


def test_others_may_not_open_the_panel(client, match, stranger):
    client.force_login(stranger)
    assert client.get(panel_url(match)).status_code in (403, 404)
    client.post(panel_url(match), {"action": "warning", "warning-player": player_of(match, "a").pk})
    assert not MatchWarning.objects.exists()


def test_the_record_is_for_officials_and_reachable_from_the_tournament(client, match, umpire, chief):
    client.force_login(umpire)
    client.post(
        panel_url(match), {"action": "warning", "warning-player": player_of(match, "b").pk, "warning-note": "talking"}
    )
    slug = match.stage.event.tournament.slug
    record = reverse("disciplinary-record", args=[slug])
    assert client.get(record).status_code == 403
    client.force_login(chief)
    assert record in client.get(reverse("tournament-detail", args=[slug])).content.decode()
    page = client.get(record).content.decode()
    assert str(player_of(match, "b")) in page and "ICF 143(h)" in page and "talking" in page


def test_the_umpire_marks_each_player_back_from_the_rest(client, match, umpire):
    play_two_games(match, umpire)
    client.force_login(umpire)
    card = client.get(reverse("match-card", args=[match.stage.event.tournament.slug, match.pk])).content.decode()
    assert "Rest before the deciding game until" in card
    page = client.get(panel_url(match)).content.decode()
    assert 'name="back-side" value="a"' in page and 'name="back-side" value="b"' in page
    for side in ("a", "b"):
        assert client.post(panel_url(match), {"action": "back", "back-side": side}).status_code == 302
    match.refresh_from_db()
    assert match.rest_deadline is None
    assert "Both players back" in client.get(panel_url(match)).content.decode()
