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
