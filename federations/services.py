"""The secretary's and the delegates' operations, one transaction each. A refusal is a core.errors.ServiceError
naming the field at fault. A delegate's entry is an ordinary tournaments.Entry made by the service the secretary's
"Add an entry" uses (tournaments.entry_services.add_late_entry); it is refused when the delegation's quota in the
event is used up, when the event's entries are not open (registration.selectors.entries_open) or when the player
is already entered."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import ServiceError
from federations.models import DelegateAction, Delegation, Quota, SentEntry, new_key
from registration.selectors import entries_open
from tournaments import entry_services
from tournaments.consent import CONSENT_FIELDS, record_consent
from tournaments.countries import clean_country
from tournaments.models import Entry, Event, Player
from tournaments.services import withdraw_entry
from tournaments.signals import removal_refusal

# The events a federation sends players to: one player or a pair per entry (teams come another way).
QUOTA_KINDS = (Event.Kind.SINGLES, Event.Kind.DOUBLES)
# What a delegate gives of a player; nationality only when it is not the country.
DELEGATE_FIELDS = ("first_name", "last_name", "sex", "date_of_birth", "country", "nationality")
MAX_PLACES = 999


# ---------------------------------------------------------------- the secretary


def federation_club(name, country=""):
    """The club of that name, whatever its case, marked as a federation; made when there is none."""
    if not (name or "").strip():
        raise ServiceError("name", _("Give the federation's name, or choose a federation."))
    country = clean_country(country)
    try:
        club = entry_services.find_club(name, country)
    except ServiceError as error:  # the club's name too long: the form's field is the federation's name
        raise ServiceError("name", error.message) from None
    if not club.is_federation:
        club.is_federation = True
        club.save(update_fields=["is_federation"])
    return club


@transaction.atomic
def invite_federation(tournament, federation=None, name="", country="", quotas=None):
    """Invite a federation (a Club, or one found or made by `name` and `country`) to the tournament; its
    delegation is returned (the same one when it was invited already). `quotas`: {event: places}."""
    if federation is None:
        federation = federation_club(name, country)
    elif not federation.is_federation:
        raise ServiceError("federation", _("%(club)s is not a federation.") % {"club": federation})
    delegation, _created = Delegation.objects.get_or_create(tournament=tournament, federation=federation)
    if quotas:
        set_quotas(delegation, quotas)
    return delegation


@transaction.atomic
def set_quotas(delegation, quotas):
    """Set how many entries the delegation may send to each event: {event: places}; 0 takes the event away.
    A quota below what the delegation has already sent there is refused."""
    delegation = Delegation.objects.select_for_update().get(pk=delegation.pk)
    for event, places in quotas.items():
        field = f"event_{event.pk}"
        if event.tournament_id != delegation.tournament_id or event.kind not in QUOTA_KINDS:
            raise ServiceError(field, _("A federation sends players to the singles and doubles events only."))
        if places is None or places < 0 or places > MAX_PLACES:
            raise ServiceError(field, _("A quota is a whole number from 0 to %(max)s.") % {"max": MAX_PLACES})
        used = used_places(delegation, event)
        if places < used:
            message = ngettext(
                "%(federation)s has already sent %(count)s entry to %(event)s.",
                "%(federation)s has already sent %(count)s entries to %(event)s.",
                used,
            )
            raise ServiceError(
                field, message % {"federation": delegation.federation, "count": used, "event": event.name}
            )
        Quota.objects.update_or_create(delegation=delegation, event=event, defaults={"places": places})
    return delegation


@transaction.atomic
def revoke_link(delegation):
    """The delegate's old link stops working; the delegation gets a new one."""
    delegation = Delegation.objects.select_for_update().get(pk=delegation.pk)
    delegation.key = new_key()
    delegation.times_revoked += 1
    delegation.save(update_fields=["key", "times_revoked"])
    return delegation


@transaction.atomic
# ---------------------------------------------------------------- the delegate


def used_places(delegation, event):
    """The entries the delegation sent to the event that still play (a withdrawn one gives its place back)."""
    sent = SentEntry.objects.filter(delegation=delegation, entry__event=event, entry__withdrawn=False)
    return sent.count()


def places_of(delegation, event):
    quota = Quota.objects.filter(delegation=delegation, event=event).first()
    return quota.places if quota else 0


def check_open(event, field="event"):
    if not entries_open(event):
        raise ServiceError(field, _("Entries to %(event)s are not open.") % {"event": event.name})


def check_player(fields, suffix=""):
    """A delegate's player: known fields only, the nationality three letters (and left out when it is the
    country)."""
    unknown = set(fields) - set(DELEGATE_FIELDS)
    if unknown:
        raise ValueError(f"Not a delegate's player field: {', '.join(sorted(unknown))}")
    cleaned = {name: value for name, value in fields.items() if value not in (None, "")}
    nationality = clean_country(cleaned.pop("nationality", ""), "nationality" + suffix)
    if cleaned.get("sex", Player.Sex.MALE) not in Player.Sex.values:
        raise ServiceError("sex" + suffix, _("Choose the player's sex."))
    country = (cleaned.get("country") or "").strip().upper()
    if nationality and nationality != country:
        cleaned["nationality"] = nationality
    return cleaned


def record(delegation, kind, entry, event=None):
    return DelegateAction.objects.create(
        delegation=delegation,
        kind=kind,
        event=event or entry.event,
        entry=entry if kind != DelegateAction.Kind.REMOVED else None,
        entry_name=entry.name,
        at=timezone.now(),
    )


@transaction.atomic
def delegate_enter(delegation, event, players):
    """The delegate enters a player (a pair in doubles) in `event`: `players`, dicts of DELEGATE_FIELDS in member
    order. The players are the federation's (a new player gets it as their club)."""
    # Locked so that two of the delegation's entries at the same moment cannot both take its last place.
    delegation = Delegation.objects.select_for_update().select_related("federation").get(pk=delegation.pk)
    if event.tournament_id != delegation.tournament_id:
        raise ServiceError("event", _("This event is not in the tournament."))
    check_open(event)
    places = places_of(delegation, event)
    used = used_places(delegation, event)
    if used >= places:
        if places:
            message = ngettext(
                "%(federation)s has used its %(places)s place in %(event)s.",
                "%(federation)s has used all its %(places)s places in %(event)s.",
                places,
            )
        else:
            message = _("%(federation)s has no places in %(event)s.")
        raise ServiceError(
            "event", message % {"federation": delegation.federation, "places": places, "event": event.name}
        )
    new_players, answers = [], []
    for position, fields in enumerate(players, 1):
        fields = dict(fields)
        answers.append({name: fields.pop(name) for name in CONSENT_FIELDS if fields.get(name) is not None})
        cleaned = check_player(fields, "" if position == 1 else f"_{position}")
        new_players.append({**cleaned, "club": delegation.federation})
    entry = entry_services.add_late_entry(event, new_players=new_players)
    SentEntry.objects.create(entry=entry, delegation=delegation)
    record(delegation, DelegateAction.Kind.ENTERED, entry)
    for member, said in zip(entry.members.order_by("position").select_related("player"), answers, strict=True):
        if said:  # what the player agreed through their federation
            record_consent(member.player, Player.ConsentSource.DELEGATE, **said)
    return Entry.objects.get(pk=entry.pk)  # its name written again where a player keeps theirs private


def sent_entry(delegation, entry_id):
    """The entry of that id the delegation sent, or a refusal."""
    entry = Entry.objects.select_related("event").filter(pk=entry_id, sent_by__delegation=delegation).first()
    if entry is None:
        raise ServiceError("entry", _("Your federation did not send this entry."))
    return entry


@transaction.atomic
def delegate_correct(delegation, entry, corrections):
    """The delegate corrects the players of an entry it sent, while entries are open: `corrections`, pairs
    (player, {field: value}) of DELEGATE_FIELDS; a field left out is left as it is."""
    entry = sent_entry(delegation, entry.pk)
    check_open(entry.event)
    members = set(entry.players.values_list("pk", flat=True))
    for position, (player, changes) in enumerate(corrections, 1):
        if player.pk not in members:
            raise ServiceError("entry", _("This player is not in the entry."))
        suffix = "" if position == 1 else f"_{position}"
        nationality = changes.get("nationality")
        fields = {name: changes[name] for name in DELEGATE_FIELDS if name in changes and name != "nationality"}
        for name in ("last_name", "sex", "country"):
            if name in fields:
                fields[name] = fields[name] or ""
        if fields.get("sex") and fields["sex"] not in Player.Sex.values:
            raise ServiceError("sex" + suffix, _("Choose the player's sex."))
        if nationality is not None:
            nationality = clean_country(nationality, "nationality" + suffix)
        try:
            player = entry_services.update_player(player, **fields)
        except ServiceError as error:
            raise ServiceError(error.field + suffix, error.message) from None
        if nationality is not None:
            player.nationality = "" if nationality == player.country else nationality
            player.save(update_fields=["nationality"])
    entry.refresh_from_db()
    record(delegation, DelegateAction.Kind.CORRECTED, entry)
    return entry


@transaction.atomic
def delegate_remove(delegation, entry):
    """The delegate takes back an entry it sent, while entries are open: removed before any draw of its event,
    withdrawn after (its played matches stand). Either way its place in the quota is free again."""
    entry = sent_entry(delegation, entry.pk)
    check_open(entry.event, "entry")
    event = entry.event
    if removal_refusal(event):
        withdraw_entry(entry, True)
        entry.refresh_from_db()
        record(delegation, DelegateAction.Kind.WITHDRAWN, entry)
        return entry
    record(delegation, DelegateAction.Kind.REMOVED, entry, event)
    entry_services.remove_entry(entry)
    return entry
