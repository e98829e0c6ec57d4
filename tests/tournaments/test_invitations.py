"""The invited person's side of an appointment (tournaments.invitations): told of the invitation, they accept it
(and only then are an official), or decline it, on their account page or through the API; later they may leave,
never as the last secretary. The secretaries are told the answer."""

import pytest
from django.core import mail
from rest_framework.test import APIClient

from tests.factories import TournamentFactory, UserFactory
from tournaments import invitations
from tournaments.models import Invitation, Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def asha(tournament, secretary, django_capture_on_commit_callbacks):
    """Asha, invited by the secretary to be an umpire of the tournament (her invitation e-mailed on commit)."""
    user = UserFactory(username="asha", first_name="Asha", last_name="Rao", email="asha@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        invitations.invite(tournament, "umpire", "asha", invited_by=secretary)
    return user


def api_as(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_invited_person_is_told_on_their_account_page_and_by_e_mail(client, asha, tournament, secretary):
    [note] = Notification.objects.filter(user=asha)
    assert note.url == "/account/" and secretary.username in note.subject and tournament.name in note.subject
    [message] = mail.outbox
    assert message.to == ["asha@example.org"] and "/account/" in message.body
    client.force_login(asha)
    assert "An invitation to be an official is waiting for your answer." in client.get("/").content.decode()
    page = client.get("/account/").content.decode()
    assert tournament.name in page and "Umpire" in page and note.subject in page


def test_inviting_again_writes_no_second_invitation_nor_message(asha, tournament, secretary):
    assert invitations.invite(tournament, "umpire", "ASHA", invited_by=secretary) is None
    assert Invitation.objects.filter(user=asha).count() == 1 and Notification.objects.filter(user=asha).count() == 1


def test_accepting_on_the_page_appoints_and_tells_the_secretaries(client, asha, tournament, secretary):
    invitation = Invitation.objects.get(user=asha)
    client.force_login(asha)
    response = client.post(f"/account/invitations/{invitation.pk}/", {"answer": "accept"})
    assert response.url == tournament.get_absolute_url()
    assert list(tournament.umpires.all()) == [asha]
    assert "Asha Rao is now an umpire of" in client.get(response.url).content.decode()
    told = Notification.objects.get(user=secretary)
    assert told.subject == f"Asha Rao is now an umpire of {tournament.name}."
    assert client.post(f"/account/invitations/{invitation.pk}/", {"answer": "decline"}).status_code == 404  # answered


def test_declining_appoints_nobody(client, asha, tournament, secretary):
    invitation = Invitation.objects.get(user=asha)
    client.force_login(asha)
    client.post(f"/account/invitations/{invitation.pk}/", {"answer": "decline"})
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.DECLINED and not tournament.umpires.exists()
    assert (
        Notification.objects.get(user=secretary).subject == f"Asha Rao declined to be an umpire of {tournament.name}."
    )
    assert "No invitation is waiting for your answer." in client.get("/account/").content.decode()


def test_a_bad_answer_changes_nothing(client, asha, tournament):
    invitation = Invitation.objects.get(user=asha)
    client.force_login(asha)
    response = client.post(f"/account/invitations/{invitation.pk}/", {"answer": "maybe"}, follow=True)
    assert "Accept or decline the invitation." in response.content.decode()
    assert Invitation.objects.get(user=asha).status == Invitation.Status.PENDING


def test_nobody_else_answers_an_invitation(client, asha, tournament):
    invitation = Invitation.objects.get(user=asha)
    client.force_login(UserFactory())
    assert client.post(f"/account/invitations/{invitation.pk}/", {"answer": "accept"}).status_code == 404
    assert (
        api_as(UserFactory()).post(f"/api/account/invitations/{invitation.pk}/", {"answer": "accept"}).status_code
        == 404
    )
    assert APIClient().get("/api/account/invitations/").status_code in (401, 403)
    assert client.logout() is None and client.get("/account/").status_code == 302  # to the log-in page
    assert not tournament.umpires.exists()


def test_an_invitation_to_a_draft_shows_its_name_to_the_invited_only_and_opens_it_once_accepted(secretary):
    draft = TournamentFactory(status="draft", name="Quiet Draft")
    draft.secretaries.add(secretary)
    user = UserFactory(username="dev")
    invitations.invite(draft, "chief_referee", "dev", invited_by=secretary)
    client = api_as(user)
    [row] = client.get("/api/account/invitations/").json()
    assert (row["tournament"], row["tournament_name"], row["role"]) == (draft.slug, "Quiet Draft", "chief_referee")
    assert client.get(f"/api/tournaments/{draft.slug}/").status_code == 404
    answered = client.post(f"/api/account/invitations/{row['id']}/", {"answer": "accept"})
    assert answered.status_code == 200 and answered.json()["status"] == "accepted"
    assert client.get(f"/api/tournaments/{draft.slug}/").status_code == 200
    assert client.get("/api/account/invitations/").json() == []
    assert client.post(f"/api/account/invitations/{row['id']}/", {"answer": "accept"}).status_code == 404


def test_the_api_lists_appointments_and_leaves_one(asha, tournament, secretary):
    client = api_as(asha)
    invitation = Invitation.objects.get(user=asha)
    client.post(f"/api/account/invitations/{invitation.pk}/", {"answer": "accept"})
    rows = client.get("/api/account/appointments/").json()
    assert rows == [{"tournament": tournament.slug, "tournament_name": tournament.name, "role": "umpire"}]
    assert (
        client.delete(f"/api/account/appointments/?tournament={tournament.slug}&role=chief_referee").status_code == 400
    )
    assert client.delete(f"/api/account/appointments/?tournament={tournament.slug}&role=umpire").status_code == 204
    assert not tournament.umpires.exists() and client.get("/api/account/appointments/").json() == []
    assert client.delete(f"/api/account/appointments/?tournament={tournament.slug}&role=umpire").status_code == 400
    assert client.delete("/api/account/appointments/?tournament=no-such&role=umpire").status_code == 404
    assert client.delete("/api/account/appointments/?role=umpire").status_code == 400
    assert "is no longer an umpire of" in Notification.objects.filter(user=secretary).first().subject


def test_the_last_secretary_cannot_leave(client, tournament, secretary):
    client.force_login(secretary)
    page = client.get("/account/").content.decode()
    assert tournament.name in page and "Leave" in page
    response = client.post("/account/leave/", {"tournament": tournament.pk, "role": "secretary"}, follow=True)
    assert "is the last secretary of this tournament" in response.content.decode()
    assert list(tournament.secretaries.all()) == [secretary]
    response = api_as(secretary).delete(f"/api/account/appointments/?tournament={tournament.slug}&role=secretary")
    assert response.status_code == 400 and list(tournament.secretaries.all()) == [secretary]


def test_an_umpire_leaves_on_the_page(client, tournament, umpire):
    client.force_login(umpire)
    response = client.post("/account/leave/", {"tournament": tournament.pk, "role": "umpire"}, follow=True)
    assert "is no longer an umpire of" in response.content.decode() and not tournament.umpires.exists()
    assert client.post("/account/leave/", {"tournament": "x", "role": "umpire"}, follow=True).status_code == 200
