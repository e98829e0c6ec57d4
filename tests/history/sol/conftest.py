import pytest


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Portraits, emblems and uploaded files go to the test's own folder, never the working tree."""
    settings.MEDIA_ROOT = tmp_path
