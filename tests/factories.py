"""factory-boy factories for every model; tests build data with these, never by hand-written fixtures."""

from datetime import date

import factory
from django.contrib.auth.models import Group, User

from tournaments.models import Club, Entry, EntryMember, Event, Player, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "pass-word-42")

    @factory.post_generation
    def secretary(user, create, extracted, **kwargs):
        if create and extracted:
            group, _ = Group.objects.get_or_create(name="Secretary")
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
        players = (
            extracted if extracted is not None else [PlayerFactory() for _ in range(entry.event.team_size)]
        )
        for position, player in enumerate(players, 1):
            EntryMember.objects.create(entry=entry, player=player, position=position)
        entry.refresh_name()


class EntryMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EntryMember

    entry = factory.SubFactory(EntryFactory, members=[])
    player = factory.SubFactory(PlayerFactory)
    position = 1
