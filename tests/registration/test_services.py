"""The sign-up services: signing up, confirming, the cap and the waiting list, the entries window's rules."""

import random
from datetime import date, timedelta

import pytest
from django.utils import timezone

from core.errors import ServiceError
from registration import selectors, services
from registration.models import SignUp
from stages.models import Stage
from stages.services import pair_swiss_round, publish_round
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tests.registration.helpers import confirmation_link, fields, open_event, token_of
from tournaments.eligibility import set_eligibility
from tournaments.entry_services import remove_entry
from tournaments.models import Event, EventEligibility, OutgoingMail, Player
from tournaments.services import withdraw_entry

pytestmark = pytest.mark.django_db


def signed_up_and_confirmed(event, n=1, **changes):
    row = services.sign_up(event, fields(n, **changes), site="http://testserver/")
    return services.confirm(row.token)


def test_a_sign_up_is_pending_and_mails_its_confirmation_link(tournament):
    event = open_event(tournament)
    row = services.sign_up(event, fields(), language="fr", site="http://testserver/")
    assert row.status == SignUp.Status.PENDING
    assert (row.country, row.email_key) == ("FRA", "mira1@example.org")
    mail = OutgoingMail.objects.get(to="mira1@example.org")
    assert mail.language == "fr"
    link = confirmation_link("mira1@example.org")
    assert token_of(link) == row.token
    assert link.startswith(f"http://testserver/t/{tournament.slug}/sign-up/")
    assert not event.entries.exists()  # nothing is entered before the confirmation


def test_the_link_starts_with_the_sites_address_when_it_is_set(tournament, settings):
    settings.SITE_URL = "https://carrom.example.org"
    event = open_event(tournament)
    services.sign_up(event, fields(), site="http://evil.example/")
    assert confirmation_link("mira1@example.org").startswith("https://carrom.example.org/t/")


def test_confirming_under_the_cap_makes_an_ordinary_entry_with_the_players_address(tournament):
    event = open_event(tournament, cap=2, entries=1)
    row = signed_up_and_confirmed(event)
    assert row.status == SignUp.Status.ENTERED
    assert row.entry.event == event and row.entry.name == "Mira1 Lenoir"
    player = row.entry.members.get().player
    assert (player.email, player.country, player.club.name) == ("mira1@example.org", "FRA", "Lyon Carrom")
    assert services.confirm(row.token).entry == row.entry  # confirming again changes nothing
    assert event.entries.count() == 2


def test_a_known_player_is_found_and_keeps_their_own_address(tournament):
    known = PlayerFactory(first_name="Mira1", last_name="Lenoir", country="FRA", email="old@example.org")
    row = signed_up_and_confirmed(open_event(tournament))
    assert row.entry.members.get().player == known
    known.refresh_from_db()
    assert known.email == "old@example.org"
    assert Player.objects.filter(last_name="Lenoir").count() == 1


def test_a_doubles_sign_up_enters_the_pair(tournament):
    event = open_event(tournament, kind=Event.Kind.DOUBLES)
    row = signed_up_and_confirmed(event, partner_first_name="Jo", partner_last_name="Bart")
    names = [m.player.full_name for m in row.entry.members.order_by("position")]
    assert names == ["Mira1 Lenoir", "Jo Bart"]


def test_a_doubles_sign_up_needs_the_partners_last_name(tournament):
    event = open_event(tournament, kind=Event.Kind.DOUBLES)
    with pytest.raises(ServiceError) as refused:
        services.sign_up(event, fields(partner_first_name="Jo"))
    assert refused.value.field == "partner_last_name"


def test_over_the_cap_a_confirmed_sign_up_waits_in_the_order_of_confirmation(tournament):
    event = open_event(tournament, cap=1, entries=1)
    first = signed_up_and_confirmed(event, 1)
    second = signed_up_and_confirmed(event, 2)
    assert (first.status, second.status) == (SignUp.Status.WAITING, SignUp.Status.WAITING)
    assert [selectors.place_on_waiting_list(row) for row in (first, second)] == [1, 2]
    assert event.entries.count() == 1


def test_the_same_address_signs_up_once_per_event_whatever_its_case(tournament):
    event = open_event(tournament)
    services.sign_up(event, fields())
    with pytest.raises(ServiceError) as refused:
        services.sign_up(event, fields(2, email="MIRA1@Example.org"))
    assert refused.value.field == "email"
    services.sign_up(open_event(tournament), fields())  # another event: welcome


def test_an_expired_sign_up_cannot_be_confirmed_and_its_address_may_sign_up_again(tournament, settings):
    event = open_event(tournament)
    row = services.sign_up(event, fields())
    SignUp.objects.filter(pk=row.pk).update(created_at=timezone.now() - timedelta(hours=49))
    with pytest.raises(ServiceError) as refused:
        services.confirm(row.token)
    assert refused.value.field == "token"
    again = services.sign_up(event, fields())
    assert again.token != row.token and SignUp.objects.filter(event=event).count() == 1


def test_no_sign_up_when_entries_are_closed_not_yet_open_or_not_public(tournament):
    event = open_event(tournament)
    services.close_entries(event)
    with pytest.raises(ServiceError):
        services.sign_up(event, fields())
    later = EventFactory(tournament=tournament)
    services.set_registration(later, public_sign_up=True, opens_at=timezone.now() + timedelta(days=1))
    with pytest.raises(ServiceError):
        services.sign_up(later, fields())
    private = EventFactory(tournament=tournament)
    services.set_registration(private, public_sign_up=False)
    with pytest.raises(ServiceError):
        services.sign_up(private, fields())
    assert not SignUp.objects.exists()


def test_a_player_already_entered_cannot_sign_up(tournament):
    event = open_event(tournament)
    EntryFactory(event=event, members=[PlayerFactory(first_name="Mira1", last_name="Lenoir", country="FRA")])
    with pytest.raises(ServiceError) as refused:
        services.sign_up(event, fields())
    assert "already entered" in refused.value.message


def test_entries_must_close_after_they_open(tournament):
    event = EventFactory(tournament=tournament)
    now = timezone.now()
    with pytest.raises(ServiceError) as refused:
        services.set_registration(event, opens_at=now, closes_at=now - timedelta(hours=1))
    assert refused.value.field == "closes_at"


def test_withdrawing_an_entry_enters_the_first_waiting_and_mails_them(tournament):
    event = open_event(tournament, cap=1, entries=1)
    first = signed_up_and_confirmed(event, 1)
    second = signed_up_and_confirmed(event, 2)
    withdraw_entry(event.entries.get(sign_up=None))
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == SignUp.Status.ENTERED and first.entry.event == event
    assert second.status == SignUp.Status.WAITING and selectors.place_on_waiting_list(second) == 1
    told = OutgoingMail.objects.get(to="mira1@example.org", subject__startswith="You are entered")
    assert event.get_absolute_url() in told.body
    assert not OutgoingMail.objects.filter(to="mira2@example.org", subject__startswith="You are entered").exists()


def test_removing_an_entry_before_the_draw_enters_the_first_waiting_once_it_commits(tournament, committed):
    event = open_event(tournament, cap=1, entries=1)
    row = signed_up_and_confirmed(event)
    with committed():
        remove_entry(event.entries.get())
    row.refresh_from_db()
    assert row.status == SignUp.Status.ENTERED and event.entries.get() == row.entry
    assert OutgoingMail.objects.filter(to="mira1@example.org", subject__startswith="You are entered").exists()


def test_deleting_an_event_with_a_waiting_list_enters_no_one(tournament, committed):
    event = open_event(tournament, cap=1, entries=1)
    signed_up_and_confirmed(event)
    with committed():
        event.delete()
    assert not SignUp.objects.exists() and not Event.objects.filter(pk=event.pk).exists()


def test_reinstating_an_entry_promotes_no_one(tournament):
    event = open_event(tournament, cap=1, entries=1)
    entry = event.entries.get()
    withdraw_entry(entry)
    row = signed_up_and_confirmed(event)  # the place freed is taken at once
    assert row.status == SignUp.Status.ENTERED
    withdraw_entry(entry, False)
    assert event.entries.filter(withdrawn=False).count() == 2  # over the cap: the secretary's own choice


def test_raising_the_cap_enters_as_many_as_it_makes_room_for(tournament):
    event = open_event(tournament, cap=1, entries=1)
    rows = [signed_up_and_confirmed(event, n) for n in (1, 2, 3)]
    services.set_registration(event, cap=3)
    statuses = [SignUp.objects.get(pk=row.pk).status for row in rows]
    assert statuses == [SignUp.Status.ENTERED, SignUp.Status.ENTERED, SignUp.Status.WAITING]


def test_after_the_draw_with_entries_closed_the_waiting_list_stays_as_it_is(tournament):
    event = open_event(tournament, cap=2, entries=2, rule_set="ecc")
    row = signed_up_and_confirmed(event)
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    publish_round(pair_swiss_round(stage, random.Random(1)))
    services.close_entries(event)
    withdraw_entry(event.entries.first())
    row.refresh_from_db()
    assert row.status == SignUp.Status.WAITING


def test_with_entries_open_a_drawn_swiss_stage_takes_the_promoted_entry_as_a_late_entry(tournament):
    event = open_event(tournament, cap=2, entries=2, rule_set="ecc")
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    publish_round(pair_swiss_round(stage, random.Random(1)))
    row = signed_up_and_confirmed(event)
    assert row.status == SignUp.Status.WAITING
    withdraw_entry(event.entries.exclude(sign_up__isnull=False).first())
    row.refresh_from_db()
    assert row.status == SignUp.Status.ENTERED
    second = pair_swiss_round(stage, random.Random(2))
    assert row.entry_id in {e for m in second.matches.all() for e in (m.entry_a_id, m.entry_b_id)}


def test_with_entries_closed_before_the_draw_a_place_freed_still_goes_to_the_waiting_list(tournament):
    event = open_event(tournament, cap=1, entries=1)
    row = signed_up_and_confirmed(event)
    services.close_entries(event)
    withdraw_entry(event.entries.get())
    row.refresh_from_db()
    assert row.status == SignUp.Status.ENTERED


def test_the_secretary_removes_a_waiting_sign_up_but_not_an_entered_one(tournament):
    event = open_event(tournament, cap=1)
    entered = signed_up_and_confirmed(event, 1)
    waiting = signed_up_and_confirmed(event, 2)
    services.remove_sign_up(event, waiting.pk)
    assert not SignUp.objects.filter(pk=waiting.pk).exists()
    with pytest.raises(ServiceError):
        services.remove_sign_up(event, entered.pk)
    with pytest.raises(ServiceError):
        services.remove_sign_up(EventFactory(tournament=tournament), entered.pk)


def test_the_secretarys_list_puts_the_waiting_list_first_in_its_order(tournament):
    event = open_event(tournament, cap=1)
    entered = signed_up_and_confirmed(event, 1)
    first = signed_up_and_confirmed(event, 2)
    second = signed_up_and_confirmed(event, 3)
    pending = services.sign_up(event, fields(4))
    rows = selectors.sign_ups_of(event)
    assert [(row.pk, row.place) for row in rows] == [
        (first.pk, 1),
        (second.pk, 2),
        (entered.pk, None),
        (pending.pk, None),
    ]


def test_a_womens_event_asks_the_sex_and_refuses_a_man_before_any_mail(tournament):
    event = open_event(tournament, name="Women's singles")
    set_eligibility(event, sex=EventEligibility.Sex.WOMEN)
    assert services.details_asked(event) == ("sex",)
    with pytest.raises(ServiceError) as refused:
        services.sign_up(event, fields(sex="M"), site="http://testserver/")
    assert refused.value.field == "__all__" and "Women only." in refused.value.message
    assert not SignUp.objects.exists() and not OutgoingMail.objects.exists()
    row = signed_up_and_confirmed(event, sex="F")
    assert row.status == SignUp.Status.ENTERED  # ICF rule 109: women's events are for women
    assert row.entry.members.get().player.sex == "F"


def test_a_juniors_event_asks_both_partners_dates_of_birth(tournament):
    event = open_event(tournament, name="Junior doubles", kind=Event.Kind.DOUBLES)
    set_eligibility(event, born_on_or_after=date(2008, 1, 1))
    assert services.details_asked(event) == ("date_of_birth",)
    pair = {"partner_first_name": "Théo", "partner_last_name": "Lenoir", "date_of_birth": date(2009, 3, 1)}
    with pytest.raises(ServiceError) as refused:
        services.sign_up(event, fields(**pair, partner_date_of_birth=date(1990, 1, 1)), site="http://testserver/")
    assert "Théo Lenoir may not enter Junior doubles: Born on or after" in refused.value.message
    row = signed_up_and_confirmed(event, **pair, partner_date_of_birth=date(2010, 6, 2))
    born = dict(row.entry.members.values_list("player__first_name", "player__date_of_birth"))
    assert born == {"Mira1": date(2009, 3, 1), "Théo": date(2010, 6, 2)}


def test_a_known_players_record_is_completed_not_overwritten(tournament):
    known = PlayerFactory(first_name="Mira1", last_name="Lenoir", country="FRA", sex="", date_of_birth=date(2009, 1, 2))
    event = open_event(tournament, name="Women's singles")
    set_eligibility(event, sex=EventEligibility.Sex.WOMEN)
    row = signed_up_and_confirmed(event, sex="F")
    known.refresh_from_db()
    assert row.entry.members.get().player == known and known.sex == "F" and known.date_of_birth == date(2009, 1, 2)


def test_the_sign_up_records_what_its_player_agreed_to_publish(tournament):
    event = open_event(tournament)
    row = signed_up_and_confirmed(event, publish_name="", publish_rating="", publish_portrait="on")
    player = row.entry.members.get().player
    assert (player.publish_name, player.publish_rating, player.publish_portrait) == (False, False, True)
    assert player.consent_source == Player.ConsentSource.SIGN_UP and player.consent_at == row.confirmed_at
    assert row.entry.name == "M. L. (Lyon Carrom)"


def test_a_sign_up_under_someone_elses_name_leaves_their_consent_alone(tournament):
    known = PlayerFactory(first_name="Mira1", last_name="Lenoir", country="FRA", email="mira@lyon.example")
    event = open_event(tournament)
    row = signed_up_and_confirmed(event, publish_name="")  # another address than the player's
    known.refresh_from_db()
    assert row.entry.members.get().player == known
    assert known.publish_name and known.consent_source == "" and row.entry.name == "Mira1 Lenoir"
