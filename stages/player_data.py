"""A player's matches, for the copy of their data the secretary hands them (tournaments.consent.player_data)."""

from django.db.models import Q

from stages.models import Match


def answer_player_data(sender, player, **kwargs):
    entries = list(player.memberships.values_list("entry_id", flat=True))
    matches = (
        Match.objects.filter(Q(entry_a__in=entries) | Q(entry_b__in=entries))
        .select_related("stage__event__tournament", "round", "entry_a", "entry_b", "winner")
        .order_by("stage__event__tournament__start_date", "stage__order", "round__number", "number")
    )
    rows = []
    for match in matches:
        own = "a" if match.entry_a_id in entries else "b"
        other = match.entry_b if own == "a" else match.entry_a
        rows.append(
            {
                "tournament": match.stage.event.tournament.name,
                "event": match.stage.event.name,
                "stage": match.stage.name,
                "round": match.round.display_name,
                "opponent": other.name if other else None,
                "score": getattr(match, f"score_{own}"),
                "opponent_score": getattr(match, f"score_{'b' if own == 'a' else 'a'}"),
                "status": match.status,
                "won": None if match.winner_id is None else match.winner_id in entries,
            }
        )
    return {"matches": rows}
