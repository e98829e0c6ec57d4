"""Keeping a knockout's bracket in step with its results. The first-round lines are stored; who plays whom after
that is derived from them and the decided results by the engine (stages.draws.knockout), then stored on the
matches so that pages, sheets and the API read it without recomputing."""

from django.utils.translation import gettext as _

from core import page_cache
from stages.draws import knockout
from stages.draws.errors import DrawError
from stages.errors import StageError
from stages.models import Match


def sync_bracket(stage):
    """Recompute the bracket from the first-round lines and every decided result, and store who plays whom.

    Called after every result, walkover or withdrawal: winners advance, walkovers and withdrawals advance the
    opponent. A changed result that would remove a player who has already played on is refused."""
    matches = list(stage.matches.select_related("round").order_by("round__number", "number"))
    third_round = next((m.round.number for m in matches if m.round.name == knockout.THIRD_PLACE), None)

    def key(match):
        return (0, 0) if match.round.number == third_round else (match.round.number, match.number - 1)

    lines = [[m.entry_a_id, m.entry_b_id] for m in matches if m.round.number == 1]
    results, walkovers = {}, {}
    for m in matches:
        if m.result_withheld:  # ICF 150: a protested result advances nobody until the protest is decided
            continue
        if m.status == Match.Status.CONFIRMED:
            results[key(m)] = m.winner_id
        elif m.status == Match.Status.WALKOVER and m.winner_id:
            walkovers[key(m)] = m.entry_b_id if m.winner_id == m.entry_a_id else m.entry_a_id
        elif m.status == Match.Status.WALKOVER and m.forfeited == "ab":  # both absent: nobody advances
            walkovers[key(m)] = (m.entry_a_id, m.entry_b_id)
    withdrawn = set(stage.event.entries.filter(withdrawn=True).values_list("pk", flat=True))
    try:
        bracket = knockout.advance(lines, results, walkovers, withdrawn, third_place=third_round is not None)
    except DrawError as error:
        raise StageError(_("The bracket cannot follow this change: %(reason)s") % {"reason": error.message}) from None

    by_key = {km.key: km for km in bracket.matches()}
    changed = []
    for m in matches:
        km = by_key[key(m)]
        before = (m.entry_a_id, m.entry_b_id, m.winner_id, m.status)
        if m.round.number != 1:
            m.entry_a_id, m.entry_b_id = km.a, km.b
        if km.decided and km.walkover and m.status not in (Match.Status.WALKOVER, Match.Status.CONFIRMED):
            m.winner_id, m.status = km.winner, Match.Status.BYE
        elif not km.decided and m.status == Match.Status.BYE:
            m.winner_id, m.status = None, Match.Status.SCHEDULED
        if (m.entry_a_id, m.entry_b_id, m.winner_id, m.status) != before:
            changed.append(m)
    Match.objects.bulk_update(changed, ["entry_a", "entry_b", "winner", "status"])
    if changed:  # bulk writes send no signals; only this stage's matches changed
        page_cache.changed([stage.event.tournament_id], [stage.pk])
    return bracket
