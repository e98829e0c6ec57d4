"""Finished Swiss singles events using a rating, built row by row for the rating tests."""

from datetime import date

from history.ratings.models import EventRating
from stages.models import Match, Round, Stage
from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory


def players(*names):
    """Players named by first name, e.g. players("a", "b") → {"a": Player, "b": Player}."""
    return {name: PlayerFactory(first_name=name, last_name=f"X{name}") for name in names}


def rated_event(rating, day, people, rounds, final=None):
    """A singles event of a tournament on `day` using `rating`, its Swiss stage finished.

    `rounds`: a list per round of (a, b, score a, score b), names of `people`; b None for a bye. `final`: the
    same for a one-match knockout stage after the Swiss one. Every name in a match gets an entry."""
    tournament = TournamentFactory(start_date=date.fromisoformat(day), end_date=date.fromisoformat(day))
    event = EventFactory(tournament=tournament)
    EventRating.objects.create(event=event, rating=rating)
    entries = {}

    def entry(name):
        if name not in entries:
            entries[name] = EntryFactory(event=event, members=[people[name]])
        return entries[name]

    swiss = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, status=Stage.Status.FINISHED)
    for number, matches in enumerate(rounds, start=1):
        play(swiss, number, matches, entry)
    if final:
        knockout = Stage.objects.create(
            event=event, order=2, name="Final", kind=Stage.Kind.KNOCKOUT, status=Stage.Status.FINISHED
        )
        play(knockout, 1, [final], entry)
    return event


def play(stage, number, matches, entry):
    rnd = Round.objects.create(stage=stage, number=number, status=Round.Status.PUBLISHED)
    for line, (a, b, score_a, score_b) in enumerate(matches, start=1):
        if b is None:
            Match.objects.create(
                stage=stage, round=rnd, number=line, entry_a=entry(a), status=Match.Status.BYE, winner=entry(a),
                score_a=stage.bye_score_for, score_b=stage.bye_score_against,
            )  # fmt: skip
            continue
        winner = entry(a) if score_a > score_b else entry(b) if score_b > score_a else None
        Match.objects.create(
            stage=stage, round=rnd, number=line, entry_a=entry(a), entry_b=entry(b), score_a=score_a,
            score_b=score_b, winner=winner, status=Match.Status.CONFIRMED,
        )  # fmt: skip
