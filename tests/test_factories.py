import inspect

import factory
import pytest

from tests import factories, factories_history
from tests.project import our_models

pytestmark = pytest.mark.django_db

FACTORIES = {
    cls._meta.model: cls
    for module in (factories, factories_history)
    for _, cls in inspect.getmembers(module, inspect.isclass)
    if issubclass(cls, factory.django.DjangoModelFactory) and cls._meta.model is not None
}


def test_every_project_model_has_a_factory():
    for model in our_models():
        assert model in FACTORIES, f"no factory for {model.__name__}"


@pytest.mark.parametrize("factory_class", FACTORIES.values(), ids=lambda f: f.__name__)
def test_factory_builds_a_valid_saved_object(factory_class):
    obj = factory_class()
    obj.full_clean(validate_constraints=False)
    assert obj.pk is not None
