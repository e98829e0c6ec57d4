"""factory-boy factories for every model; tests build data with these, never by hand-written fixtures."""

from datetime import date, time, timedelta
from decimal import Decimal

import factory
from django.contrib.auth.models import Group as AuthGroup
from django.contrib.auth.models import User
from django.utils import timezone

from core.models import Heartbeat
from federations.models import DelegateAction, Delegation, EventFee, FeePayment, Quota, SentEntry
from hall.models import HallDisplay
from matches.conduct.models import Concession, ConductChange, DisciplinaryReport, MatchLoss, MatchWarning, RestInterval
from matches.featured.models import FeaturedTable
from matches.models import ResultChange
from matches.scheduling.models import RoundClock
from matches.scoring.models import Board, Game
from matches.strokes.models import BoardStroke, KeptBoard
from matches.ties.models import LineUp
from players.models import FormerLink, MatchLink, OutgoingNews, PersonalLink, SelfReport
from prizes.models import PrizeCategory
from protests.models import Protest, ProtestPhoto, ProtestSettings
from registration.models import EventRegistration, SignUp
from stages.models import Group, GroupMember, Match, Round, Stage
from tournaments.eligibility_models import EligibilityException, EventEligibility
from tournaments.models import (
    Club,
    Entry,
    EntryMember,
    Event,
    Invitation,
    Notification,
    OutgoingMail,
    Player,
    PlayingSession,
    Profile,
    PushSubscription,
    Tournament,
    Venue,
)
from tournaments.rollcall_models import Presence, RollCall
from webhooks.models import Delivery, Webhook

# Every user's password, for tests that log in through a form or ask for a token.
PASSWORD = "pass-word-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def secretary(user, create, extracted, **kwargs):
        if create and extracted:
            group, _ = AuthGroup.objects.get_or_create(name="Secretary")
            user.groups.add(group)
        if create:
            user.save()


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Carrom Club {n}")
    country = "IND"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    first_name = factory.Faker("first_name")
    last_name = factory.Sequence(lambda n: f"Player{n}")
    sex = "M"
    country = "IND"
    club = factory.SubFactory(ClubFactory)


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    venue = "Community hall"
    start_date = date(2026, 12, 5)
    end_date = date(2026, 12, 6)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Singles {n}")
    kind = Event.Kind.SINGLES
    rule_set = "icf"


class EntryFactory(factory.django.DjangoModelFactory):
    """An entry with its members: one player in singles, two in doubles."""

    class Meta:
        model = Entry
        skip_postgeneration_save = True

    event = factory.SubFactory(EventFactory)

    @factory.post_generation
    def members(entry, create, extracted, **kwargs):
        if not create:
            return
        players = extracted if extracted is not None else [PlayerFactory() for _ in range(entry.event.team_size)]
        for position, player in enumerate(players, 1):
            EntryMember.objects.create(entry=entry, player=player, position=position)
        entry.refresh_name()


class PrizeCategoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PrizeCategory

    event = factory.SubFactory(EventFactory)
    kind = PrizeCategory.Kind.WOMEN
    prizes = 3


class EventEligibilityFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventEligibility

    event = factory.SubFactory(EventFactory)


class EligibilityExceptionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EligibilityException

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)
    reason = "Admitted by the federation's board"


class RollCallFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RollCall

    event = factory.SubFactory(EventFactory)


class PresenceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Presence

    roll_call = factory.SubFactory(RollCallFactory)
    entry = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..roll_call.event"))


class DelegationFactory(factory.django.DjangoModelFactory):
    """A federation invited to a tournament."""

    class Meta:
        model = Delegation

    tournament = factory.SubFactory(TournamentFactory)
    federation = factory.SubFactory(ClubFactory, is_federation=True)


class QuotaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Quota

    delegation = factory.SubFactory(DelegationFactory)
    event = factory.SubFactory(EventFactory, tournament=factory.SelfAttribute("..delegation.tournament"))
    places = 6


class SentEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SentEntry

    delegation = factory.SubFactory(DelegationFactory)
    entry = factory.SubFactory(EntryFactory, event__tournament=factory.SelfAttribute("...delegation.tournament"))


class DelegateActionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DelegateAction

    delegation = factory.SubFactory(DelegationFactory)
    kind = DelegateAction.Kind.ENTERED
    event = factory.SubFactory(EventFactory, tournament=factory.SelfAttribute("..delegation.tournament"))
    entry_name = "Asha Rao"


class EventFeeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventFee

    event = factory.SubFactory(EventFactory)
    amount = Decimal("15.00")
    currency = "EUR"


class FeePaymentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FeePayment

    entry = factory.SubFactory(EntryFactory)
    status = FeePayment.Status.PAID
    method = FeePayment.Method.CASH


class EntryMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EntryMember

    entry = factory.SubFactory(EntryFactory, members=[])
    player = factory.SubFactory(PlayerFactory)
    position = 1


class StageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Stage

    event = factory.SubFactory(EventFactory)
    order = factory.Sequence(lambda n: n + 1)
    name = factory.Sequence(lambda n: f"Stage {n}")
    kind = Stage.Kind.SWISS


class GroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Group

    stage = factory.SubFactory(StageFactory, kind=Stage.Kind.GROUPS, group_count=1)
    number = factory.Sequence(lambda n: n + 1)


class GroupMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = GroupMember

    group = factory.SubFactory(GroupFactory)
    entry = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..group.stage.event"))
    position = factory.Sequence(lambda n: n + 1)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    stage = factory.SubFactory(StageFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Round.Status.PUBLISHED


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    stage = factory.SelfAttribute("round.stage")
    number = factory.Sequence(lambda n: n + 1)
    entry_a = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..round.stage.event"))
    entry_b = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..round.stage.event"))


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    match = factory.SubFactory(MatchFactory)
    number = 1
    score_a = 25
    score_b = 10
    winner_side = "A"


class BoardFactory(factory.django.DjangoModelFactory):
    """A first board of game 1: A wins with 4 c/m of B left (ICF 53(a): 4 points)."""

    class Meta:
        model = Board

    match = factory.SubFactory(MatchFactory)
    game_no = 1
    number = factory.Sequence(lambda n: n + 1)
    breaker = "A"
    winner = "A"
    coins_left_of_loser = 4
    awarded_to = "A"
    points = 4
    total_a = 4
    total_b = 0


class ResultChangeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ResultChange

    match = factory.SubFactory(MatchFactory)
    what = ResultChange.What.STATUS
    before = factory.LazyAttribute(lambda o: {"status": "scheduled"})
    after = factory.LazyAttribute(lambda o: {"status": "called"})


class VenueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Venue

    tournament = factory.SubFactory(TournamentFactory)
    tables = 4
    match_minutes = 60
    rest_minutes = 10


class PlayingSessionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PlayingSession

    venue = factory.SubFactory(VenueFactory)
    date = date(2026, 12, 7)
    start = time(9, 0)
    end = time(13, 0)


class RoundClockFactory(factory.django.DjangoModelFactory):
    """An ECC round clock (ECC 39-41): 50 minutes to the first bell, 7 more to the second."""

    class Meta:
        model = RoundClock

    round = factory.SubFactory(RoundFactory)
    started_at = factory.LazyFunction(timezone.now)
    first_bell_at = factory.LazyAttribute(lambda o: o.started_at + timedelta(minutes=50))
    second_bell_at = factory.LazyAttribute(lambda o: o.first_bell_at + timedelta(minutes=7))


class FeaturedTableFactory(factory.django.DjangoModelFactory):
    """Table 1 of a tournament on stream."""

    class Meta:
        model = FeaturedTable

    tournament = factory.SubFactory(TournamentFactory)
    table = 1


class HallDisplayFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HallDisplay

    tournament = factory.SubFactory(TournamentFactory)


class NotificationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Notification

    user = factory.SubFactory(UserFactory)
    tournament = factory.SubFactory(TournamentFactory)
    subject = "Your match was forfeited"


class InvitationFactory(factory.django.DjangoModelFactory):
    """An invitation waiting for its answer; accepted, it makes the user an official (tournaments.invitations)."""

    class Meta:
        model = Invitation

    tournament = factory.SubFactory(TournamentFactory)
    user = factory.SubFactory(UserFactory)
    role = "umpire"
    invited_by = factory.SubFactory(UserFactory)


class ProfileFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Profile

    user = factory.SubFactory(UserFactory)
    language = "fr"


class ProtestSettingsFactory(factory.django.DjangoModelFactory):
    """ICF 145: the tournament's scrutiny fee."""

    class Meta:
        model = ProtestSettings

    tournament = factory.SubFactory(TournamentFactory)
    fee_amount = Decimal("500.00")
    fee_currency = "INR"


class ProtestFactory(factory.django.DjangoModelFactory):
    """An oral protest (ICF 145) by side A about game 1 board 1, fee not paid yet."""

    class Meta:
        model = Protest

    match = factory.SubFactory(MatchFactory)
    game_no = 1
    board_no = 1
    side = "A"
    protester_name = factory.Faker("name")
    decision_appealed = "Foul called: the striker touched a carrom man before the stroke."


class PersonalLinkFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PersonalLink

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)


class FormerLinkFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FormerLink

    former_id = factory.Sequence(lambda n: 1_000_000 + n)
    key = "former-key"
    link = factory.SubFactory(PersonalLinkFactory)


class MatchLinkFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MatchLink

    match = factory.SubFactory(MatchFactory)
    side = "a"


class LineUpFactory(factory.django.DjangoModelFactory):
    """One place of a side's line-up: the first player of side A's team in rubber 1."""

    class Meta:
        model = LineUp

    tie = factory.SubFactory(MatchFactory)
    side = "a"
    rubber = 1
    player = factory.LazyAttribute(lambda place: place.tie.entry_a.members.first().player)


class SelfReportFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SelfReport

    match = factory.SubFactory(MatchFactory)
    entered_by_side = "a"


class OutgoingNewsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OutgoingNews

    tournament = factory.SubFactory(TournamentFactory)
    news = "moved"
    match_ids = factory.LazyAttribute(lambda row: [MatchFactory(round__stage__event__tournament=row.tournament).pk])
    next_attempt_at = factory.LazyFunction(timezone.now)


class OutgoingMailFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OutgoingMail

    tournament = factory.SubFactory(TournamentFactory)
    to = factory.Sequence(lambda n: f"reader{n}@example.org")
    to_name = "Asha Rao"
    subject = "Go to table 5 now"
    body = "Your match is called."
    next_attempt_at = factory.LazyFunction(timezone.now)


class EventRegistrationFactory(factory.django.DjangoModelFactory):
    """An event's entries window, open to the public form with no dates and no cap."""

    class Meta:
        model = EventRegistration

    event = factory.SubFactory(EventFactory)
    public_sign_up = True


class SignUpFactory(factory.django.DjangoModelFactory):
    """A pending sign-up from an event's public form."""

    class Meta:
        model = SignUp

    event = factory.SubFactory(EventFactory)
    first_name = factory.Sequence(lambda n: f"Signer{n}")
    last_name = "Outside"
    country = "FRA"
    email = factory.Sequence(lambda n: f"signer{n}@example.org")
    token = factory.Sequence(lambda n: f"sign-up-token-{n}")


class HeartbeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Heartbeat
        django_get_or_create = ("name",)

    name = "beat"
    at = factory.LazyFunction(timezone.now)


class PushSubscriptionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PushSubscription

    player = factory.SubFactory(PlayerFactory)
    endpoint = factory.Sequence(lambda n: f"https://push.example.com/send/{n}")
    p256dh = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
    auth = "tBHItJI5svbpez7KI4CCXg"


class ProtestPhotoFactory(factory.django.DjangoModelFactory):
    """A photo's row; its file name is only a name (no file is written)."""

    class Meta:
        model = ProtestPhoto

    protest = factory.SubFactory(ProtestFactory)
    image = factory.Sequence(lambda n: f"protests/photo-{n}.png")
    image_format = "PNG"
    size = 2048
    width = 640
    height = 480


class MatchWarningFactory(factory.django.DjangoModelFactory):
    """ICF 143(h): a warning for distracting the opponent, to side A's player."""

    class Meta:
        model = MatchWarning

    match = factory.SubFactory(MatchFactory)
    player = factory.LazyAttribute(lambda o: o.match.entry_a.players.first())
    side = "a"
    clause = "distraction"
    law = "ICF 143(h)"
    recorded_by = factory.SubFactory(UserFactory)


class MatchLossFactory(MatchWarningFactory):
    class Meta:
        model = MatchLoss


class ConcessionFactory(factory.django.DjangoModelFactory):
    """ICF 139: side B concedes game 1."""

    class Meta:
        model = Concession

    match = factory.SubFactory(MatchFactory)
    side = "b"
    scope = Concession.Scope.GAME
    game_no = 1
    law = "ICF 139"
    recorded_by = factory.SubFactory(UserFactory)


class RestIntervalFactory(factory.django.DjangoModelFactory):
    """ICF 138: the rest before the deciding game, still running."""

    class Meta:
        model = RestInterval

    match = factory.SubFactory(MatchFactory)
    started_at = factory.LazyFunction(timezone.now)
    ends_at = factory.LazyAttribute(lambda o: o.started_at + timedelta(minutes=5))


class DisciplinaryReportFactory(factory.django.DjangoModelFactory):
    """ICF 148: an abusive protest rejected, for the tournament's disciplinary action."""

    class Meta:
        model = DisciplinaryReport

    tournament = factory.SubFactory(TournamentFactory)
    source = DisciplinaryReport.Source.ABUSIVE_PROTEST
    law = "ICF 148"
    opened_by = factory.SubFactory(UserFactory)


class ConductChangeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ConductChange

    match = factory.SubFactory(MatchFactory)
    tournament = factory.SelfAttribute("match.stage.event.tournament")
    what = ConductChange.What.WARNING
    after = factory.LazyAttribute(lambda o: {"law": "ICF 143(h)"})


class WebhookFactory(factory.django.DjangoModelFactory):
    """A tournament's webhook to a receiver of its own (nothing is sent until a sweep runs)."""

    class Meta:
        model = Webhook

    tournament = factory.SubFactory(TournamentFactory)
    url = "https://hooks.example.org/carrom"


class DeliveryFactory(factory.django.DjangoModelFactory):
    """A test ping waiting to be sent."""

    class Meta:
        model = Delivery

    webhook = factory.SubFactory(WebhookFactory)
    event = Delivery.Event.PING
    payload = factory.LazyFunction(lambda: {"type": "ping"})
    next_attempt_at = factory.LazyFunction(timezone.now)


class KeptBoardFactory(factory.django.DjangoModelFactory):
    """The first board of a match kept stroke by stroke (matches.strokes), A breaking."""

    class Meta:
        model = KeptBoard

    match = factory.SubFactory(MatchFactory)
    game_no = 1
    board_no = 1
    breaker = "A"


class BoardStrokeFactory(factory.django.DjangoModelFactory):
    """A stroke of a kept board: the striker pocketed one of his own c/m."""

    class Meta:
        model = BoardStroke

    kept = factory.SubFactory(KeptBoardFactory)
    seq = factory.Sequence(lambda n: n + 1)
    data = factory.LazyFunction(lambda: {"own": 1})
