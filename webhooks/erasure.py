"""An erased player (tournaments.consent.erase_player) is gone from what the webhook still holds: the payloads of
the deliveries kept (waiting, not delivered, or delivered in the last 30 days) name the player's entries by their new
name, as every page does from then on. What the receivers were sent before is theirs."""

from tournaments.models import Entry, EntryMember
from webhooks.models import Delivery


def on_player_erasing(sender, player, **kwargs):
    """The receiver of tournaments.signals.player_erasing (sent after the player's name is replaced)."""
    entries = Entry.objects.filter(pk__in=EntryMember.objects.filter(player=player).values("entry_id"))
    names = {}
    for entry in entries.select_related("event"):
        entry.refresh_name()
        names[entry.pk] = entry.name
    if not names:
        return
    tournaments = Entry.objects.filter(pk__in=list(names)).values("event__tournament_id")
    kept = Delivery.objects.filter(webhook__tournament__in=tournaments)
    for row in kept.select_for_update(of=("self",)):
        if renamed(row.payload, names):
            row.save(update_fields=["payload"])


def renamed(payload, names):
    """Rename the payload's entries (`entry_a`, `entry_b` of its `match` or `matches`) found in `names`; whether any
    was."""
    changed = False
    for match in [payload.get("match") or {}, *(payload.get("matches") or [])]:
        for side in ("entry_a", "entry_b"):
            entry = match.get(side)
            if entry and entry.get("id") in names:
                entry["name"] = names[entry["id"]]
                changed = True
    return changed
