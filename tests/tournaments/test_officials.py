"""A tournament's officials, appointed by its secretaries: the Officials page, the API, who may use them, the last
secretary who stays, and a new official's set-password link followed to a log-in."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from rest_framework.test import APIClient

from tests.factories import PASSWORD, TournamentFactory, UserFactory
from tournaments import officials

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
    assert secretary.username in html and "Meera Nair" in html and "meera@example.org" in html and "ravi.u" in html


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
def test_a_secretary_appoints_an_existing_account_by_user_name_or_e_mail(signed_in, tournament, named_by):
    user = UserFactory(username="Asha", email="asha@example.org", first_name="Asha", last_name="Rao")
    given = {"username": "asha", "email": "ASHA@example.org"}[named_by]  # either in any case
    response = post(signed_in, tournament, "appoint", role="chief_referee", user=given)
    assert response.status_code == 302
    assert list(tournament.chief_referees.all()) == [user]
    shown = signed_in.get(response.url).content.decode()
    assert "Asha Rao is now a chief referee of" in shown


def test_an_unknown_account_or_one_already_appointed_is_shown_on_the_form(signed_in, tournament, umpire):
    response = post(signed_in, tournament, "appoint", role="umpire", user="nobody@example.org")
    assert response.status_code == 200
    assert "No account has this user name or e-mail address." in response.content.decode()
    response = post(signed_in, tournament, "appoint", role="umpire", user=umpire.username)
    assert "is already an umpire of this tournament." in response.content.decode()
    assert 'value="' + umpire.username + '"' in response.content.decode()  # the input kept
    assert tournament.umpires.count() == 1


def test_an_e_mail_shared_by_two_accounts_asks_for_the_user_name(signed_in, tournament):
    UserFactory(email="club@example.org"), UserFactory(email="club@example.org")
    response = post(signed_in, tournament, "appoint", role="umpire", user="club@example.org")
    assert "give the user name instead" in response.content.decode()


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
    response = post(signed_in, tournament, "remove", role="secretary", user=secretary.pk)
    assert response.url == tournament.get_absolute_url()  # no longer theirs to manage
    assert list(tournament.secretaries.all()) == [co]
    assert signed_in.get(page(tournament)).status_code == 403


def test_removing_someone_not_in_the_role_is_refused_with_a_message(signed_in, tournament, umpire):
    response = post(signed_in, tournament, "remove", role="chief_referee", user=umpire.pk)
    assert "is not a chief referee of this tournament." in response.content.decode()


# ---------------------------------------------------------------- a new account


def test_a_new_account_is_created_appointed_and_mailed_its_link_after_commit(
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
    assert list(tournament.umpires.all()) == [user]
    [message] = mail.outbox
    assert message.to == ["asha@example.org"] and tournament.name in message.subject
    link = officials.set_password_path(user)
    assert f"http://testserver{link}" in message.body and "asha.rao" in message.body
    shown = signed_in.get(response.url).content.decode()
    assert f"http://testserver{link}" in shown and "It has also been sent to asha@example.org." in shown
    assert link not in signed_in.get(response.url).content.decode()  # shown once


def test_user_names_are_made_from_the_name_and_kept_unique(signed_in, tournament):
    UserFactory(username="Asha.Rao")
    post(signed_in, tournament, "create", role="umpire", name="Ásha Rao")
    post(signed_in, tournament, "create", role="umpire", name="आशा राव")
    assert sorted(tournament.umpires.values_list("username", flat=True)) == ["asha.rao2", "official"]
    assert mail.outbox == []  # no address, no e-mail


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": "Asha", "username": "taken"}, "username", "This user name is taken"),
        ({"name": "Asha", "username": "two words"}, "username", "letters, digits and @ . + - _ only"),
        ({"name": "Asha", "email": "used@example.org"}, "email", "An account with this e-mail address exists"),
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
    response = post(signed_in, tournament, "create", role="chief_referee", name="Meera Nair", email="meera@ex.org")
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
    assert client.get(page(tournament)).status_code == 403  # a chief referee, not a secretary
    assert client.get(tournament.get_absolute_url()).context["user"].username == "meera.nair"
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
    assert rows[1]["email"] == "u@example.org"


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


def test_the_api_appoints_an_existing_account(api_secretary, tournament):
    user = UserFactory(email="ravi@example.org")
    response = api_secretary.post(api(tournament), {"role": "umpire", "user": "ravi@example.org"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["id"] == user.pk and "set_password_url" not in response.json()
    assert tournament.umpires.filter(pk=user.pk).exists()


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"role": "umpire", "user": "nobody"}, {"user": ["No account has this user name or e-mail address."]}),
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


def test_the_api_creates_an_account_with_its_set_password_link(
    api_secretary, tournament, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_secretary.post(
            api(tournament),
            {"role": "secretary", "name": "Kiran Shah", "email": "kiran@example.org", "username": "kiran"},
            format="json",
        )
    assert response.status_code == 201, response.content
    body = response.json()
    user = User.objects.get(username="kiran")
    assert body["username"] == "kiran" and body["name"] == "Kiran Shah"
    assert body["set_password_url"] == "http://testserver" + officials.set_password_path(user)
    assert tournament.secretaries.filter(pk=user.pk).exists()
    assert body["set_password_url"] in mail.outbox[0].body


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
    account = officials.create_and_appoint(tournament, "umpire", name="Dev Patel")
    user = User.objects.get(username="dev.patel")
    assert not user.has_usable_password() and not user.check_password(PASSWORD) and not user.check_password("")
    assert account.link == officials.set_password_path(account.user) and not account.mailed
