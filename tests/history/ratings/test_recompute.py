"""Recomputing ratings from the database: which tournaments and matches count, inheritance, the background
recompute when a Swiss stage finishes, the command.

The expected figures were obtained by running SoL 5.26's Rating.recompute(scratch=True) (PyPI SoL==5.26, in a
virtualenv outside the repository) on the same history (tests/ratings/cases.py) built with SoL's models, with
the ranking our placings give; only the resulting numbers are kept here."""

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from history.championships.models import Prize
from history.ratings.models import EventRating, Rate, Rating
from history.ratings.periods import Parameters, Period, compute
from history.ratings.services import recompute, recompute_all, system_of
from stages.models import Stage
from stages.selectors import entrants, entry_rating, with_players
from stages.services import finish_stage
from tests.factories import EntryFactory, EventFactory
from tests.history.ratings.builders import players, rated_event
from tests.history.ratings.cases import history

pytestmark = pytest.mark.django_db

SOL_FIGURES = {
    ("a", "2024-03-02"): (1843, 111, Decimal("0.05999")),
    ("b", "2024-03-02"): (1652, 162, Decimal("0.05999")),
    ("c", "2024-03-02"): (1698, 208, Decimal("0.05999")),
    ("d", "2024-03-02"): (1716, 293, Decimal("0.05999")),
    ("e", "2024-03-02"): (1537, 229, Decimal("0.05999")),
    ("a", "2024-04-06"): (1876, 107, Decimal("0.05999")),
    ("c", "2024-04-06"): (1876, 190, Decimal("0.06")),
    ("f", "2024-04-06"): (1806, 234, Decimal("0.05999")),
    ("g", "2024-04-06"): (1593, 261, Decimal("0.06")),
}


def figures(rating):
    return {
        (r.player.first_name, str(r.date)): (r.rate, r.deviation, r.volatility)
        for r in Rate.objects.filter(rating=rating).select_related("player")
    }


def test_a_history_gives_sols_figures():
    # Skipped: the named phantom's matches, d's bye and the final (a knockout stage); a and b start from the
    # historical rating (inheritance), the others are interpolated.
    _people, national = history()
    assert recompute_all() == len(SOL_FIGURES)
    assert figures(national) == SOL_FIGURES


def test_recomputing_twice_changes_nothing():
    _people, national = history()
    recompute_all()
    recompute_all()
    assert figures(national) == SOL_FIGURES


def test_without_inheritance_the_historical_rates_are_not_read():
    _people, national = history()
    Rating.objects.filter(pk=national.pk).update(inheritance=False)
    recompute(national)
    # Everybody unrated in the first tournament: a no longer starts from 1800.
    assert figures(national)["a", "2024-03-02"] != SOL_FIGURES["a", "2024-03-02"]


def test_a_historical_rating_and_an_unused_rating_keep_their_rates():
    people = players("a")
    kept = Rating.objects.create(name="Given", level=Rating.Level.NATIONAL)
    Rate.objects.create(rating=kept, player=people["a"], date="2020-01-01", rate=1700, deviation=80, volatility="0.06")
    historical = Rating.objects.create(name="Old", level=Rating.Level.HISTORICAL)
    Rate.objects.create(rating=historical, player=people["a"], date="2020-01-01", rate=900, deviation=80, volatility=0)
    assert recompute_all() == 0
    assert Rate.objects.count() == 2


def test_an_unfinished_swiss_stage_does_not_count():
    people = players("a", "b")
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    event = rated_event(rating, "2024-05-04", people, [[("a", "b", 25, 0)]])
    Stage.objects.filter(event=event).update(status=Stage.Status.DRAWN)
    recompute(rating)
    assert not Rate.objects.exists()


def test_finishing_the_swiss_stage_recomputes_the_rating(django_capture_on_commit_callbacks, secretary):
    people = players("a", "b")
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    # 25-3: a 0-25 loss in every match would make b a named phantom, whose matches are skipped.
    event = rated_event(rating, "2024-05-04", people, [[("a", "b", 25, 3)]])
    swiss = event.stages.get(kind=Stage.Kind.SWISS)
    Stage.objects.filter(pk=swiss.pk).update(status=Stage.Status.DRAWN)
    with django_capture_on_commit_callbacks(execute=True):
        finish_stage(swiss)
    # Both unrated: a starts at 2600, b at 1600 (the virtual points).
    assert set(Rate.objects.values_list("player__first_name", flat=True)) == {"a", "b"}
    assert Rate.objects.get(player=people["a"]).rate != 2600
    assert Rate.objects.get(player=people["b"]).rate != 1600


def test_a_player_who_lost_every_match_0_25_is_a_named_phantom():
    people = players("a", "b", "c")
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    rated_event(rating, "2024-05-04", people, [[("a", "b", 25, 0)], [("c", "b", 25, 0)], [("a", "c", 20, 11)]])
    recompute(rating)
    assert set(Rate.objects.values_list("player__first_name", flat=True)) == {"a", "c"}


def test_a_prized_events_unrated_players_are_placed_by_prize_not_by_standings():
    # SoL ranks a prized tourney by prize first, and a prize need not follow the standings: b won less than a
    # but was given the first prize, so b is placed at the higher virtual rate (both unrated: the line through
    # (1, 2600) and (2, 1600)).
    people = players("a", "b")
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    event = rated_event(rating, "2024-05-04", people, [[("a", "b", 25, 3)]])
    entries = {entry.members.get().player_id: entry for entry in event.entries.all()}
    a, b = people["a"].pk, people["b"].pk
    Prize.objects.create(event=event, entry=entries[b], place=1, amount=18)
    Prize.objects.create(event=event, entry=entries[a], place=2, amount=16)
    recompute(rating)

    def rates_for(ranking):
        period = Period(event.tournament.start_date, [(a, b, 25, 3)], ranking)
        rates = compute(Parameters(system_of(rating)), [period], lambda player, before: None)
        return {player: (r.rate, r.deviation, r.volatility) for (player, _day), r in rates.items()}

    stored = {r.player_id: (r.rate, r.deviation, r.volatility) for r in Rate.objects.filter(rating=rating)}
    assert stored == rates_for([b, a]) != rates_for([a, b])


def test_seeding_reads_the_rate_before_the_tournament(tournament):
    people = players("a", "b")
    people["b"].rating = 1234
    people["b"].save()
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    for day, rate in (("2024-01-01", 1500), ("2024-06-01", 1700), (str(tournament.start_date), 1900)):
        Rate.objects.create(rating=rating, player=people["a"], date=day, rate=rate, deviation=50, volatility="0.06")
    event = EventFactory(tournament=tournament)
    EventRating.objects.create(event=event, rating=rating)
    for person in people.values():
        EntryFactory(event=event, members=[person])
    ratings = {e.name: entry_rating(e) for e in with_players(event.entries.all())}
    # a: the newest rate strictly before the first day; b has none and keeps the rating typed in.
    assert ratings == {people["a"].full_name: 1700, people["b"].full_name: 1234}


def test_seeding_with_inheritance_reads_lower_levels_too(tournament):
    people = players("a", "b")
    international = Rating.objects.create(name="I", level=Rating.Level.INTERNATIONAL)
    national = Rating.objects.create(name="N", level=Rating.Level.NATIONAL, inheritance=True)
    local = Rating.objects.create(name="L", level=Rating.Level.LOCAL)
    for rating, name, day, rate in (
        (international, "a", "2024-01-01", 2100),
        (national, "a", "2023-01-01", 1800),
        (local, "b", "2024-01-01", 1700),
    ):
        Rate.objects.create(rating=rating, player=people[name], date=day, rate=rate, deviation=5, volatility=0)
    event = EventFactory(tournament=tournament)
    EventRating.objects.create(event=event, rating=national)
    for person in people.values():
        EntryFactory(event=event, members=[person])
    ratings = {e.name: entry_rating(e) for e in with_players(event.entries.all())}
    # a: the international rate is newer than the national one; b's local rate is a higher level number: unseen.
    assert ratings == {people["a"].full_name: 2100, people["b"].full_name: None}


def test_knockout_seeding_follows_the_events_rating_not_the_typed_one(tournament):
    people = players("low", "high")
    people["low"].rating = 2500  # typed in by hand, ignored: the event's rating knows better
    people["low"].save()
    rating = Rating.objects.create(name="R", level=Rating.Level.REGIONAL)
    for name, rate in (("low", 1400), ("high", 1900)):
        Rate.objects.create(rating=rating, player=people[name], date="2020-01-01", rate=rate, deviation=5, volatility=0)
    event = EventFactory(tournament=tournament)
    EventRating.objects.create(event=event, rating=rating)
    for person in people.values():
        EntryFactory(event=event, members=[person])
    stage = Stage.objects.create(event=event, name="KO", kind=Stage.Kind.KNOCKOUT)
    assert [entry.name for entry in entrants(stage)] == [people["high"].full_name, people["low"].full_name]


def test_the_command_reports_what_it_wrote():
    history()
    out = StringIO()
    call_command("recompute_ratings", stdout=out)
    assert "9 rates written" in out.getvalue()
