"""factory-boy factories for the history federations keep: ratings and their rates, championships and their
prizes, and what a SoL import leaves behind (see tests/factories.py for the rest)."""

from datetime import date
from decimal import Decimal

import factory

from history.championships.models import Championship, Prize
from history.ratings.models import EventRating, Rate, Rating
from history.sol.models import ImportedTourney, ImportJob, Picture, PlayerAlias
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, TournamentFactory, UserFactory


class RatingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Rating

    name = factory.Sequence(lambda n: f"Rating {n}")
    level = Rating.Level.NATIONAL


class RateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Rate

    rating = factory.SubFactory(RatingFactory)
    player = factory.SubFactory(PlayerFactory)
    date = date(2026, 11, 1)
    rate = 1500
    deviation = 350
    volatility = Decimal("0.06")


class EventRatingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventRating

    event = factory.SubFactory(EventFactory)
    rating = factory.SubFactory(RatingFactory)


class ChampionshipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Championship

    name = factory.Sequence(lambda n: f"Season {n}")
    club = factory.SubFactory(ClubFactory)


class PrizeFactory(factory.django.DjangoModelFactory):
    """The winner's prize under the fixed scheme (18 for the first place)."""

    class Meta:
        model = Prize

    entry = factory.SubFactory(EntryFactory)
    event = factory.SelfAttribute("entry.event")
    place = 1
    amount = Decimal("18.00")


class PlayerAliasFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PlayerAlias

    guid = factory.Sequence(lambda n: f"{n:032x}")
    player = factory.SubFactory(PlayerFactory)


class PictureFactory(factory.django.DjangoModelFactory):
    """A player's portrait; its file name is only a name (no file is written)."""

    class Meta:
        model = Picture

    kind = Picture.Kind.PORTRAIT
    name = factory.Sequence(lambda n: f"portrait-{n}.png")
    image = factory.LazyAttribute(lambda o: f"sol/{o.name}")
    player = factory.SubFactory(PlayerFactory)


class ImportJobFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ImportJob

    user = factory.SubFactory(UserFactory)
    file_name = "season.sol.gz"
    upload = factory.Sequence(lambda n: f"sol/uploads/season-{n}.sol.gz")


class ImportedTourneyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ImportedTourney

    tournament = factory.SubFactory(TournamentFactory)
    digest = factory.Sequence(lambda n: f"{n:064x}")
