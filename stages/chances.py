"""What the estimate of a Swiss stage's outcome (stages.draws.chances) reads of the stage, in a few queries: the
results of its complete rounds, the pairs of the round being played, its entries with their ratings, how many
rounds are left and how many qualify; and a key of that state, which the estimate is kept under.

The state moves on only when a round is complete (every match of it and of the rounds before counts: a result to
confirm or a withheld one does not, ICF 150) or when the next round is published: the results of a round being
played are not read one by one, so the estimate is worked out twice a round, not once a result."""

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from stages.draws.chances import OPTIMAL_RUNS, RUNS, Entrant, median_rate, swiss_chances
from stages.loading import all_decided, stage_rows, worked_out
from stages.models import Round, Stage
from stages.selectors import decided_results, points_for, precedence, stage_played_ids

ENGINE_VERSION = 1  # part of the key: a change of the engine's figures makes the kept estimates unreachable
# Draws (ECC 39) at the share the stage has seen so far, from this prior of PRIOR_GAMES games at PRIOR_DRAW_RATE
# while the stage has played few.
PRIOR_DRAW_RATE = 0.05
PRIOR_GAMES = 20


@dataclass
class SwissState:
    """The estimate's input for one Swiss stage (see stages.draws.chances.swiss_chances); `complete` rounds played,
    `rated` when most entries have a rating (otherwise no estimate is worth showing)."""

    stage: Stage
    complete: int
    rounds_left: int
    qualifiers: int | None
    entrants: list = field(default_factory=list)
    results: list = field(default_factory=list)
    pending: list = field(default_factory=list)
    draw_rate: float = 0.0
    rated: bool = True

    @cached_property
    def key(self):
        """A digest of everything the estimate depends on (a whole stage's worth: worked out once)."""
        stage = self.stage
        parts = (
            ENGINE_VERSION,
            self.runs,
            stage.pk,
            self.complete,
            self.rounds_left,
            self.qualifiers,
            str(stage.pairing_method),  # a str, not its enum: the same key in every process
            stage.delay_top_players,
            stage.delay_compatriots,
            stage.delay_club_mates,
            tuple(precedence(stage)),
            points_for(stage),
            round(self.draw_rate, 6),
            # In id order: the entries' own order (seed, name) may place two alike ones either way round.
            sorted((e.id, e.rating, e.withdrawn, e.country, e.club) for e in self.entrants),
            [(m.a, m.b, m.score_a, m.score_b, m.both_lose, m.walkover) for m in self.results],
            self.pending,
        )
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]

    @property
    def runs(self):
        return OPTIMAL_RUNS if self.stage.pairing_method == Stage.Pairing.OPTIMAL else RUNS

    def estimate(self, runs=None):
        """The estimate (stages.draws.chances.Chances), seeded by the state's key: the same state, the same figures."""
        stage = self.stage
        return swiss_chances(
            self.entrants,
            self.results,
            self.rounds_left,
            self.qualifiers,
            pending=self.pending,
            precedence=precedence(stage),
            points_for=points_for(stage),
            draw_rate=self.draw_rate,
            runs=runs or self.runs,
            seed=int(self.key[:12], 16),
            next_round=self.complete + 1 + (1 if self.pending else 0),
            method=stage.pairing_method,
            pairer_options={
                "delay_top_players": stage.delay_top_players,
                "delay_compatriots": stage.delay_compatriots,
                "delay_club_mates": stage.delay_club_mates,
                "bye_score": (stage.bye_score_for, stage.bye_score_against),
            },
            unrated_rate=median_rate([e.rating for e in self.entrants]) or 1500.0,
        )


def swiss_state(stage, read=None):
    """The SwissState of a Swiss stage with rounds left, or None: another kind of stage, no planned number of
    rounds, no round complete yet, or every planned round complete. Five queries; two when `read`, the stage's
    StageRows (stages.loading.stage_rows), was read already (one, when it holds the rounds)."""
    if stage.kind != Stage.Kind.SWISS or not stage.rounds_planned:
        return None
    read = read or stage_rows(stage)
    rounds = read.rounds
    if rounds is None:
        rounds = list(stage.rounds.filter(status=Round.Status.PUBLISHED).order_by("number"))
    rows = read.matches
    by_round = read.by_round
    if by_round is None:
        by_round = defaultdict(list)
        for row in rows:
            by_round[row.round_id].append(row)
    done, playing = rounds_played(rounds, by_round)
    complete, results = len(done), []
    byes_margin = stage.bye_score_for - stage.bye_score_against
    for _rnd, matches in done:
        results += decided_results(matches, True, byes_margin)  # a kept round's, worked out once
    pending = [] if playing is None else list(round_pairs(playing))  # whatever results it has yet
    if complete == 0 or complete >= stage.rounds_planned:
        return None
    played = stage_played_ids(read)
    entries = [entry for entry in read.entries if not entry.withdrawn or entry.pk in played]
    entrants = [Entrant(e.pk, e.name, e.rating, None, e.withdrawn, e.country, e.club) for e in entries]
    active = [e for e in entrants if not e.withdrawn]
    next_stage = stage.next_stages.exclude(qualifiers=None).order_by("order").first()
    return SwissState(
        stage=stage,
        complete=complete,
        rounds_left=stage.rounds_planned - complete - (1 if pending else 0),
        qualifiers=next_stage.qualifiers if next_stage else None,
        entrants=entrants,
        results=results,
        pending=pending,
        draw_rate=draw_rate(stage, results),
        rated=2 * sum(1 for e in active if e.rating is not None) > len(active),
    )


def state_stamp(stage, read):
    """A digest of what the stage's SwissState is made of, from its rounds' stamps (core.page_stamps pieces: a
    change of the stage, an entry or the event replaces every one of them): the stamps of the complete rounds and
    the pairs of the round being played, not its results. None unless `read` was kept by round
    (stages.loading.kept_stage_rows)."""
    if read is None or read.by_round is None:
        return None
    done, playing = rounds_played(read.rounds, read.by_round)
    made_of = [stage.pk, *((rnd.pk, rnd.page_version) for rnd, _rows in done)]
    if playing is not None:
        made_of.append(round_pairs(playing))
    return hashlib.sha256(repr(made_of).encode()).hexdigest()[:32]


def rounds_played(rounds, by_round):
    """([(Round, its rows)] of the complete rounds, the round being played's rows or None): the rounds complete one
    after the other from round 1 (every match of each counts), then the next one when it is published. `rounds`
    in number order, `by_round` their rows by round id."""
    done = []
    for rnd in rounds:
        rows = by_round[rnd.pk]
        if rnd.number != len(done) + 1:
            break
        if not (rows and all_decided(rows)):
            return done, rows
        done.append((rnd, rows))
    return done, None


def round_pairs(rows):
    """The pairs of a round's rows, worked out once for a kept round (stages.loading.RoundRows: a result leaves
    them)."""
    return worked_out(rows, "pairs", pairs_of)


def pairs_of(rows):
    return [(m.entry_a_id, m.entry_b_id) for m in rows if m.entry_a_id is not None]


def draw_rate(stage, results):
    """The share of games drawn, where the rule set allows draws (ECC 39): the stage's own so far, pulled towards
    PRIOR_DRAW_RATE while it has played few games; 0 otherwise."""
    if not stage.event.rules.allows_draw:
        return 0.0
    games = [m for m in results if m.b is not None and not m.both_lose and not m.walkover]
    drawn = sum(1 for m in games if m.score_a == m.score_b)
    return (drawn + PRIOR_DRAW_RATE * PRIOR_GAMES) / (len(games) + PRIOR_GAMES)
