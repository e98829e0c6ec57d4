"""The roll call before the draw (tournaments.rollcall): the desk marks entries present with one tap, the players
say "I am here" from their personal links while it is open; one confirmed step withdraws every entry still
unmarked through the withdrawal service (its signal heard), refused once a stage is drawn; the draw then takes
the others only."""

import pytest
from django.db.models import Q

from core.errors import Conflict, ServiceError
from players.links import personal_link_url
from stages.models import Match, Stage
from stages.services import draw_stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory, StageFactory, UserFactory
from tournaments import rollcall
from tournaments.models import Entry, Presence
from tournaments.signals import entry_withdrawn

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(tournament):
    event = EventFactory(tournament=tournament, name="Open singles")
    for _ in range(6):
        EntryFactory(event=event)
    return event


def entries(event):
    return list(event.entries.order_by("pk"))


def test_the_absent_are_withdrawn_in_one_step_through_the_withdrawal_service(event, secretary):
    first, second, *others = entries(event)
    for entry in others:
        rollcall.mark(entry, user=secretary)
    assert rollcall.roll_call_of(event).opened_by == secretary
    assert {e.pk for e in rollcall.absent_entries(event)} == {first.pk, second.pk}
    heard = []

    def listener(sender, entry, **kwargs):
        heard.append(entry.pk)

    entry_withdrawn.connect(listener)
    try:
        withdrawn = rollcall.withdraw_absent(event, [first.pk, second.pk])
    finally:
        entry_withdrawn.disconnect(listener)
    assert {e.pk for e in withdrawn} == set(heard) == {first.pk, second.pk}
    assert set(event.entries.filter(withdrawn=True).values_list("pk", flat=True)) == {first.pk, second.pk}
    assert not rollcall.roll_call_of(event).is_open


def test_the_withdrawal_takes_exactly_the_entries_confirmed(event, secretary):
    first, second, *others = entries(event)
    for entry in others:
        rollcall.mark(entry, user=secretary)
    with pytest.raises(Conflict):
        rollcall.withdraw_absent(event, [first.pk])  # the second was never shown
    rollcall.mark(second, user=secretary)  # marked after the list was shown
    with pytest.raises(Conflict):
        rollcall.withdraw_absent(event, [first.pk, second.pk])
    assert not event.entries.filter(withdrawn=True).exists()


def test_a_mark_taken_back_counts_the_entry_absent_again(event, secretary):
    entry = entries(event)[0]
    rollcall.mark(entry, user=secretary)
    rollcall.mark(entry, present=False, user=secretary)
    assert entry in rollcall.absent_entries(event)


def test_refused_once_a_stage_is_drawn_and_the_draw_takes_the_present_only(event, secretary):
    first, second, *others = entries(event)
    for entry in others:
        rollcall.mark(entry, user=secretary)
    rollcall.withdraw_absent(event, [first.pk, second.pk])
    stage = StageFactory(event=event, kind=Stage.Kind.GROUPS, group_count=1, name="Groups")
    draw_stage(stage)
    played = Match.objects.filter(stage=stage)
    assert played.count() == 6  # a round robin of the four present
    assert not played.filter(Q(entry_a__in=[first, second]) | Q(entry_b__in=[first, second])).exists()
    with pytest.raises(Conflict, match="Groups has been drawn"):
        rollcall.withdraw_absent(event, [])
    with pytest.raises(Conflict):
        rollcall.open_roll_call(event, secretary)


def test_a_player_marks_themselves_only_while_the_roll_call_is_open(event, secretary):
    entry = entries(event)[0]
    player = entry.players.get()
    with pytest.raises(ServiceError, match="not open"):
        rollcall.mark_myself(entry, player)
    rollcall.open_roll_call(event, secretary)
    with pytest.raises(ServiceError, match="not entered"):
        rollcall.mark_myself(entry, PlayerFactory())
    rollcall.mark_myself(entry, player)
    assert Presence.objects.get(entry=entry).player == player


def test_the_personal_page_offers_i_am_here_while_open(client, event, secretary):
    entry = entries(event)[0]
    player = entry.players.get()
    event.tournament.status = "published"
    event.tournament.save()
    url = personal_link_url(event.tournament, player)
    assert "I am here" not in client.get(url).content.decode()
    rollcall.open_roll_call(event, secretary)
    assert "I am here: Open singles" in client.get(url).content.decode()
    answer = client.post(f"{url}here/", {"entry": entry.pk}, follow=True)
    assert "You are marked present for Open singles." in answer.content.decode()
    assert Presence.objects.filter(entry=entry, player=player).exists()
    other = entries(event)[1]
    assert client.post(f"{url}here/", {"entry": other.pk}).status_code == 404  # not their entry


def test_the_desk_page_marks_with_one_tap_and_confirms_the_withdrawal(client, event, secretary):
    client.force_login(secretary)
    first, second, *others = entries(event)
    desk = f"/t/{event.tournament.slug}/events/{event.pk}/roll-call/"
    assert desk in client.get(event.get_absolute_url()).content.decode()
    for entry in others:
        assert client.post(desk, {"entry": entry.pk, "action": "present"}).status_code == 302
    row = client.post(desk, {"entry": first.pk, "action": "present"}, headers={"X-Roll-Call-Row": "1"})
    assert row["X-Roll-Call-Row"] == "1" and "5 present, 1 not marked" in row.content.decode()
    client.post(desk, {"entry": first.pk, "action": "absent"})
    page = client.get(desk, {"q": second.name[:5]}).content.decode()
    assert second.name in page
    confirm = client.get(f"{desk}withdraw-absent/").content.decode()
    assert first.name in confirm and second.name in confirm and others[0].name not in confirm
    answer = client.post(f"{desk}withdraw-absent/", {"entries": [first.pk, second.pk]})
    assert answer.status_code == 302
    assert set(Entry.objects.filter(withdrawn=True).values_list("pk", flat=True)) == {first.pk, second.pk}


def test_a_confirmation_posted_with_ids_that_are_none_withdraws_nobody(client, event, secretary):
    client.force_login(secretary)
    page = f"/t/{event.tournament.slug}/events/{event.pk}/roll-call/withdraw-absent/"
    for hostile in ("²", "abc", "99999999999999999999"):
        answer = client.post(page, {"entries": [hostile]})
        assert answer.status_code == 302  # back to the confirmation, which says the list has changed
    assert not Entry.objects.filter(withdrawn=True).exists()


def test_the_api_marks_and_withdraws_for_secretaries_only(api_client, event, secretary):
    first, second, *others = entries(event)
    base = f"/api/tournaments/{event.tournament.slug}/events/{event.pk}/roll-call/"
    api_client.force_authenticate(secretary)
    assert api_client.post(base, {"open": True}, format="json").json()["open"] is True
    for entry in others:
        assert api_client.post(base, {"entry": entry.pk, "present": True}, format="json").status_code == 200
    body = api_client.get(base).json()
    assert sorted(body["absent"]) == [first.pk, second.pk]
    assert api_client.post(base, {"entry": 999999}, format="json").status_code == 400
    stale = api_client.post(f"{base}withdraw-absent/", {"entries": [first.pk]}, format="json")
    assert stale.status_code == 409
    done = api_client.post(f"{base}withdraw-absent/", {"entries": [first.pk, second.pk]}, format="json")
    assert done.status_code == 200 and sorted(done.json()["withdrawn"]) == [first.pk, second.pk]
    api_client.force_authenticate(UserFactory(secretary=True))
    assert api_client.get(base).status_code in (403, 404)
