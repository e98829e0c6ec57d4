"""A tournament's officials, invited by its secretaries: the Officials page, the API, who may use them, the last
secretary who stays, and a new official's set-password link followed to a log-in and an accepted invitation. What
the invited person sees and answers is in test_invitations.py."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from rest_framework.test import APIClient

from tests.factories import PASSWORD, TournamentFactory, UserFactory
from tournaments import invitations, officials
from tournaments.models import Invitation


def set_password_link_in(text, user):
    """Whether `text` holds `user`'s set-password link. The token carries the second it was made, so the link is
    checked, not made again and compared (a request straddling a second would differ)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return any(
        default_token_generator.check_token(user, token)
        for token in re.findall(rf"/accounts/reset/{re.escape(uid)}/([^/\s]+)/", text)
    )


pytestmark = pytest.mark.django_db

User = get_user_model()
NEW_PASSWORD = "Striker-and-queen-77"


def page(tournament):
    return f"/t/{tournament.slug}/officials/"


def api(tournament):
    return f"/api/tournaments/{tournament.slug}/officials/"


@pytest.fixture
def signed_in(client, secretary):
    client.force_login(secretary)
    return client


def post(client, tournament, action, **data):
    prefix = {"appoint": "appoint-", "create": "new-"}.get(action, "")
    return client.post(page(tournament), {"action": action, **{prefix + k: v for k, v in data.items()}})


def without_csrf(html):
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def invited(tournament, role="umpire"):
    """The user names of the accounts invited to `role`, waiting for their answer."""
    waiting = Invitation.objects.filter(tournament=tournament, role=role, status=Invitation.Status.PENDING)
    return sorted(waiting.values_list("user__username", flat=True))


def accept(user):
    for invitation in invitations.pending_for(user):
        invitations.answer(invitation, accept=True)


# ---------------------------------------------------------------- the page


def test_the_tournament_page_links_the_officials_page_for_its_secretaries_only(client, tournament, secretary, umpire):
    link = f'href="{page(tournament)}"'
    client.force_login(secretary)
    assert link in client.get(tournament.get_absolute_url()).content.decode()
    client.force_login(umpire)
    assert link not in client.get(tournament.get_absolute_url()).content.decode()


def test_the_page_lists_the_three_roles(signed_in, tournament, secretary):
    chief = UserFactory(first_name="Meera", last_name="Nair", email="meera@example.org")
    tournament.chief_referees.add(chief)
    tournament.umpires.add(UserFactory(username="ravi.u"))
    html = signed_in.get(page(tournament)).content.decode()
    assert "Secretaries" in html and "Chief referees" in html and "Umpires" in html
    assert secretary.username in html and "Meera Nair" in html and "ravi.u" in html
    assert "meera@example.org" not in html  # an address is its owner's


@pytest.mark.parametrize("who", ["anonymous", "umpire", "chief", "other_secretary"])
def test_only_the_tournaments_secretaries_open_the_page(client, tournament, umpire, who):
    chief, other = UserFactory(), UserFactory(secretary=True)
    tournament.chief_referees.add(chief)
    TournamentFactory().secretaries.add(other)
    user = {"anonymous": None, "umpire": umpire, "chief": chief, "other_secretary": other}[who]
    if user:
        client.force_login(user)
    for response in (client.get(page(tournament)), post(client, tournament, "appoint", role="umpire", user="x")):
        assert response.status_code == (302 if user is None else 403)
    assert tournament.umpires.count() == 1


@pytest.mark.parametrize("named_by", ["username", "email"])
def test_a_secretary_invites_an_existing_account_by_user_name_or_e_mail(signed_in, tournament, named_by):
    user = UserFactory(username="Asha", email="asha@example.org", first_name="Asha", last_name="Rao")
    given = {"username": "asha", "email": "ASHA@example.org"}[named_by]  # either in any case
    response = post(signed_in, tournament, "appoint", role="chief_referee", user=given)
    assert response.status_code == 302
    assert not tournament.chief_referees.exists()  # not before they accept
    assert invited(tournament, "chief_referee") == ["Asha"]
    shown = signed_in.get(response.url).content.decode()
    assert "its owner is invited to be a chief referee of" in shown and "asha@example.org" not in shown
    accept(user)
    assert list(tournament.chief_referees.all()) == [user]


NAMED = {
    "an account": "asha",
    "nobody": "nobody@example.org",
    "an umpire already": "ravi",
    "an address two accounts share": "club@example.org",
    "a switched-off account": "gone",
}


def test_the_page_answers_the_same_whoever_the_name_belongs_to(signed_in, tournament):
    """Appointing must not tell who has an account (account enumeration): the same page, the same message."""
    UserFactory(username="asha")
    tournament.umpires.add(UserFactory(username="ravi"))
    UserFactory(email="club@example.org"), UserFactory(email="club@example.org")
    UserFactory(username="gone", is_active=False)
    shown = {}
    for what, name in NAMED.items():
        response = post(signed_in, tournament, "appoint", role="umpire", user=name)
        assert response.status_code == 302, what
        page_html = signed_in.get(response.url).content.decode()
        shown[what] = without_csrf(page_html)
    assert len(set(shown.values())) == 1, shown.keys()
    assert "If an account has this user name or e-mail address, its owner is invited" in shown["nobody"]
    assert invited(tournament) == ["asha"]


def test_a_secretary_removes_an_umpire(signed_in, tournament, umpire):
    response = post(signed_in, tournament, "remove", role="umpire", user=umpire.pk)
    assert response.status_code == 302
    assert not tournament.umpires.exists()
    assert "is no longer an umpire of" in signed_in.get(response.url).content.decode()


def test_the_last_secretary_cannot_be_removed(signed_in, tournament, secretary):
    response = post(signed_in, tournament, "remove", role="secretary", user=secretary.pk)
    assert response.status_code == 200
    assert "is the last secretary of this tournament: appoint another secretary first" in response.content.decode()
    assert list(tournament.secretaries.all()) == [secretary]


def test_a_secretary_may_leave_when_another_remains(signed_in, tournament, secretary):
    co = UserFactory()
    assert post(signed_in, tournament, "appoint", role="secretary", user=co.username).status_code == 302
    accept(co)
    response = post(signed_in, tournament, "remove", role="secretary", user=secretary.pk)
    assert response.url == tournament.get_absolute_url()  # no longer theirs to manage
    assert list(tournament.secretaries.all()) == [co]
    assert signed_in.get(page(tournament)).status_code == 403


def test_removing_someone_not_in_the_role_is_refused_with_a_message(signed_in, tournament, umpire):
    response = post(signed_in, tournament, "remove", role="chief_referee", user=umpire.pk)
    assert "is not a chief referee of this tournament." in response.content.decode()


# ---------------------------------------------------------------- a new account


def test_a_new_account_is_created_invited_and_mailed_its_link_after_commit(
    signed_in, tournament, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = post(signed_in, tournament, "create", role="umpire", name="Asha Rao", email="asha@example.org")
        assert mail.outbox == []  # nothing leaves before the transaction commits
    for callback in callbacks:
        callback()
    user = User.objects.get(email="asha@example.org")
    assert (user.username, user.first_name, user.last_name) == ("asha.rao", "Asha", "Rao")
    assert not user.has_usable_password()
    assert invited(tournament) == ["asha.rao"] and not tournament.umpires.exists()
    [message] = mail.outbox
    assert message.to == ["asha@example.org"] and tournament.name in message.subject
    # The token carries the second it was made, so the link is checked, not made again and compared.
    uid, token = re.search(r"http://testserver/accounts/reset/([^/]+)/([^/\s]+)/", message.body).groups()
    assert uid == urlsafe_base64_encode(force_bytes(user.pk)) and default_token_generator.check_token(user, token)
    link = f"/accounts/reset/{uid}/{token}/"
    assert "asha.rao" in message.body
    assert "http://testserver/account/" in message.body  # where they accept
    shown = signed_in.get(response.url).content.decode()
    # The address was the secretary's to give: whether an account had it, the page does not say.
    assert "An invitation has gone to asha@example.org" in shown
    assert link not in shown and "asha.rao" not in shown


def test_an_address_an_account_has_already_invites_that_account_and_answers_the_same(signed_in, tournament):
    UserFactory(username="meera", email="meera@example.org")
    before = User.objects.count()
    answers = []
    for address in ("meera@example.org", "new@example.org"):
        response = post(signed_in, tournament, "create", role="umpire", name="M Nair", email=address)
        answers.append(without_csrf(signed_in.get(response.url).content.decode()).replace(address, "ADDRESS"))
    assert answers[0] == answers[1]
    assert User.objects.count() == before + 1  # the new address only
    assert invited(tournament) == ["m.nair", "meera"]


def test_user_names_are_made_from_the_name_and_kept_unique(signed_in, tournament):
    UserFactory(username="Asha.Rao")
    post(signed_in, tournament, "create", role="umpire", name="Ásha Rao")
    post(signed_in, tournament, "create", role="umpire", name="आशा राव")
    assert invited(tournament) == ["asha.rao2", "official"]
    assert mail.outbox == []  # no address, no e-mail


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": "Asha", "username": "taken"}, "username", "This user name is taken"),
        ({"name": "Asha", "username": "two words"}, "username", "letters, digits and @ . + - _ only"),
        ({"name": "Asha", "email": "not an address"}, "email", "Enter a valid email address."),
        ({"name": "  "}, "name", "This field is required."),
    ],
)
def test_a_refused_new_account_keeps_the_form(signed_in, tournament, data, field, message):
    UserFactory(username="taken", email="used@example.org")
    before = User.objects.count()
    response = post(signed_in, tournament, "create", role="umpire", **data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == before


def test_the_set_password_link_works_end_to_end(client, signed_in, tournament):
    response = post(signed_in, tournament, "create", role="chief_referee", name="Meera Nair")
    html = signed_in.get(response.url).content.decode()
    link = re.search(r'<p class="url"><a href="([^"]+)"', html).group(1)
    signed_in.logout()

    opened = client.get(link, follow=True)  # Django swaps the token for a session and redirects
    assert "Choose your password" in opened.content.decode() and "meera.nair" in opened.content.decode()
    form_url = opened.redirect_chain[-1][0]
    saved = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True)
    assert "Password saved" in saved.content.decode()

    logged_in = client.post("/accounts/login/", {"username": "meera.nair", "password": NEW_PASSWORD})
    assert logged_in.status_code == 302
    assert client.get(page(tournament)).status_code == 403  # not a secretary
    account_page = client.get("/account/").content.decode()
    assert tournament.name in account_page and "Chief referee" in account_page
    invitation = Invitation.objects.get(user__username="meera.nair")
    accepted = client.post(f"/account/invitations/{invitation.pk}/", {"answer": "accept"})
    assert accepted.url == tournament.get_absolute_url()
    assert list(tournament.chief_referees.values_list("username", flat=True)) == ["meera.nair"]
    client.logout()
    again = client.get(link, follow=True)  # the password is set: the link is spent
    assert "This link no longer works" in again.content.decode()


# ---------------------------------------------------------------- the API


@pytest.fixture
def api_secretary(secretary):
    client = APIClient()
    client.force_authenticate(secretary)
    return client


def test_the_api_lists_the_officials(api_secretary, tournament, secretary, umpire):
    umpire.email = "u@example.org"
    umpire.save()
    rows = api_secretary.get(api(tournament)).json()
    assert [(row["role"], row["username"]) for row in rows] == [
        ("secretary", secretary.username),
        ("umpire", umpire.username),
    ]
    assert "email" not in rows[1] and "u@example.org" not in str(rows)


@pytest.mark.parametrize("who", ["anonymous", "umpire", "other_secretary"])
def test_the_api_answers_the_tournaments_secretaries_only(tournament, umpire, who):
    other = UserFactory(secretary=True)
    TournamentFactory().secretaries.add(other)
    client = APIClient()
    user = {"anonymous": None, "umpire": umpire, "other_secretary": other}[who]
    if user:
        client.force_authenticate(user)
    assert client.get(api(tournament)).status_code in (401, 403)
    assert client.post(api(tournament), {"role": "umpire", "user": "x"}, format="json").status_code in (401, 403)
    assert client.delete(f"{api(tournament)}?role=umpire&user={umpire.pk}").status_code in (401, 403)
    assert tournament.umpires.filter(pk=umpire.pk).exists()


def test_the_api_invites_an_existing_account_and_answers_as_for_nobody(api_secretary, tournament):
    user = UserFactory(username="ravi", email="ravi@example.org")
    answers = [
        api_secretary.post(api(tournament), {"role": "umpire", "user": name}, format="json")
        for name in ("ravi@example.org", "nobody@example.org", "ravi")  # the last: invited already
    ]
    assert [answer.status_code for answer in answers] == [202, 202, 202]
    assert answers[0].json() == answers[1].json() == answers[2].json()
    assert "ravi" not in str(answers[0].json()) and "If an account has this user name" in answers[0].json()["detail"]
    assert invited(tournament) == ["ravi"] and not tournament.umpires.filter(pk=user.pk).exists()


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"role": "captain", "user": "nobody"}, {"role": ['"captain" is not a valid choice.']}),
        ({"role": "umpire"}, "user"),
        ({"role": "umpire", "user": "x", "name": "Asha"}, "user"),
        ({"role": "umpire", "name": "Asha", "email": "not-an-address"}, "email"),
    ],
)
def test_the_api_answers_bad_input_with_field_errors(api_secretary, tournament, body, errors):
    response = api_secretary.post(api(tournament), body, format="json")
    assert response.status_code == 400
    assert response.json() == errors if isinstance(errors, dict) else list(response.json()) == [errors]


def test_the_api_creates_an_account_with_its_set_password_link(api_secretary, tournament):
    response = api_secretary.post(
        api(tournament), {"role": "secretary", "name": "Kiran Shah", "username": "kiran"}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    user = User.objects.get(username="kiran")
    assert body == {
        "role": "secretary",
        "id": user.pk,
        "username": "kiran",
        "name": "Kiran Shah",
        "set_password_url": body["set_password_url"],
    }
    assert body["set_password_url"].startswith("http://testserver/") and set_password_link_in(
        body["set_password_url"], user
    )
    assert invited(tournament, "secretary") == ["kiran"] and not tournament.secretaries.filter(pk=user.pk).exists()


def test_the_api_mails_a_new_accounts_link_and_shows_it_to_nobody(
    api_secretary, tournament, django_capture_on_commit_callbacks
):
    UserFactory(username="taken.by.kiran", email="kiran@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        answers = [
            api_secretary.post(api(tournament), {"role": "umpire", "name": "Kiran Shah", "email": address})
            for address in ("kiran@example.org", "dev@example.org")
        ]
    assert [answer.status_code for answer in answers] == [202, 202]
    assert [
        answer.json()["detail"].replace(address, "ADDRESS")
        for answer, address in zip(answers, ("kiran@example.org", "dev@example.org"), strict=True)
    ] == [answers[1].json()["detail"].replace("dev@example.org", "ADDRESS")] * 2
    assert invited(tournament) == ["kiran.shah", "taken.by.kiran"]
    user = User.objects.get(username="kiran.shah")
    assert {message.to[0]: set_password_link_in(message.body, user) for message in mail.outbox} == {
        "dev@example.org": True,  # a new account: its link
        "kiran@example.org": False,  # an account already: told of the invitation, no link
    }


def test_the_api_removes_and_keeps_the_last_secretary(api_secretary, tournament, secretary, umpire):
    assert api_secretary.delete(f"{api(tournament)}?role=umpire&user={umpire.username}").status_code == 204
    assert not tournament.umpires.exists()
    response = api_secretary.delete(f"{api(tournament)}?role=secretary&user={secretary.pk}")
    assert response.status_code == 400
    assert "is the last secretary of this tournament" in response.json()["user"][0]
    assert list(tournament.secretaries.all()) == [secretary]
    response = api_secretary.delete(f"{api(tournament)}?role=umpire&user={umpire.pk}")
    assert response.status_code == 400 and "is not an umpire" in response.json()["user"][0]


# ---------------------------------------------------------------- the services


def test_the_last_secretary_rule_holds_for_a_superuser_too(tournament, secretary):
    with pytest.raises(officials.ServiceError) as refused:
        officials.remove(tournament, officials.SECRETARY, secretary)
    assert refused.value.field == "user"


def test_a_new_account_has_no_password_until_its_owner_chooses_one(tournament):
    account = invitations.create_and_invite(tournament, "umpire", name="Dev Patel")
    user = User.objects.get(username="dev.patel")
    assert not user.has_usable_password() and not user.check_password(PASSWORD) and not user.check_password("")
    assert set_password_link_in(account.link, account.user)
