"""Demo of a protest (ICF XVIII), loaded by `manage.py load_demo`.

In the Eurocup demo tournament, a four-player knockout under ICF rules: the first semi-final is played board by
board; at board 3 of game 1 side B protests the umpire's foul call, pays the scrutiny fee (ICF 145) and hands in
the written protest within 15 minutes (ICF 146). The match ends and is confirmed, but its result stays withheld
(ICF 150): the final waits for its first player. Log in as `secretary` or `chief` to decide it on the protest
queue; undecided an hour after it was lodged, the periodic task flags it overdue (ICF 151(c))."""

from decimal import Decimal

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from demo.brackets import knockout_of_four
from matches.scoring.scorecard import add_board
from matches.scoring.services import confirm_result
from protests import services
from protests.models import Protest, ProtestSettings
from stages.models import Match
from tournaments.models import Event

EVENT = "Knockout (ICF, protest demo)"


def win(side, coins, queen=False):
    """An ordinary finish (ICF 52, 53): `side` pocketed all his c/m first, `coins` of the opponent's left."""
    return {"winner": side, "coins_left_of_loser": coins, "queen": "covered_by_winner" if queen else None}


# Game 1, 25-3: 5+Q, B 3, 9+Q (12, ICF 55), 5. Game 2, 25-0: 12, 12, 1 (the queen counts up to 21: ICF 54).
GAME_1 = [win("A", 5, queen=True), win("B", 3), win("A", 9, queen=True), win("A", 5)]
GAME_2 = [win("A", 9, queen=True), win("A", 9, queen=True), win("A", 1)]


@transaction.atomic
def load(tournament, umpire):
    """Create the demo once (idempotent: an event that already has its bracket is left as it is). Returns what to
    tell the person who loaded it."""
    event, _new = Event.objects.get_or_create(tournament=tournament, name=EVENT, defaults={"rule_set": "icf"})
    stage = event.stages.first()
    if stage is None:
        stage = knockout_of_four(event, first=4)
        protested_semi_final(stage, umpire)
    protest = Protest.objects.filter(match__stage=stage).first()
    queue = reverse("protest-queue", args=[tournament.slug])
    if protest is None or protest.is_decided:
        return _("%(event)s: the protest is decided; see %(url)s") % {"event": EVENT, "url": queue}
    return _(
        "%(event)s: protest #%(number)s on semi-final 1 is lodged and its result withheld; decide it as secretary "
        "or chief by %(time)s (ICF 151(c)) at %(url)s"
    ) % {"event": EVENT, "number": protest.pk, "time": services.clock(protest.due_at), "url": queue}


def protested_semi_final(stage, umpire):
    if not ProtestSettings.objects.filter(tournament=stage.event.tournament).exists():
        services.set_fee(stage.event.tournament, Decimal("10.00"), "EUR")
    match = stage.matches.filter(round__number=1).order_by("number").first()
    Match.objects.filter(pk=match.pk).update(table=3, umpire=umpire)
    match.refresh_from_db()
    for board in GAME_1[:3]:
        add_board(match, None, board, user=umpire)
    protest = services.log_oral_protest(
        match,
        game_no=1,
        board_no=3,
        side="B",
        protester_name=str(match.entry_b),
        decision_appealed="Foul called on B: the striker was said to touch the queen before the stroke.",
        fee_paid=True,
        user=umpire,
    )
    for board in [*GAME_1[3:], *GAME_2]:  # ICF 150: play continues from where it stopped
        add_board(match, None, board, user=umpire)
    services.lodge_written(
        protest,
        "On board 3 of game 1 my striker touched only the striker line before the stroke, not the queen.",
        "The foul called on board 3 of game 1, which gave A the board.",
        user=umpire,
    )
    confirm_result(match, user=umpire, reason="Demo: score card signed; result withheld by the protest")
