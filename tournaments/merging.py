"""One person, two player records ("Asha Rao" entered twice, or imported from SoL twice): merging them into one.

The record kept takes everything of the other: its entries, notifications and phones, its account, what it alone
knows (a date of birth, a club, an e-mail address...), and, through the apps above this floor (the signal
`players_merging`), its line-ups, conduct records, personal links, rates, SoL guid and portrait. Then the other
record is deleted. Results belong to entries, not to players, so no standing changes.

Refused when the two records play in one entry or in one event (two entries of one event are two competitors: one
person cannot be both), and when each has an account of its own (one person, one log-in: unlink one first)."""

from django.db import transaction
from django.utils.translation import gettext as _

from core import page_cache
from core.errors import ServiceError
from tournaments.eligibility_models import EligibilityException
from tournaments.entry_services import refresh_entry_names
from tournaments.models import EntryMember, Event, Notification, Player, PushSubscription
from tournaments.rollcall_models import Presence
from tournaments.signals import players_merging

# What the kept record takes from the merged one where it has nothing of its own.
FILLED_FIELDS = ("sex", "date_of_birth", "country", "nationality", "club", "rating", "email", "guid")


def merge_refusal(kept, merged):
    """Why `merged` cannot be merged into `kept` (a ServiceError on the field "merged"), or None."""
    if kept.pk == merged.pk:
        return ServiceError("merged", _("A player cannot be merged with itself."))
    shared = Event.objects.filter(entries__members__player=kept).filter(entries__members__player=merged)
    event = shared.select_related("tournament").order_by("pk").first()
    if event is not None:
        same_entry = EntryMember.objects.filter(player=kept, entry__members__player=merged).exists()
        message = (
            _("%(kept)s and %(merged)s play together in %(event)s: they are two people.")
            if same_entry
            else _("%(kept)s and %(merged)s both play in %(event)s: one person cannot play twice in an event.")
        )
        return ServiceError("merged", message % {"kept": kept, "merged": merged, "event": event})
    if kept.user_id and merged.user_id and kept.user_id != merged.user_id:
        return ServiceError("merged", _("Both players have an account of their own: unlink one of them first (admin)."))
    return None


def reverse_relations():
    """Every relation pointing at Player (hidden ones too, e.g. related_name="+"), but the entries' many-to-many,
    which its through model EntryMember stands for."""
    return [
        relation
        for relation in Player._meta.get_fields(include_hidden=True)
        if relation.auto_created and not relation.concrete and not relation.many_to_many
    ]


def rows_naming(player):
    """The labels of the models that still have rows naming `player`."""
    return sorted(
        relation.related_model._meta.label
        for relation in reverse_relations()
        if relation.related_model._base_manager.filter(**{relation.field.name: player.pk}).exists()
    )


@transaction.atomic
def merge_players(kept, merged):
    """Merge the player `merged` into `kept` (both Player); returns `kept` as saved. Raises ServiceError."""
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[kept.pk, merged.pk]).order_by("pk")}
    if kept.pk not in locked or merged.pk not in locked:
        raise ServiceError("merged", _("This player no longer exists."))
    kept, merged = locked[kept.pk], locked[merged.pk]
    refusal = merge_refusal(kept, merged)
    if refusal is not None:
        raise refusal
    tournaments = set(
        EntryMember.objects.filter(player__in=[kept, merged]).values_list("entry__event__tournament", flat=True)
    )
    players_merging.send(sender=Player, kept=kept, merged=merged)
    EntryMember.objects.filter(player=merged).update(player=kept)
    move_notifications(kept, merged)
    PushSubscription.objects.filter(player=merged).update(player=kept)
    move_exceptions(kept, merged)
    Presence.objects.filter(player=merged).update(player=kept)  # who said "I am here" at a roll call
    fill_blanks(kept, merged)
    left = rows_naming(merged)
    if left:  # an app that keeps rows naming players did not move them: stop rather than lose them
        raise ServiceError("merged", _("Records still name the merged player: %(models)s.") % {"models": left})
    merged.delete()
    kept.save()
    refresh_entry_names(kept)
    page_cache.changed(tournaments)
    return kept


def move_exceptions(kept, merged):
    """An event that admitted both against its rules keeps the kept player's exception (and its reason)."""
    events = EligibilityException.objects.filter(player=kept).values("event")
    EligibilityException.objects.filter(player=merged, event__in=events).delete()
    EligibilityException.objects.filter(player=merged).update(player=kept)


def move_notifications(kept, merged):
    """A notification both were given (the same key) is kept once, the kept player's."""
    keys = Notification.objects.filter(player=kept).exclude(key="").values("key")
    Notification.objects.filter(player=merged, key__in=keys).delete()
    Notification.objects.filter(player=merged).update(player=kept)


def fill_blanks(kept, merged):
    """The kept record takes the account and the facts only the merged one has (SoL's merge does the same)."""
    account, guid = merged.user, merged.guid
    if merged.user_id or merged.guid:  # both unique: freed before the kept record takes them
        merged.user, merged.guid = None, None
        merged.save(update_fields=["user", "guid"])
    if kept.user_id is None:
        kept.user = account
    for name in FILLED_FIELDS:
        value = guid if name == "guid" else getattr(merged, name)
        if value not in (None, "") and getattr(kept, name) in (None, ""):
            setattr(kept, name, value)
