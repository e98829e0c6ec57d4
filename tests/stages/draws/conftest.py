import pytest

from stages.draws.metrics import METRICS


@pytest.fixture
def restore_metrics():
    """A test may register a metric; the registry is shared, so put it back as it was."""
    saved = dict(METRICS)
    yield
    METRICS.clear()
    METRICS.update(saved)
