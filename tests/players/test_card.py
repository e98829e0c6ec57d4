"""The self-umpired card by the players' match links, with no account: one side enters (board by board or the
final score), the other confirms with its own link or disagrees; the chief referee settles a disagreement; a
confirmed result is reopened only by an official; every entry is in the audit log with its side."""

import os
import threading

import pytest
from django.db import connection
from django.urls import reverse

from matches.models import ResultChange
from matches.scoring import services
from players import card_services, links
from players.models import SelfReport
from stages.models import Match
from tests.factories import PlayerFactory, UserFactory
from tests.helpers import game_25_0, make_match
from tests.matches.scoring.test_card_pages import board_post
from tournaments.models import EntryMember, Notification

pytestmark = pytest.mark.django_db
S = Match.Status


@pytest.fixture
def match(tournament):
    return make_match(tournament, rule_set="ecc", self_umpired=True, status=S.CALLED)


@pytest.fixture
def chief(tournament):
    user = UserFactory()
    tournament.chief_referees.add(user)
    return user


def side_url(match, side):
    return links.match_link_url(match, side)


def final(client, match, side, games="25-10"):
    return client.post(side_url(match, side), {"action": "final", "final-games": games}, follow=True)


def text(response):
    return response.content.decode()


def sides_in_log(match):
    return [(change.what, change.user_id, (change.after or {}).get("by_side")) for change in match.history]


def test_side_a_enters_the_card_board_by_board_and_side_b_confirms(client, match):
    page = text(client.get(side_url(match, "a")))
    assert "You are side A" in page and 'name="action" value="board"' in page
    for number, board in enumerate(game_25_0("A"), 1):
        response = client.post(side_url(match, "a"), board_post(match, 1, number, board))
        assert response.status_code == 302, text(response)
    match.refresh_from_db()
    assert match.status == S.FINISHED and match.result_entered_by is None
    own = client.post(side_url(match, "a"), {"action": "confirm"}, follow=True)
    assert "the player of the other side confirms it" in text(own)
    match.refresh_from_db()
    assert match.status == S.FINISHED
    page_b = text(client.get(side_url(match, "b")))
    assert "You are side B" in page_b and "Confirm result" in page_b and 'value="board"' not in page_b
    client.post(side_url(match, "b"), {"action": "confirm"})
    match.refresh_from_db()
    assert match.status == S.CONFIRMED and (match.score_a, match.score_b) == (25, 0)
    log = sides_in_log(match)
    assert all(user is None for _what, user, _side in log)
    assert [side for what, _user, side in log if what == ResultChange.What.BOARD_ADDED] == ["a", "a", "a"]
    assert log[-1] == (ResultChange.What.CONFIRMED, None, "b")


def test_the_other_side_cannot_write_on_the_card_the_first_side_keeps(client, match):
    final(client, match, "a", "25-10")
    response = final(client, match, "b", "10-25")
    assert "Side A keeps this score card" in text(response)
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.status) == (25, 10, S.FINISHED)


def test_a_law_the_entry_breaks_shows_the_form_again_and_changes_nothing(client, match):
    response = final(client, match, "a", "25-10, 25-3, 25-1")  # more games than the match has
    assert response.status_code == 200 and 'class="errorlist"' in text(response)
    match.refresh_from_db()
    assert match.status == S.CALLED and not ResultChange.objects.filter(match=match).exists()
    assert not SelfReport.objects.filter(match=match).exists()


def test_disagreement_keeps_both_versions_for_the_chief_referee_who_takes_the_other(client, tournament, chief, match):
    final(client, match, "a", "25-10")
    response = client.post(
        side_url(match, "b"),
        {"action": "disagree", "disagree-games": "10-25", "disagree-note": "B won the last board"},
        follow=True,
    )
    assert "with the chief referee" in text(response)
    report = SelfReport.objects.get(match=match)
    assert report.state == SelfReport.State.DISPUTED and report.entered_by_side == "a"
    assert report.entered_version["games"] == [[25, 10]]
    assert report.other_version == {"side": "b", "games": [[10, 25]], "note": "B won the last board"}
    match.refresh_from_db()
    assert match.status == S.FINISHED and not match.is_decided  # nothing counts until settled
    told = Notification.objects.filter(tournament=tournament, url__endswith=f"/matches/{match.pk}/settle/")
    assert {note.user for note in told} == {chief, *tournament.secretaries.all()}
    # Neither side can go on meanwhile.
    assert "chief referee decides" in text(client.post(side_url(match, "b"), {"action": "confirm"}, follow=True))
    assert "chief referee decides" in text(final(client, match, "a", "25-0"))
    match.refresh_from_db()
    assert (match.status, match.score_a) == (S.FINISHED, 25) and match.score_b == 10
    # The chief referee finds it from the tournament's officials' pages and from the match page.
    client.force_login(chief)
    listing = text(client.get(reverse("self-umpired-disagreements", args=[tournament.slug])))
    settle_url = reverse("self-umpired-settle", args=[tournament.slug, match.pk])
    assert settle_url in listing
    assert settle_url in text(client.get(reverse("match-detail", args=[tournament.slug, match.pk])))
    page = text(client.get(settle_url))
    assert "25–10" in page and "10–25" in page and "B won the last board" in page
    assert client.post(settle_url, {"choice": "other", "reason": "The umpire saw it"}).status_code == 302
    match.refresh_from_db()
    assert match.status == S.CONFIRMED and (match.score_a, match.score_b) == (10, 25)
    assert match.winner_id == match.entry_b_id
    report.refresh_from_db()
    assert (report.state, report.settled_by, report.settled_with) == (SelfReport.State.SETTLED, chief, "other")
    log = sides_in_log(match)
    assert (ResultChange.What.STATUS, None, "b") in log  # the disagreement, by side B's link
    assert log[-1][:2] == (ResultChange.What.RESULT, chief.pk)  # the other version, recorded and confirmed
    history = text(client.get(reverse("match-history", args=[tournament.slug, match.pk])))
    assert "side A (match link)" in history and "side B (match link)" in history


def test_the_chief_referee_settles_for_the_entered_board_card_or_enters_the_right_result(client, tournament, chief):
    kept, corrected = (make_match(tournament, rule_set="ecc", self_umpired=True, status=S.CALLED) for _ in range(2))
    for match in (kept, corrected):
        for number, board in enumerate(game_25_0("A"), 1):
            client.post(side_url(match, "a"), board_post(match, 1, number, board))
        client.post(side_url(match, "b"), {"action": "disagree", "disagree-games": "0-25"})
    client.force_login(chief)
    client.post(reverse("self-umpired-settle", args=[tournament.slug, kept.pk]), {"choice": "entered"})
    kept.refresh_from_db()
    assert kept.status == S.CONFIRMED and (kept.score_a, kept.score_b) == (25, 0) and kept.boards.count() == 3
    url = reverse("self-umpired-settle", args=[tournament.slug, corrected.pk])
    missing = client.post(url, {"choice": "games"})
    assert missing.status_code == 200 and "Enter the right result" in text(missing)
    client.post(url, {"choice": "games", "games": "25-12", "reason": "Recounted"})
    corrected.refresh_from_db()
    assert corrected.status == S.CONFIRMED and (corrected.score_a, corrected.score_b) == (25, 12)
    assert corrected.boards.filter(voided=False).count() == 0  # the board card gave way to the right result
    assert ResultChange.objects.filter(match=corrected, reason="Recounted", user=chief).exists()


def test_only_an_official_settles_and_only_an_open_disagreement(client, tournament, chief, match):
    final(client, match, "a")
    url = reverse("self-umpired-settle", args=[tournament.slug, match.pk])
    client.force_login(chief)
    assert "no disagreement to settle" in text(client.get(url))
    client.post(side_url(match, "b"), {"action": "disagree", "disagree-games": "10-25"})
    client.force_login(UserFactory())
    assert client.post(url, {"choice": "other"}).status_code == 403
    with pytest.raises(card_services.NotAllowed):
        card_services.settle(match, UserFactory(), "other")
    match.refresh_from_db()
    assert match.status == S.FINISHED and match.score_a == 25


def test_a_confirmed_result_is_reopened_only_by_an_official(client, chief, match):
    final(client, match, "a", "25-10")
    client.post(side_url(match, "b"), {"action": "confirm"})
    changes = ResultChange.objects.filter(match=match).count()
    for side in ("a", "b"):
        for data in (
            {"action": "final", "final-games": "10-25"},
            {"action": "confirm"},
            {"action": "disagree", "disagree-games": "10-25"},
            {"action": "reopen"},
        ):
            response = client.post(side_url(match, side), data, follow=True)
            assert "Only an official can reopen it" in text(response) or "not open" in text(response)
    match.refresh_from_db()
    assert match.status == S.CONFIRMED and ResultChange.objects.filter(match=match).count() == changes
    services.transition(match, S.FINISHED, user=chief, reason="Wrong card")
    client.post(side_url(match, "b"), {"action": "confirm"})
    match.refresh_from_db()
    assert match.status == S.CONFIRMED  # reopened by the official, confirmed again by side B


def test_confirm_and_disagree_sent_together_one_wins_the_other_sees_the_match_as_it_stands(client, match):
    final(client, match, "a")
    # Both phones of side B loaded the card while the result was waiting; the disagreement arrives first.
    client.post(side_url(match, "b"), {"action": "disagree", "disagree-games": "10-25"})
    late = client.post(side_url(match, "b"), {"action": "confirm"}, follow=True)
    assert "chief referee decides" in text(late)
    match.refresh_from_db()
    assert match.status == S.FINISHED
    other = make_match(match.stage.event.tournament, rule_set="ecc", self_umpired=True, status=S.CALLED)
    final(client, other, "b")
    client.post(side_url(other, "a"), {"action": "confirm"})
    late = client.post(side_url(other, "a"), {"action": "disagree", "disagree-games": "10-25"}, follow=True)
    assert "The result is confirmed" in text(late)
    assert not SelfReport.objects.filter(match=other, state=SelfReport.State.DISPUTED).exists()


def test_an_umpired_match_card_is_read_only_by_link(client, tournament, umpire):
    match = make_match(tournament, rule_set="icf", umpire=umpire, status=S.CALLED)
    page = text(client.get(side_url(match, "a")))
    assert "An umpire keeps this match" in page and 'value="board"' not in page
    final(client, match, "a")
    match.refresh_from_db()
    assert match.status == S.CALLED


def test_the_card_fits_a_phone_and_carries_no_officials_links(client, match):
    page = text(client.get(side_url(match, "a")))
    assert 'name="viewport"' in page and "History of this match" not in page and "Start match" not in page


ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


@pytest.mark.skipif(not ON_POSTGRES, reason="needs two real PostgreSQL connections (DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_confirm_and_disagree_at_once_on_two_postgresql_connections(tournament):
    match = make_match(tournament, rule_set="ecc", self_umpired=True, status=S.CALLED)
    card_services.enter(match, "a", lambda locked: services.record_result(locked, [(25, 10)]))
    barrier = threading.Barrier(2)
    outcome = {}

    def act(name, call):
        try:
            barrier.wait(timeout=10)
            call()
            outcome[name] = "done"
        except card_services.NotAllowed as refusal:
            outcome[name] = refusal.message
        finally:
            connection.close()  # each thread has its own connection

    threads = [
        threading.Thread(target=act, args=("confirm", lambda: card_services.confirm(match, "b"))),
        threading.Thread(target=act, args=("disagree", lambda: card_services.disagree(match, "b", [(10, 25)]))),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    match.refresh_from_db()
    report = SelfReport.objects.get(match=match)
    assert sorted(outcome.values()).count("done") == 1  # one wins; the other is refused, nothing half-done
    if outcome["confirm"] == "done":
        assert match.status == S.CONFIRMED and report.state == SelfReport.State.ENTERING
        assert "confirmed" in outcome["disagree"]
    else:
        assert match.status == S.FINISHED and report.state == SelfReport.State.DISPUTED
        assert "chief referee decides" in outcome["confirm"]


def test_the_personal_page_leads_to_the_players_side_of_the_card_until_it_is_confirmed(client, match):
    player = EntryMember.objects.filter(entry=match.entry_a).first().player
    personal = links.personal_link_url(match.stage.event.tournament, player)
    page = text(client.get(personal))
    assert f'{side_url(match, "a")}">Our score card<' in page and side_url(match, "b") not in page
    assert "You are side A" in text(client.get(side_url(match, "a")))
    services.record_result(match, [(25, 10)], confirm=True, user=UserFactory())
    assert side_url(match, "a") not in text(client.get(personal))


def test_an_ecc_match_and_a_finished_one_lead_to_the_players_card_from_the_personal_page(client, tournament):
    """ECC events are self-umpired by their laws, whatever the match's own flag: the QR code lost, the personal
    page still leads to the side's card, also once the match is played and the other side has to confirm it."""
    match = make_match(tournament, rule_set="ecc", status=S.CALLED, table=2)
    assert not match.self_umpired
    player = PlayerFactory()
    EntryMember.objects.filter(entry=match.entry_b).update(player=player)
    personal = links.personal_link_url(tournament, player)
    assert f'{side_url(match, "b")}">Our score card<' in text(client.get(personal))
    services.record_result(match, [(25, 10)])  # entered by side A: finished, side B still to confirm
    match.refresh_from_db()
    assert match.status == S.FINISHED
    assert f'{side_url(match, "b")}">Our score card<' in text(client.get(personal))
