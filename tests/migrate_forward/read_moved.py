"""Read with the current code, by `manage.py shell -c` on a database play_before_move.py played on and the current
code migrated: the models that moved into matches/ (the audit log now the matches app's, the score card's boards, the
check-in times, the referee's desk) and history/ (ratings, championships, SoL), and the prize categories, through
their models and selectors. Prints the keys of play_before_move.py's summary that read_new.py does not: SUMMARY
{json}."""

import json

from django.contrib.auth.models import User

from history.championships import selectors as championship_selectors
from history.championships.models import Championship
from history.ratings import selectors as rating_selectors
from history.ratings.models import Rating
from history.sol.models import ImportJob, PlayerAlias
from matches.conduct.models import Concession, ConductChange, DisciplinaryReport, MatchWarning, RestInterval
from matches.models import ResultChange
from matches.scoring.models import Board
from stages.models import Match
from tournaments.models import Event


def ranking_of(championship):
    columns, rows = championship_selectors.ranking(championship)
    return [
        [column.event.name for column in columns],
        [[row.rank, [p.pk for p in row.players], str(row.points), row.played] for row in rows],
    ]


def by_pk(queryset, *fields):
    return [list(row) for row in queryset.order_by("pk").values_list("pk", *fields)]


singles = Event.objects.get(name="Eurocup singles")
rating = Rating.objects.get(name="Eurocup rating")
summary = {
    "chief_may_view_audit": User.objects.get(username="chief").has_perm("matches.view_resultchange"),
    "boards": by_pk(Board.objects, "match_id", "game_no", "number", "winner", "points", "voided"),
    "audit": by_pk(ResultChange.objects, "match_id", "what", "user__username"),
    "reported": by_pk(Match.objects.exclude(reported_a_at=None, reported_b_at=None), "reported_a_at", "reported_b_at"),
    "conduct": {
        "warnings": by_pk(MatchWarning.objects, "match_id", "player_id", "side", "law"),
        "concessions": by_pk(Concession.objects, "match_id", "side", "scope", "game_no"),
        "rests": by_pk(RestInterval.objects, "match_id", "outcome"),
        "reports": by_pk(DisciplinaryReport.objects, "tournament_id", "source", "law", "protest_id"),
        "log": by_pk(ConductChange.objects, "match_id", "what"),
    },
    "prize_categories": by_pk(singles.prize_categories, "kind", "prizes", "age_limit"),
    "ratings": [
        [rate.player_id, rate.rate, rate.deviation, rate.rates_count] for rate in rating_selectors.ranking(rating)
    ],
    "championships": ranking_of(Championship.objects.get(name="Eurocup series")),
    "sol": [by_pk(ImportJob.objects, "status", "done", "total"), by_pk(PlayerAlias.objects, "guid", "player_id")],
}
print("SUMMARY", json.dumps(summary, sort_keys=True, default=str))
