"""The federations' pages: the secretary's (invite, places, links, entries sent, the delegates' log, entries
opened and closed) and the delegate's by link (places, the entry form and its refusals, corrections, taking back)."""

import pytest
from django.urls import reverse

from federations import services
from federations.links import delegate_path, token_of
from federations.models import DelegateAction, Delegation
from registration.services import close_entries
from tests.factories import UserFactory
from tests.federations.conftest import asha
from tournaments.models import Entry, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def secretary_client(client, secretary):
    client.force_login(secretary)
    return client


def page(tournament):
    return reverse("federations", args=[tournament.slug])


def test_only_the_secretaries_open_the_federations_page(client, tournament):
    client.force_login(UserFactory())
    assert client.get(page(tournament)).status_code == 403


def test_the_secretary_invites_a_new_federation_and_sets_its_places(secretary_client, tournament, singles, doubles):
    response = secretary_client.post(page(tournament), {"action": "invite", "name": "Nepal Carrom", "country": "npl"})
    delegation = Delegation.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"#federation-{delegation.pk}")
    prefix = f"d{delegation.pk}"
    response = secretary_client.post(
        page(tournament),
        {
            "action": "quotas",
            "delegation": delegation.pk,
            f"{prefix}-event_{singles.pk}": "3",
            f"{prefix}-event_{doubles.pk}": "",
        },
    )
    assert response.status_code == 302
    assert services.places_of(delegation, singles) == 3 and services.places_of(delegation, doubles) == 0
    shown = secretary_client.get(page(tournament)).content.decode()
    assert "Nepal Carrom" in shown and token_of(delegation) in shown


def test_the_secretary_picks_a_known_federation(secretary_client, tournament, federation):
    secretary_client.post(page(tournament), {"action": "invite", "federation": federation.pk})
    assert Delegation.objects.get().federation == federation


def test_an_empty_invitation_shows_the_form_again(secretary_client, tournament):
    response = secretary_client.post(page(tournament), {"action": "invite", "name": " "})
    assert response.status_code == 400
    assert "Choose a federation, or give a new federation" in response.content.decode()


def test_a_quota_below_what_was_sent_shows_its_reason(secretary_client, tournament, delegation, singles):
    services.delegate_enter(delegation, singles, [asha()])
    response = secretary_client.post(
        page(tournament), {"action": "quotas", "delegation": delegation.pk, f"d{delegation.pk}-event_{singles.pk}": 0}
    )
    assert response.status_code == 400
    assert "has already sent 1 entry to" in response.content.decode()


def test_the_secretary_sees_entries_totals_and_the_log(secretary_client, tournament, delegation, singles, doubles):
    services.delegate_enter(delegation, singles, [asha()])
    response = secretary_client.get(page(tournament))
    html = response.content.decode()
    assert "Asha Rao" in html
    tfoot = html[html.index("<tfoot>") : html.index("</tfoot>")]
    assert "<td>3</td><td>1</td>" in tfoot  # places 2 + 1, one sent
    log = html[html.index('id="delegates-log"') :]
    assert "Entered" in log and "All India Carrom Federation" in log


def test_the_secretary_closes_and_opens_entries(secretary_client, tournament, delegation, singles):
    from registration.selectors import entries_open

    secretary_client.post(page(tournament), {"action": "close", "event": singles.pk})
    assert not entries_open(singles)
    secretary_client.post(page(tournament), {"action": "open", "event": singles.pk})
    assert entries_open(singles)


def test_revoking_the_link_makes_the_old_one_404(secretary_client, client, tournament, delegation):
    old = delegate_path(delegation)
    secretary_client.post(page(tournament), {"action": "revoke", "delegation": delegation.pk})
    assert secretary_client.get(old).status_code == 404
    delegation.refresh_from_db()
    assert secretary_client.get(delegate_path(delegation)).status_code == 200


# ---------------------------------------------------------------- the delegate


def entry_data(event, **fields):
    # The form's consent boxes as they come: name and rating ticked, portrait not.
    ticked = {"publish_name": "on", "publish_rating": "on", "publish_name_2": "on", "publish_rating_2": "on"}
    return {"action": "enter", "event": event.pk, **ticked, **asha(**fields)}


def test_a_bad_token_is_404(client, tournament, delegation):
    assert client.get(reverse("federation-delegate", args=[tournament.slug, "d1.forged:nope"])).status_code == 404
    other = reverse("federation-delegate", args=["another-slug", token_of(delegation)])
    assert client.get(other).status_code == 404


def test_the_delegate_sees_places_and_enters_a_player(client, delegation, singles):
    url = delegate_path(delegation)
    html = client.get(url).content.decode()
    assert "Men&#x27;s singles" in html and "0 of 2" in html
    response = client.post(url, entry_data(singles, date_of_birth="2001-05-04"))
    assert response.status_code == 302
    html = client.get(url).content.decode()
    assert "Asha Rao entered in Men&#x27;s singles." in html and "1 of 2" in html and "2001-05-04" in html


def test_the_quota_refusal_is_shown_on_the_form(client, tournament, federation, singles):
    delegation = services.invite_federation(tournament, federation, quotas={singles: 1})
    url = delegate_path(delegation)
    client.post(url, entry_data(singles))
    response = client.post(url, entry_data(singles, first_name="Bina"))
    assert response.status_code == 400
    assert "has used its 1 place in Men&#x27;s singles." in response.content.decode()
    assert Entry.objects.count() == 1


def test_closed_entries_are_refused_on_the_form(client, delegation, singles):
    close_entries(singles)
    response = client.post(delegate_path(delegation), entry_data(singles))
    assert response.status_code == 400
    assert "Entries to Men&#x27;s singles are not open." in response.content.decode()


def test_a_doubles_entry_asks_the_partner(client, delegation, doubles):
    response = client.post(delegate_path(delegation), entry_data(doubles))
    assert response.status_code == 400
    assert "give the partner" in response.content.decode()
    data = {**entry_data(doubles), "first_name_2": "Bina", "last_name_2": "Rao", "country_2": "IND"}
    assert client.post(delegate_path(delegation), data).status_code == 302
    assert Entry.objects.get().name == "Asha Rao & Bina Rao"


def test_the_delegate_corrects_and_takes_back_an_entry(client, delegation, singles):
    entry = services.delegate_enter(delegation, singles, [asha()])
    player = entry.players.get()
    url = reverse("federation-delegate-entry", args=[singles.tournament.slug, token_of(delegation), entry.pk])
    assert client.get(url).status_code == 200
    data = {"p1-first_name": "Asha", "p1-last_name": "Menon", "p1-sex": "F", "p1-country": "IND"}
    response = client.post(url, {**data, "p1-nationality": "GB"})
    assert response.status_code == 400 and "three letters" in response.content.decode()
    assert client.post(url, data).status_code == 302
    player.refresh_from_db()
    assert player.last_name == "Menon"
    response = client.post(delegate_path(delegation), {"action": "remove", "entry": entry.pk})
    assert response.status_code == 302
    assert not Entry.objects.exists()
    assert list(DelegateAction.objects.values_list("kind", flat=True)) == ["removed", "corrected", "entered"]


def test_another_federations_entry_is_404_to_the_delegate(client, tournament, delegation, singles):
    other = services.invite_federation(tournament, name="Other Federation", quotas={singles: 1})
    entry = services.delegate_enter(other, singles, [asha()])
    url = reverse("federation-delegate-entry", args=[tournament.slug, token_of(delegation), entry.pk])
    assert client.get(url).status_code == 404
    client.post(delegate_path(delegation), {"action": "remove", "entry": entry.pk})
    assert Entry.objects.filter(pk=entry.pk).exists()


def test_after_closing_the_delegate_is_told_and_offered_no_changes(client, delegation, singles, doubles):
    services.delegate_enter(delegation, singles, [asha()])
    html = client.get(delegate_path(delegation)).content.decode()
    assert "Take back" in html and "cannot enter more players now" not in html
    close_entries(singles)
    close_entries(doubles)
    html = client.get(delegate_path(delegation)).content.decode()
    assert "Take back" not in html and "cannot enter more players now" in html


def test_the_delegate_records_what_the_player_agreed_to_publish(client, delegation, singles):
    data = entry_data(singles)
    del data["publish_name"]  # the box unticked: the public sees the initials and the federation
    assert client.post(delegate_path(delegation), data).status_code == 302
    player = Player.objects.get(last_name="Rao")
    assert (player.publish_name, player.publish_rating, player.publish_portrait) == (False, True, False)
    assert player.consent_source == Player.ConsentSource.DELEGATE and player.consent_at is not None
    assert Entry.objects.get().name == "A. R. (All India Carrom Federation)"
    html = client.get(delegate_path(delegation)).content.decode()
    assert "Asha Rao" in html  # the delegate's own page keeps the name it sent
