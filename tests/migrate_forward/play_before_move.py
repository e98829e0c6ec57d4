"""Played with the code of before the move into matches/ and history/ (commit BEFORE_MOVE: scoring, scheduling,
checkin, conduct, ratings, championships, sol as top-level apps; ResultChange in scoring), by `manage.py shell -c` on
a database that `load_demo` filled. The same play as play_old.py (a Swiss stage, a drawn groups stage, both demo
knockouts played to their final), written for that tree's modules, and then the models that moved: boards on the
score card, the audit log, check-ins, the referee's desk (a warning, a conceded game), a decided protest and its
disciplinary report, prize categories, a rating recomputed, a championship prized, a SoL import job; an admin log
entry and granted permissions on Match and on ResultChange. Prints what the current code must read back the same
(play_old.py's summary and read_moved.py's): SUMMARY {json}."""

import json
import random
from dataclasses import asdict
from datetime import timedelta

from championships import selectors as championship_selectors
from championships.models import Championship
from championships.services import assign_prizes
from checkin import services as checkin
from conduct import rest
from conduct import services as conduct
from conduct.models import Concession, ConductChange, DisciplinaryReport, MatchWarning, RestInterval
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from ratings import selectors as rating_selectors
from ratings.models import EventRating, Rating
from ratings.services import recompute
from rest_framework.authtoken.models import Token
from scheduling.clock import start_clock
from scoring import services as results
from scoring.models import Board, ResultChange
from scoring.scorecard import add_board
from sol.models import ImportJob, PlayerAlias
from tournaments.prize_services import CategoryRule, set_prizes

from demo.protest import GAME_1, GAME_2, win
from protests import services as protests
from protests.models import Protest
from stages import selectors
from stages import services as stages
from stages.bracket import sync_bracket
from stages.models import Match, Stage
from tournaments.models import Club, Event

secretary = User.objects.get(username="secretary")
chief = User.objects.get(username="chief")
umpire = User.objects.get(username="umpire")
rng = random.Random(2026)


def play_swiss_round(stage, number):
    rnd = stages.pair_swiss_round(stage, rng)
    stages.publish_round(rnd)
    start_clock(rnd, user=secretary)
    for match in rnd.matches.exclude(status=Match.Status.BYE).order_by("number"):
        loser_score = (match.number * 7 + number) % 24
        score = (25, loser_score) if match.number % 3 else (loser_score, 25)
        if match.number % 4:
            results.record_result(match, [score], confirm=True, user=secretary)
        else:  # entered, then confirmed by another hand
            results.record_result(match, [score], user=secretary)
            results.confirm_result(match, user=chief)


def final_of(stage):
    return stage.matches.filter(round__name="final").get()


def play_boards(match, boards):
    for board in boards:
        add_board(match, None, board, user=umpire)


# ---------------------------------------------------------------- the play of play_old.py

singles = Event.objects.get(name="Eurocup singles")
swiss = Stage.objects.create(event=singles, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=2)
play_swiss_round(swiss, 1)
play_swiss_round(swiss, 2)
stages.finish_stage(swiss)

office = Event.objects.get(name="Office singles")
groups = Stage.objects.create(event=office, name="Groups", kind=Stage.Kind.GROUPS, group_count=4)
stages.draw_stage(groups, rng)
stages.publish_stage(groups)
for match in groups.matches.filter(round__number=1).exclude(status=Match.Status.BYE).order_by("group", "number"):
    points = 1 + match.number % 14  # office rules: one board, only its winner scores (at most 14)
    score = (points, 0) if match.group.number % 2 else (0, points)
    results.record_result(match, [score], confirm=True, user=secretary)

# The protest decided, then its player reported for the language of it (ICF 148); the rest played board by board.
protested = Stage.objects.get(event__name="Knockout (ICF, protest demo)")
protest = Protest.objects.get(match__stage=protested)
protests.decide(protest, "overruled", "The umpire saw the striker touch the queen.", chief)
conduct.open_abusive_protest_report(protest, user=chief, note="Abusive words to the umpire.")
semi_two = protested.matches.get(round__number=1, number=2)
play_boards(semi_two, [*GAME_1, *GAME_2])
results.confirm_result(semi_two, user=chief)
protested_final = final_of(protested)
play_boards(protested_final, [*GAME_1, *({**board, "winner": "B"} for board in GAME_2)])
rest.mark_back(protested_final, "a", chief)  # the rest before the deciding game (ICF 138)
rest.mark_back(protested_final, "b", chief)
play_boards(protested_final, GAME_2)
results.confirm_result(protested_final, user=chief)
stages.finish_stage(protested)

# The late player forfeited; the final called, both players reported, a warning, game 1 conceded, game 2 on the card.
late_stage = Stage.objects.get(event__name="Knockout (ICF, late-arrival demo)")
checkin.apply_forfeits(now=timezone.now() + timedelta(hours=1))
semi_one = late_stage.matches.get(round__number=1, number=1)
results.record_result(semi_one, [(25, 7), (25, 11)], confirm=True, user=secretary)
late_final = final_of(late_stage)
Match.objects.filter(pk=late_final.pk).update(table=1, umpire=umpire)
late_final.refresh_from_db()
results.change_status(late_final, Match.Status.CALLED, user=umpire, reason="Final announced")
checkin.report(late_final, "a", umpire)
checkin.report(late_final, "b", umpire)
play_boards(late_final, [win("A", 4), win("B", 6, queen=True)])
warned = late_final.entry_b.members.get().player
conduct.record_warning(late_final, warned, umpire, note="Distracting the opponent.")
conduct.concede(late_final, "b", Concession.Scope.GAME, umpire)
play_boards(late_final, [win("A", 9, queen=True), win("A", 9, queen=True), win("A", 2)])
results.confirm_result(late_final, user=chief)

# ---------------------------------------------------------------- what a federation keeps across tournaments

set_prizes(
    singles,
    overall_prizes=3,
    overall_winners_excluded=True,
    categories=[
        CategoryRule("women", prizes=2),
        CategoryRule("junior", prizes=1, age_limit=21),
        CategoryRule("veteran", prizes=1, age_limit=50),
    ],
)
rating = Rating.objects.create(name="Eurocup rating", level=Rating.Level.INTERNATIONAL, club=None)
EventRating.objects.create(event=singles, rating=rating)
recompute(rating)
host = Club.objects.get(name="European Carrom Confederation")
championship = Championship.objects.create(name="Eurocup series", club=host, skip_worst=0)
championship.tournaments.add(singles.tournament)
assign_prizes(singles)
first_player = singles.entries.order_by("pk").first().members.get().player
PlayerAlias.objects.create(guid="sol-alias-0001", player=first_player)
ImportJob.objects.create(
    user=secretary,
    file_name="history.sol.gz",
    upload="sol/uploads/history.sol.gz",
    status=ImportJob.Status.DONE,
    done=3,
    total=3,
    message="3 tourneys imported.",
)

# ---------------------------------------------------------------- grants and logs the content types must keep

match_type = ContentType.objects.get_for_model(Match)
audit_type = ContentType.objects.get_for_model(ResultChange)
Group.objects.get(name="Secretary").permissions.add(
    Permission.objects.get(content_type=match_type, codename="change_match")
)
chief.user_permissions.add(
    Permission.objects.get(content_type=match_type, codename="view_match"),
    Permission.objects.get(content_type=audit_type, codename="view_resultchange"),
)
Token.objects.create(user=secretary)
session = SessionStore()
session["demo"] = "migrate forward"
session.create()
LogEntry.objects.create(
    user=secretary,
    content_type=match_type,
    object_id=str(semi_one.pk),
    object_repr=str(semi_one),
    action_flag=CHANGE,
    change_message="Table moved by hand",
)
confirmation = late_final.changes.filter(what=ResultChange.What.CONFIRMED).get()
LogEntry.objects.create(
    user=chief,
    content_type=audit_type,
    object_id=str(confirmation.pk),
    object_repr=str(confirmation),
    action_flag=CHANGE,
    change_message="Reason corrected by hand",
)

# ---------------------------------------------------------------- what the current code must read back


def ranking_of(championship):
    columns, rows = championship_selectors.ranking(championship)
    return [
        [column.event.name for column in columns],
        [[row.rank, [p.pk for p in row.players], str(row.points), row.played] for row in rows],
    ]


def by_pk(queryset, *fields):
    return [list(row) for row in queryset.order_by("pk").values_list("pk", *fields)]


knockouts = Stage.objects.filter(kind=Stage.Kind.KNOCKOUT).order_by("pk")
chief = User.objects.get(pk=chief.pk)
summary = {
    "swiss": [asdict(row) for row in selectors.stage_standings(swiss)],
    "groups": [[asdict(row) for row in rows] for rows in selectors.group_standings(groups).values()],
    "brackets": {
        stage.event.name: [
            [km.round, km.number, km.a, km.b, km.winner, km.decided, km.walkover]
            for km in sync_bracket(stage).matches()
        ]
        for stage in knockouts
    },
    "protests": [[p.pk, p.status, p.fee_status] for p in Protest.objects.order_by("pk")],
    "edited": [str(entry.get_edited_object()) for entry in LogEntry.objects.order_by("pk")],
    "secretary_may_change_match": User.objects.get(pk=secretary.pk).has_perm("stages.change_match"),
    # read_moved.py's keys
    "chief_may_view_audit": chief.has_perm("scoring.view_resultchange"),
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
    "championships": ranking_of(championship),
    "sol": [by_pk(ImportJob.objects, "status", "done", "total"), by_pk(PlayerAlias.objects, "guid", "player_id")],
}
print("SUMMARY", json.dumps(summary, sort_keys=True, default=str))
