"""Fixtures of the webhook tests: a tournament with a stage in play, a published round and a match, the webhook
pointing at a real receiver on this machine (WEBHOOK_TRUSTED_NETWORKS takes the loopback network), and a clock
the tests move on instead of waiting."""

from datetime import timedelta

import pytest
from django.utils import timezone

from stages.models import Round, Stage
from tests.factories import EntryFactory, MatchFactory, PlayerFactory, RoundFactory, StageFactory
from tests.players.conftest import names  # noqa: F401 (a fixture: the name service as a test says)
from tests.webhooks.receiver import Receiver
from webhooks import services


@pytest.fixture
def trusted_loopback(settings):
    settings.WEBHOOK_TRUSTED_NETWORKS = ["127.0.0.0/8"]
    settings.WEBHOOK_TIMEOUT_SECONDS = 2


@pytest.fixture
def receiver(trusted_loopback):
    with Receiver() as running:
        yield running


@pytest.fixture
def webhook(tournament, receiver):
    return services.set_webhook(tournament, receiver.url)


@pytest.fixture
def stage(tournament):
    return StageFactory(event__tournament=tournament, event__name="Men's singles", status=Stage.Status.DRAWN)


@pytest.fixture
def draft_round(stage):
    """Round 1 in preview: Asha (her name public) against a player who keeps his private."""
    rnd = RoundFactory(stage=stage, number=1, status=Round.Status.DRAFT)
    asha = PlayerFactory(first_name="Asha", last_name="Rao", email="asha@example.org")
    hidden = PlayerFactory(first_name="Vikram", last_name="Secretname", publish_name=False, email="v@example.org")
    MatchFactory(
        round=rnd,
        number=1,
        table=5,
        entry_a=EntryFactory(event=stage.event, members=[asha]),
        entry_b=EntryFactory(event=stage.event, members=[hidden]),
    )
    return rnd


@pytest.fixture
def clock(monkeypatch):
    """`clock.advance(seconds)`: the site's time moves on (timezone.now), as if minutes had passed."""

    class Clock:
        offset = timedelta()

        def advance(self, seconds):
            self.offset += timedelta(seconds=seconds)

    moved = Clock()
    real = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real() + moved.offset)
    return moved
