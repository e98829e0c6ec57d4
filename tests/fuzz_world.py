"""The tournament in play that the fuzzers and the walks over every page and operation share (`world`): built once
a module, in a transaction rolled back when the module ends; each test's transaction is a savepoint within it."""

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import override_settings
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from core.models import Heartbeat
from demo import late_arrival as late_arrival_demo
from demo import protest as protest_demo
from demo.brackets import SOURCE_EVENT
from federations import services as federations
from federations.links import token_of
from history.championships.models import Championship
from history.ratings.models import Rate, Rating
from history.sol.models import ImportJob
from matches.featured.services import feature_match
from matches.scoring.services import record_result
from players import outbox
from players.links import personal_token
from protests.models import Protest
from registration.services import set_registration
from stages.models import Stage
from stages.services import draw_stage, publish_round, publish_stage
from tests.factories import (
    ClubFactory,
    DeliveryFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
    WebhookFactory,
)
from tests.helpers import protest_photo
from tournaments import mail
from tournaments.mail import Mail
from tournaments.models import Invitation

RUNNING = ("beat", "worker:deadlines", "worker:news")  # the stamps of a service whose periodic tasks run


@pytest.fixture
def world(built_world):
    """The module's tournament in play, its beat and workers running now (core.heartbeat): the module may have
    built it minutes ago."""
    Heartbeat.objects.filter(name__in=RUNNING).update(at=timezone.now())
    return built_world


@pytest.fixture(scope="module")
def built_world(django_db_setup, django_db_blocker, tmp_path_factory):
    """A tournament in play, built once for the module in a transaction of its own that is rolled back when the
    module ends: each test's transaction is then a savepoint within it, so every operation starts from the same
    tournament without building it again (a second each, a hundred and more operations)."""
    with django_db_blocker.unblock(), override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media")):
        with transaction.atomic():
            yield build_world()
            transaction.set_rollback(True)


def build_world():
    """A tournament in play: a Swiss stage with a published round and one result, a drawn round robin, and a
    knockout waiting for the Swiss qualifiers; plus the demo's late arrival (ICF 143) and protest (ICF XVIII) with a
    photo (in MEDIA_ROOT), and a SoL import of the secretary's."""
    secretary = UserFactory(secretary=True)
    tournament = TournamentFactory(status="published")
    tournament.secretaries.add(secretary)
    club = ClubFactory()
    # The demos below copy their players from this event.
    event = EventFactory(tournament=tournament, name=SOURCE_EVENT, rule_set="icf")
    entries = [EntryFactory(event=event, seed=seed, members=[PlayerFactory(club=club)]) for seed in range(1, 9)]
    swiss = StageFactory(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    first_round = draw_stage(swiss)
    publish_round(first_round)
    played, open_match = first_round.matches.exclude(entry_b=None).order_by("number")[:2]
    record_result(played, [(25, 10), (25, 12)], confirm=True, user=secretary)  # ICF 57: best of three
    robin = StageFactory(event=event, order=2, name="Robin", kind=Stage.Kind.ROUND_ROBIN, keep_apart="")
    draw_stage(robin)
    publish_stage(robin)
    StageFactory(event=event, order=3, name="Final", kind=Stage.Kind.KNOCKOUT, source=swiss, qualifiers=4)
    umpire = UserFactory()
    late_arrival_demo.load(tournament, umpire)
    protest_demo.load(tournament, umpire)
    player = entries[0].members.first().player
    ids = {
        "secretary": secretary.pk,
        "tournament": tournament.slug,
        "club": club.pk,
        "player": player.pk,
        "event": event.pk,
        "entry": entries[0].pk,
        "stage": swiss.pk,
        "round": first_round.pk,
        "match": open_match.pk,
        "protest": Protest.objects.get(match__stage__event__tournament=tournament).pk,
    }
    ids["photo"] = protest_photo(Protest.objects.get(pk=ids["protest"])).pk
    ids["featured"] = feature_match(tournament, open_match, user=secretary).pk  # a match on stream (its screens)
    # The tournament's webhook and a delivery its receiver refused once (the secretary may send it again)
    ids["delivery"] = DeliveryFactory(webhook=WebhookFactory(tournament=tournament), attempts=1).pk
    ids["job"] = ImportJob.objects.create(user=secretary, file_name="history.sol").pk
    ids["news"] = outbox.record([open_match], "moved")[0].pk  # players' news still to send
    # An e-mail still to send (tournaments.mail), and beat and its workers running (core.heartbeat).
    ids["mail"] = mail.record(tournament, [Mail(player.email or "p@example.org", "Called", "Go", "Asha")])[0].pk
    Heartbeat.objects.bulk_create(Heartbeat(name=name, at=timezone.now()) for name in RUNNING)
    # The secretary invited to be the tournament's chief referee too: their account page's answer
    ids["invitation"] = Invitation.objects.create(tournament=tournament, user=secretary, role="chief_referee").pk
    ids.update(archive_ids(tournament, club, player, entries[1].members.first().player))
    # A federation with places in an event open to its delegate, and an entry it sent: the delegate's pages and API
    # are reached by its token (federations.links), and its entry by that entry's id.
    entries_event = EventFactory(tournament=tournament, name="Federations' singles")
    set_registration(entries_event)
    delegation = federations.invite_federation(tournament, name="Fuzz Federation", quotas={entries_event: 3})
    sent = federations.delegate_enter(delegation, entries_event, [{"first_name": "Asha", "last_name": "Fuzz"}])
    by_name = {
        "federation_token": token_of(delegation),
        "federation_entry_id": sent.pk,
        "tournament_slug": ids["tournament"],
        "key": event.rule_set,
        "token": personal_token(tournament, player),
        "uidb64": urlsafe_base64_encode(force_bytes(secretary.pk)),  # a set-password link's (accounts/reset/)
        **{f"{kind}_{suffix}": value for kind, value in ids.items() for suffix in ("pk", "id")},
    }
    return ids, by_name


@pytest.fixture
def world_secretary(world):
    """The world's secretary: the tournament's, who calls the API and opens the pages."""
    return User.objects.get(pk=world[0]["secretary"])


def archive_ids(tournament, club, player, other):
    """A rating with the player's rate and a championship of the club, for the archive's pages."""
    rating = Rating.objects.create(name="Fuzz rating")
    Rate.objects.create(
        rating=rating, player=player, date=tournament.start_date, rate=1500, deviation=350, volatility="0.06"
    )
    championship = Championship.objects.create(name="Fuzz championship", club=club)
    return {"rating": rating.pk, "championship": championship.pk, "other": other.pk}
