"""Read-only views of the referee's desk: the conduct panel of a match (what the rule set offers, to whom, and
why not), and the disciplinary record of a tournament, per player."""

from collections import defaultdict

from matches.conduct.models import ConductChange, DisciplinaryReport, MatchLoss, MatchWarning, RestInterval
from matches.conduct.services import laws_of, loss_refusal, may_record
from stages.models import Match
from tournaments.models import EntryMember

S = Match.Status


def match_players(match):
    """[(side, player)] of the match, side A's players first."""
    members = EntryMember.objects.filter(entry_id__in=[match.entry_a_id, match.entry_b_id]).select_related("player")
    side = {match.entry_a_id: "a", match.entry_b_id: "b"}
    return sorted(((side[m.entry_id], m.player) for m in members), key=lambda pair: (pair[0], str(pair[1])))


def match_panel(match, user):
    """Everything the conduct panel of a match shows, for `user`."""
    laws = laws_of(match)
    warnings = list(MatchWarning.objects.filter(match=match).select_related("player", "recorded_by"))

    def given(player, clause_key):
        return sum(1 for w in warnings if w.player_id == player.pk and w.clause == clause_key)

    players = [
        {
            "side": side,
            "player": player,
            "warnings": given(player, laws.warning_clause),
            "losses": [
                {"clause": clause, "refusal": loss_refusal(laws, clause, given(player, clause.key))}
                for clause in laws.losses
                if clause.by_umpire
            ],
        }
        for side, player in match_players(match)
    ]
    rest = RestInterval.objects.filter(match=match).first()
    return {
        "match": match,
        "laws": laws,
        "players": players,
        "warnings": warnings,
        "loss": MatchLoss.objects.filter(match=match).select_related("player").first(),
        "concessions": list(match.concessions.all()),
        "rest": rest,
        "rest_running": rest is not None and match.rest_deadline is not None,
        "can_record": may_record(user, match),
        "in_play": match.status == S.IN_PLAY,
        "can_concede": match.status in (S.CALLED, S.IN_PLAY),
        "refusals": {key: laws.refusal(key) for key in ("warning", "concession", "rest", "loss")},
    }


def _who(row, match):
    if row.player_id:
        return row.player_id, str(row.player)
    entry = match.entry_a if row.side == "a" else match.entry_b
    return f"entry-{entry.pk}" if entry else "unknown", str(entry or "—")


def disciplinary_record(tournament):
    """Per player (a doubles side when no partner is named): their warnings, losses under ICF 143 and reports of
    abusive protests, oldest first; players by name."""
    related = ("player", "match__round", "match__entry_a", "match__entry_b", "recorded_by")
    in_tournament = {"match__stage__event__tournament": tournament}
    people = defaultdict(lambda: {"name": "", "warnings": [], "losses": [], "reports": []})
    for kind, rows in (
        ("warnings", MatchWarning.objects.filter(**in_tournament).select_related(*related)),
        ("losses", MatchLoss.objects.filter(**in_tournament).select_related(*related)),
        (
            "reports",
            DisciplinaryReport.objects.filter(tournament=tournament).select_related(
                "player", "match__round", "match__entry_a", "match__entry_b", "opened_by"
            ),
        ),
    ):
        for row in rows:
            key, name = _who(row, row.match) if row.match_id else (row.player_id, str(row.player or "—"))
            people[key]["name"] = name
            people[key][kind].append(row)
    return sorted(people.values(), key=lambda person: person["name"].casefold())


def conduct_log(tournament):
    """The audit log of the referee's desk, newest first."""
    return (
        ConductChange.objects.filter(tournament=tournament)
        .select_related("user", "player", "match__round")
        .order_by("-at", "-pk")
    )
