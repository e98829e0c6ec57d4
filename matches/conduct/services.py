"""The referee's desk: warnings, the loss of the entire match (ICF 143), concessions (ICF 139) and the
disciplinary report an abusive protest opens (ICF 148). The rest before the deciding game is conduct.rest.

Each operation is one transaction on the locked match (select_for_update): of two officials recording at once, one
wins and the other is refused with the match as it now stands. What a rule set offers is rules.conduct's
catalogue; a refusal names the law or the reason, and nothing is saved."""

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import Conflict, NotAllowed, ServiceError
from matches.audit import log_change, signed_in, snapshot
from matches.conduct import display
from matches.conduct.models import Concession, ConductChange, DisciplinaryReport, MatchLoss, MatchWarning
from matches.models import ResultChange
from matches.permissions import is_match_umpire, is_official, tournament_of
from matches.scoring.scorecard import card_state, finish_if_over, open_card, start_on_first_entry
from matches.scoring.services import record_walkover
from matches.services import lock_match
from rules.conduct import conduct_laws
from stages.models import UNFINISHED, Match
from tournaments.models import EntryMember

S = Match.Status


def laws_of(match):
    return conduct_laws(match.stage.event.rules)


def may_record(user, match):
    """The umpire of the match, or a chief referee (or secretary) of its tournament."""
    return user is not None and user.is_authenticated and (is_match_umpire(user, match) or is_official(user, match))


def check_official(user, match):
    if not may_record(user, match):
        raise NotAllowed("user", display.may_not())


def refuse(action, laws):
    """The rule set has no law for `action`: say so, with its reason."""
    raise ServiceError(action, display.not_offered(laws.refusal(action)))


def check_in_play(match, law, statuses=(S.IN_PLAY,)):
    """A warning or a loss belongs to a match being played: not before it starts, not once it is over."""
    if match.status in statuses:
        return
    if match.status in UNFINISHED:
        raise ServiceError("match", display.not_started(law, match))
    raise Conflict("match", display.over(law, match))


def side_of(match, player):
    """ "a" or "b": the side `player` plays for in this match; refused if he does not play in it."""
    entries = {match.entry_a_id: "a", match.entry_b_id: "b"}
    entry_id = (
        EntryMember.objects.filter(player=player, entry_id__in=[k for k in entries if k])
        .values_list("entry_id", flat=True)
        .first()
    )
    if player is None or entry_id is None:
        raise ServiceError("player", _("This player does not play in this match."))
    return entries[entry_id]


def log(match, what, user, after, reason="", player=None, before=None):
    return ConductChange.objects.create(
        tournament=tournament_of(match),
        match=match,
        player=player,
        user=signed_in(user),
        what=what,
        before=before,
        after=after,
        reason=reason,
    )


def warnings_of(match, player, clause):
    return MatchWarning.objects.filter(match=match, player=player, clause=clause).count()


@transaction.atomic
def record_warning(match, player, user, note=""):
    """An umpire's warning to `player` (ICF 143(h): the warnings the loss for distraction needs)."""
    match = lock_match(match)
    check_official(user, match)
    laws = laws_of(match)
    if laws.warning_law is None:
        refuse("warning", laws)
    check_in_play(match, laws.warning_law)
    side = side_of(match, player)
    warning = MatchWarning.objects.create(
        match=match,
        player=player,
        side=side,
        clause=laws.warning_clause,
        law=laws.warning_law,
        note=note.strip(),
        recorded_by=signed_in(user),
    )
    count = warnings_of(match, player, laws.warning_clause)
    after = {"side": side, "law": warning.law, "clause": warning.clause, "warnings": count}
    log(match, ConductChange.What.WARNING, user, after, note.strip(), player)
    return warning


def loss_refusal(laws, clause, warnings):
    """Why `clause` cannot be recorded now, or None (ICF 143(h): only after the warnings it needs)."""
    if clause is None:
        return display.not_offered(laws.refusal("loss") or _("no such clause in this rule set"))
    if not clause.by_umpire:
        return display.applied_by_task(clause.law)
    if warnings < clause.warnings_needed:
        return display.needs_warnings(clause.law, clause.warnings_needed, warnings)
    return None


@transaction.atomic
def record_loss(match, player, clause_key, user, note=""):
    """`player` loses the entire match under `clause_key` (ICF 143 (a), (c)-(h)); the match ends as a walk-over
    naming the law."""
    match = lock_match(match)
    check_official(user, match)
    laws = laws_of(match)
    clause = laws.clause(clause_key)
    if clause is None or not clause.by_umpire:
        raise ServiceError("clause", loss_refusal(laws, clause, 0))
    check_in_play(match, clause.law)
    side = side_of(match, player)
    refusal = loss_refusal(laws, clause, warnings_of(match, player, clause.key))
    if refusal:
        raise ServiceError("clause", refusal)
    reason = display.loss_reason(clause, player, note)
    return end_with_loss(match, side, clause, user, reason, player=player, note=note)


def end_with_loss(match, side, clause, user, reason, player=None, note=""):
    """Record the MatchLoss and end the locked match as a walk-over for the other side, the law named."""
    before = snapshot(match)
    record_walkover(match, side, user=user, reason=reason)
    loss = MatchLoss.objects.create(
        match=match,
        player=player,
        side=side,
        clause=clause.key,
        law=clause.law,
        note=note.strip(),
        recorded_by=signed_in(user),
    )
    after = {"side": side, "law": clause.law, "clause": clause.key}
    log(match, ConductChange.What.LOSS, user, after, reason, player, before)
    return loss


@transaction.atomic
def concede(match, side, scope, user, game_no=None):
    """ICF 139: the player of `side` ("a"/"b") concedes the game in play or the match. A conceded game goes to
    the opponent with the points as they stand (rules.conduct.concede_game); a conceded match ends as a
    walk-over naming the law."""
    match = lock_match(match)
    check_official(user, match)
    laws = laws_of(match)
    if laws.concession_law is None:
        refuse("concession", laws)
    law = laws.concession_law
    if side not in ("a", "b"):
        raise ServiceError("side", _("Say which side, a or b, concedes."))
    check_in_play(match, law, statuses=(S.CALLED, S.IN_PLAY))
    if scope == Concession.Scope.MATCH:
        record_walkover(match, side, user=user, reason=display.concession_reason(law, match, side, None))
        game_no = None
    elif scope == Concession.Scope.GAME:
        game_no = concede_game_on_card(match, side, law, game_no, user)
    else:
        raise ServiceError("scope", _("Concede either the game or the match."))
    concession = Concession.objects.create(
        match=match, side=side, scope=scope, game_no=game_no, law=law, recorded_by=signed_in(user)
    )
    reason = display.concession_reason(law, match, side, game_no)
    log(match, ConductChange.What.CONCESSION, user, {"side": side, "scope": scope, "game": game_no}, reason)
    return concession


def concede_game_on_card(match, side, law, game_no, user):
    """Write the concession of the game in play on the score card (Match.card_extras) and let the card finish
    the game, and the match, as the rules say; returns the game's number."""
    boards = open_card(match)
    before = card_state(match, boards)
    if game_no is not None and game_no != before.current_game:
        message = _("%(law)s: game %(game)s is not in play; game %(in_play)s is")
        raise Conflict("game", message % {"law": law, "game": game_no, "in_play": before.current_game})
    game_no = before.current_game
    extras = {number: dict(entry) for number, entry in match.card_extras.items()}
    extras.setdefault(str(game_no), {})["conceded_by"] = side.upper()
    after = card_state(match, boards, extras)
    match.card_extras = extras
    start_on_first_entry(match, user)
    game = next(g for g in after.games if g.number == game_no).state
    outcome = {"game": game_no, "conceded_by": side.upper(), "scores": game.scores, "law": law}
    log_change(match, ResultChange.What.BOARD_ADDED, {"game": game_no}, outcome, user, law)
    finish_if_over(match, game_no, after, user)
    return game_no


@transaction.atomic
def open_abusive_protest_report(protest, user=None, note=""):
    """ICF 148: a protest in uncouth and abusive language is summarily rejected "and invite[s] disciplinary
    action": open the report on the player who protested. Idempotent per protest."""
    match = protest.match
    laws = laws_of(match)
    if laws.abusive_protest is None:
        refuse("abusive_protest", laws)
    existing = DisciplinaryReport.objects.filter(protest_id=protest.pk).first()
    if existing is not None:
        return existing
    side = str(getattr(protest, "side", "") or "").lower()
    entry_id = {"a": match.entry_a_id, "b": match.entry_b_id}.get(side)
    members = list(EntryMember.objects.filter(entry_id=entry_id).values_list("player_id", flat=True))
    report = DisciplinaryReport.objects.create(
        tournament=tournament_of(match),
        match=match,
        player_id=members[0] if len(members) == 1 else None,
        side=side if entry_id else "",
        source=DisciplinaryReport.Source.ABUSIVE_PROTEST,
        law=laws.abusive_protest,
        protest_id=protest.pk,
        note=note.strip(),
        opened_by=signed_in(user),
    )
    after = {"report": report.pk, "protest": protest.pk, "law": report.law, "side": report.side}
    log(match, ConductChange.What.REPORT, user, after, note.strip(), report.player)
    return report


def move_conduct_records(sender, kept, merged, **kwargs):
    """Two records of one person merged (tournaments.merging): their warnings, losses, disciplinary reports and
    the desk's audit log name the kept one, so the disciplinary record is one person's."""
    for model in (MatchWarning, MatchLoss, DisciplinaryReport, ConductChange):
        model.objects.filter(player=merged).update(player=kept)
