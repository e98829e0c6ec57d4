import pytest
from django.contrib import admin
from django.urls import reverse

from tests.factories import EntryFactory, UserFactory
from tests.project import our_models

pytestmark = pytest.mark.django_db


def test_every_model_has_a_working_admin_list_and_search(client):
    EntryFactory()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    for model in admin.site._registry:
        if model not in our_models():
            continue
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        assert client.get(url).status_code == 200, url
        assert client.get(url, {"q": "a"}).status_code == 200, url


def test_all_project_models_are_registered():
    for model in our_models():
        assert model in admin.site._registry, model


def test_the_admin_pages_of_a_model_that_moved_app_redirect_to_its_new_pages(admin_client):
    answer = admin_client.get("/admin/scoring/resultchange/?what=toss")
    assert answer.status_code == 302 and answer["Location"] == "/admin/matches/resultchange/?what=toss"
    assert (
        admin_client.get("/admin/scoring/resultchange/1/change/")["Location"] == "/admin/matches/resultchange/1/change/"
    )
    assert admin_client.get(answer["Location"]).status_code == 200
