"""A full hall for the check-in desk: the Eurocup demo's 64 players in an ECC Swiss round 1 on 32 tables, drawn,
published, scheduled and called ("Start": ECC 18 gives them 6 minutes to report), built through the services the
secretary's pages call."""

from django.utils import timezone

from demo import eurocup
from matches.scheduling.services import call_round, schedule_round
from stages.models import Stage
from stages.services import draw_stage, publish_stage
from tests.factories import EventFactory, TournamentFactory, UserFactory
from tournaments.services import import_entries
from tournaments.venue import venue_of


def eurocup_hall(umpire=None, call=True):
    """(tournament, round 1) of a 64-player ECC Swiss stage on 32 tables; `umpire` joins the tournament's umpires.
    `call`: "Start" is given, so the reporting deadlines run."""
    secretary = UserFactory()
    tournament = TournamentFactory(status="published", name="Eurocup Hall")
    tournament.secretaries.add(secretary)
    if umpire is not None:
        tournament.umpires.add(umpire)
    event = EventFactory(tournament=tournament, rule_set="ecc", name="Eurocup singles")
    import_entries(event, eurocup.entries_csv())
    stage = Stage.objects.create(event=event, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=7)
    draw_stage(stage)
    publish_stage(stage)
    venue = venue_of(tournament)
    venue.tables = 32
    venue.save()
    rnd = stage.rounds.get(number=1)
    schedule_round(rnd, timezone.now(), user=secretary)
    if call:
        call_round(rnd, user=secretary)
    return tournament, rnd
