"""The federations' services: inviting, quotas, a delegate's entries (and the refusals), corrections, removals,
and the log of what each delegate did."""

from datetime import date

import pytest

from core.errors import ServiceError
from federations import services
from federations.models import DelegateAction, Delegation, SentEntry
from registration.selectors import entries_open
from registration.services import close_entries, set_registration
from stages.models import Stage
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, StageFactory
from tests.federations.conftest import asha
from tournaments.models import Club, Entry

pytestmark = pytest.mark.django_db


def test_a_federation_invited_by_name_is_found_whatever_the_case_or_made(tournament):
    made = services.invite_federation(tournament, name="  Fédération  Française de Carrom ", country="fra")
    assert made.federation.name == "Fédération Française de Carrom"
    assert made.federation.is_federation and made.federation.country == "FRA"
    again = services.invite_federation(tournament, name="fédération française de carrom")
    assert again.pk == made.pk and Club.objects.count() == 1


def test_a_club_named_for_a_federation_becomes_one(tournament):
    club = ClubFactory(name="Sri Lanka Carrom Federation")
    delegation = services.invite_federation(tournament, name="sri lanka carrom federation")
    assert delegation.federation == club
    club.refresh_from_db()
    assert club.is_federation


def test_a_plain_club_is_not_invited_as_a_federation(tournament):
    with pytest.raises(ServiceError) as refused:
        services.invite_federation(tournament, ClubFactory())
    assert refused.value.field == "federation"


def test_a_bad_country_is_refused(tournament):
    with pytest.raises(ServiceError) as refused:
        services.invite_federation(tournament, name="Somewhere", country="XX1")
    assert refused.value.field == "country"
    assert not Delegation.objects.exists()


def test_the_delegate_enters_a_player_as_an_ordinary_entry(delegation, singles, federation):
    entry = services.delegate_enter(delegation, singles, [asha(date_of_birth=date(2001, 5, 4), nationality="LKA")])
    assert entry.event == singles and entry.name == "Asha Rao"
    player = entry.players.get()
    assert (player.sex, player.date_of_birth, player.club, player.nationality) == (
        "F",
        date(2001, 5, 4),
        federation,
        "LKA",
    )
    assert SentEntry.objects.get(entry=entry).delegation == delegation
    action = DelegateAction.objects.get()
    assert (action.kind, action.entry, action.event, action.entry_name) == ("entered", entry, singles, "Asha Rao")


def test_a_nationality_that_is_the_country_is_not_kept(delegation, singles):
    entry = services.delegate_enter(delegation, singles, [asha(nationality="ind")])
    assert entry.players.get().nationality == ""


def test_the_quota_refuses_the_entry_past_it_with_its_reason(delegation, singles):
    services.delegate_enter(delegation, singles, [asha()])
    services.delegate_enter(delegation, singles, [asha(first_name="Bina")])
    with pytest.raises(ServiceError) as refused:
        services.delegate_enter(delegation, singles, [asha(first_name="Chitra")])
    assert refused.value.field == "event"
    assert refused.value.message == "All India Carrom Federation has used all its 2 places in Men's singles."
    assert singles.entries.count() == 2


def test_an_event_without_places_refuses_every_entry(tournament, federation, singles):
    delegation = services.invite_federation(tournament, federation)
    with pytest.raises(ServiceError, match="has no places in Men's singles"):
        services.delegate_enter(delegation, singles, [asha()])


def test_a_withdrawn_entry_gives_its_place_back(delegation, singles):
    first = services.delegate_enter(delegation, singles, [asha()])
    services.delegate_enter(delegation, singles, [asha(first_name="Bina")])
    Entry.objects.filter(pk=first.pk).update(withdrawn=True)
    services.delegate_enter(delegation, singles, [asha(first_name="Chitra")])
    assert services.used_places(delegation, singles) == 2


def test_closed_entries_refuse_the_delegate(delegation, singles):
    close_entries(singles)
    with pytest.raises(ServiceError, match="Entries to Men's singles are not open."):
        services.delegate_enter(delegation, singles, [asha()])
    assert not Entry.objects.exists()


def test_an_event_with_no_entries_window_takes_nothing_from_delegates(tournament, federation):
    event = EventFactory(tournament=tournament)
    delegation = services.invite_federation(tournament, federation, quotas={event: 3})
    with pytest.raises(ServiceError, match="not open"):
        services.delegate_enter(delegation, event, [asha()])


def test_a_player_already_entered_is_refused(delegation, singles):
    player = PlayerFactory(first_name="Asha", last_name="Rao", country="IND")
    EntryFactory(event=singles, members=[player])
    with pytest.raises(ServiceError) as refused:
        services.delegate_enter(delegation, singles, [asha()])
    assert refused.value.field == "players" and "already entered" in refused.value.message
    assert not SentEntry.objects.exists()


def test_a_doubles_entry_needs_the_partner(delegation, doubles):
    with pytest.raises(ServiceError) as refused:
        services.delegate_enter(delegation, doubles, [asha()])
    assert refused.value.field == "players"
    entry = services.delegate_enter(delegation, doubles, [asha(), asha(first_name="Bina", nationality="NPL")])
    assert entry.name == "Asha Rao & Bina Rao"
    assert [p.nationality for p in entry.players.order_by("memberships__position")] == ["", "NPL"]


def test_another_tournaments_event_is_refused(delegation):
    with pytest.raises(ServiceError, match="not in the tournament"):
        services.delegate_enter(delegation, EventFactory(), [asha()])


def test_a_quota_below_what_was_sent_is_refused(delegation, singles):
    services.delegate_enter(delegation, singles, [asha()])
    with pytest.raises(ServiceError) as refused:
        services.set_quotas(delegation, {singles: 0})
    assert refused.value.field == f"event_{singles.pk}"
    assert "has already sent 1 entry" in refused.value.message
    services.set_quotas(delegation, {singles: 1})
    assert services.places_of(delegation, singles) == 1


def test_the_delegate_corrects_an_entry_it_sent(delegation, singles):
    entry = services.delegate_enter(delegation, singles, [asha()])
    player = entry.players.get()
    changes = {"first_name": "Asha", "last_name": "Rao-Menon", "sex": "F", "date_of_birth": date(2000, 1, 2)}
    entry = services.delegate_correct(
        delegation, entry, [(player, {**changes, "country": "IND", "nationality": "GBR"})]
    )
    player.refresh_from_db()
    assert entry.name == "Asha Rao-Menon"
    assert (player.last_name, player.date_of_birth, player.nationality) == ("Rao-Menon", date(2000, 1, 2), "GBR")
    assert DelegateAction.objects.filter(kind="corrected", entry=entry).exists()


def test_the_delegate_corrects_only_its_own_entries(tournament, delegation, singles):
    other = services.invite_federation(tournament, name="Other Federation")
    services.set_quotas(other, {singles: 1})
    entry = services.delegate_enter(other, singles, [asha()])
    with pytest.raises(ServiceError, match="did not send this entry"):
        services.delegate_correct(delegation, entry, [(entry.players.get(), {"last_name": "X"})])
    with pytest.raises(ServiceError, match="did not send this entry"):
        services.delegate_remove(delegation, entry)


def test_corrections_and_removals_stop_when_entries_close(delegation, singles):
    entry = services.delegate_enter(delegation, singles, [asha()])
    close_entries(singles)
    with pytest.raises(ServiceError, match="not open"):
        services.delegate_correct(delegation, entry, [(entry.players.get(), {"last_name": "X"})])
    with pytest.raises(ServiceError, match="not open"):
        services.delegate_remove(delegation, entry)
    set_registration(singles, closed=False)
    services.delegate_remove(delegation, entry)


def test_the_delegate_removes_an_entry_before_the_draw(delegation, singles):
    entry = services.delegate_enter(delegation, singles, [asha()])
    services.delegate_remove(delegation, entry)
    assert not Entry.objects.filter(pk=entry.pk).exists()
    removed = DelegateAction.objects.get(kind="removed")
    assert removed.entry is None and removed.entry_name == "Asha Rao" and removed.event == singles


def test_after_a_draw_the_delegate_withdraws_instead(delegation, singles):
    entry = services.delegate_enter(delegation, singles, [asha()])
    StageFactory(event=singles, status=Stage.Status.DRAWN)
    services.delegate_remove(delegation, entry)
    entry.refresh_from_db()
    assert entry.withdrawn
    assert DelegateAction.objects.filter(kind="withdrawn", entry=entry).exists()
    assert services.used_places(delegation, singles) == 0


def test_revoking_the_link_changes_its_key(delegation):
    old = delegation.key
    assert services.revoke_link(delegation).key != old


def test_entries_window_open_and_close(singles):
    close_entries(singles)
    assert not entries_open(singles)
    set_registration(singles, closed=False)
    assert entries_open(singles)


def test_the_facts_of_a_pair_leave_out_what_was_not_given(delegation, doubles):
    from federations.display import entry_facts

    entry = services.delegate_enter(
        delegation, doubles, [asha(date_of_birth=date(2001, 5, 4), nationality="LKA"), {"first_name": "Bina"}]
    )
    players = list(entry.players.order_by("memberships__position"))
    assert entry_facts(players) == "Female · 2001-05-04 · LKA"
    players[1].country = "NPL"
    assert entry_facts(players) == "Female · 2001-05-04 · LKA; NPL"


def test_the_events_eligibility_rules_refuse_a_delegates_player(delegation, singles):
    from tournaments.eligibility import set_eligibility

    set_eligibility(singles, sex="M", federation_members=True)
    with pytest.raises(ServiceError) as refused:
        services.delegate_enter(delegation, singles, [asha()])
    assert refused.value.field == "players" and "Asha Rao" in refused.value.message
    assert not SentEntry.objects.exists() and not DelegateAction.objects.exists()
    # A new player of the delegation is a member of its federation (their club is it).
    entry = services.delegate_enter(delegation, singles, [asha(first_name="Arun", sex="M")])
    assert entry.players.get().club == delegation.federation
