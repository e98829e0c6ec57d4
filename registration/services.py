"""The operations on an event's entries window and its sign-ups, one transaction each.

A sign-up from the public form is pending until its owner confirms it from the link they were e-mailed (a random
token stored on the row, working SIGN_UP_CONFIRM_HOURS). Confirmed, it becomes an ordinary entry through the very
service of the secretary's "Add an entry" (tournaments.entry_services.add_late_entry: a drawn Swiss stage pairs it
from its next round) while the event is under its cap; otherwise it waits on the event's waiting list, in the order
of confirmation.

The first waiting sign-up is entered (and told by e-mail) when a place frees up: an entry of the event withdrawn
(tournaments.signals.entry_withdrawn) or removed before the draw (once that has committed), or the cap raised.
Only while entries are open, or, once they are closed, until a stage of the event is drawn: after the draw with
entries closed the list is kept as it stands, and the secretary enters someone by hand if a place is to be
filled."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from registration import display
from registration.models import EventRegistration, SignUp
from registration.selectors import entries_open, registration_of
from tournaments.consent import record_consent
from tournaments.eligibility import check_eligible, details_read
from tournaments.entry_services import (
    add_late_entry,
    check_not_entered,
    clean_player_fields,
    known_club,
    new_or_known_player,
)
from tournaments.invitations import site_url
from tournaments.mail import Mail
from tournaments.models import Entry, Event, Player, player_identity
from tournaments.signals import drawn_stages
from tournaments.tasks import send_later

FIELDS = ("opens_at", "closes_at", "closed", "cap", "public_sign_up")
NO_PUBLIC_FORM = gettext_lazy("This event takes no sign-ups from its public page.")
SIGN_UP_FIELDS = ("first_name", "last_name", "club", "country", "email", "partner_first_name", "partner_last_name")
DETAILS = ("sex", "date_of_birth")  # asked where the event's eligibility reads them (details_asked)
CONSENT = {"publish_name": True, "publish_rating": True, "publish_portrait": False}  # unasked: what the player accepts


@transaction.atomic
def set_registration(event, **fields):
    """Open, change or close the event's entries window (`fields` among FIELDS). A cap raised (or lifted), or
    entries opened again, lets the waiting list in as far as there is room."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise ValueError(f"Not a registration field: {', '.join(sorted(unknown))}")
    window, _created = EventRegistration.objects.select_for_update().get_or_create(event=event)
    for name, value in fields.items():
        setattr(window, name, value)
    if window.opens_at and window.closes_at and window.closes_at <= window.opens_at:
        raise ServiceError("closes_at", _("Entries must close after they open."))
    window.save()
    promote_waiting(event)
    return window


def close_entries(event):
    """Close the event's entries now: the public form and the delegates take no more."""
    return set_registration(event, closed=True)


# ---------------------------------------------------------------- signing up


def confirm_hours():
    return settings.SIGN_UP_CONFIRM_HOURS


def expires_at(sign_up):
    return sign_up.created_at + timedelta(hours=confirm_hours())


def is_expired(sign_up, now=None):
    return sign_up.status == SignUp.Status.PENDING and (now or timezone.now()) >= expires_at(sign_up)


def sign_up_refusal(event):
    """Why the public form takes no sign-up for `event` now, or None."""
    window = registration_of(event)
    if event.kind not in (Event.Kind.SINGLES, Event.Kind.DOUBLES) or window is None or not window.public_sign_up:
        return NO_PUBLIC_FORM
    if not entries_open(event):
        return _("Entries for %(event)s are not open.") % {"event": event.name}
    return None


@transaction.atomic
def sign_up(event, fields, language="", site=""):
    """A pending sign-up from the public form, and the e-mail carrying its confirmation link (absolute from
    DJANGO_SITE_URL, else from `site`, the address the form was posted to). `fields` among SIGN_UP_FIELDS."""
    event = Event.objects.select_for_update().select_related("tournament").get(pk=event.pk)
    refusal = sign_up_refusal(event)
    if refusal:
        raise ServiceError("__all__", refusal)
    fields = clean_sign_up(event, fields)
    key = fields["email"].strip().casefold()
    earlier = SignUp.objects.filter(event=event, email_key=key).first()
    if earlier is not None:
        if not is_expired(earlier):
            raise ServiceError("email", _("This address has already signed up for %(event)s.") % {"event": event.name})
        earlier.delete()  # never confirmed: the address may sign up again
    row = SignUp.objects.create(event=event, language=language, token=secrets.token_urlsafe(32), **fields)
    link = site_url(confirmation_path(row), site)
    with translation.override(language or event.tournament.language or settings.LANGUAGE_CODE):
        subject, body = display.confirmation_mail(row, link, confirm_hours())
    send_later(event.tournament, [Mail(row.email, subject, body, row.first_name + " " + row.last_name, language)])
    return row


def confirmation_path(row):
    return reverse("sign-up-confirm", args=[row.event.tournament.slug, row.token])


def details_asked(event):
    """What the sign-up form asks of each player besides names and country: the sex and the date of birth where
    the event's eligibility reads them (a women's or a juniors' event), so that a sign-up is refused, with the
    reason, before its confirmation e-mail rather than after."""
    return details_read(event)


def clean_sign_up(event, fields):
    """The form's fields as stored: names trimmed, the country in capitals; refused when a player of those names
    and country is already entered in the event, or may not enter it (tournaments.eligibility)."""
    given = fields
    fields = {name: (given.get(name) or "").strip() for name in SIGN_UP_FIELDS}
    asked = details_asked(event)
    for prefix in ("", "partner_"):
        for name in DETAILS:
            value = given.get(prefix + name) if name in asked else None
            fields[prefix + name] = value or ("" if name == "sex" else None)
    fields.update({name: bool(given.get(name, default)) for name, default in CONSENT.items()})
    fields["club"] = " ".join(fields["club"].split())
    player = clean_player_fields({name: fields[name] for name in ("first_name", "last_name", "country")})
    if not player["last_name"]:
        raise ServiceError("last_name", _("Give your last name."))
    if not player["country"]:
        raise ServiceError("country", _("Give your country (three letters, e.g. IND or FRA)."))
    fields.update(player)
    people = [player]
    if event.kind == Event.Kind.DOUBLES:
        partner = clean_player_fields(
            {"first_name": fields["partner_first_name"], "last_name": fields["partner_last_name"]}, "_partner"
        )
        if not partner["last_name"]:
            raise ServiceError("partner_last_name", _("Give your partner's last name."))
        fields["partner_first_name"], fields["partner_last_name"] = partner["first_name"], partner["last_name"]
        people.append({**partner, "country": player["country"]})
    else:
        fields["partner_first_name"] = fields["partner_last_name"] = ""
    identities = [player_identity(p["first_name"], p["last_name"], p["country"]) for p in people]
    if len(set(identities)) != len(identities):
        raise ServiceError("partner_first_name", _("A player cannot be both members of one pair."))
    known = Player.objects.filter(identity__in=identities)
    check_not_entered(event, known, "first_name")
    check_eligible(event, would_be_players(fields, identities), field="__all__")
    return fields


def would_be_players(fields, identities):
    """The players the sign-up would enter, unsaved: the known player of each identity, or a new one, with the
    sex and date of birth the form gave where the record has none (as enter() will save them), and the club of
    the name given where there is one (a federation-members event reads it)."""
    known = {player.identity: player for player in Player.objects.filter(identity__in=identities).order_by("-pk")}
    club = known_club(fields["club"])
    players = []
    for prefix, identity in zip(("", "partner_"), identities, strict=False):
        player = known.get(identity) or Player(
            first_name=fields[prefix + "first_name"],
            last_name=fields[prefix + "last_name"],
            country=fields["country"],
            club=club,
        )
        player.sex = player.sex or fields[prefix + "sex"]
        player.date_of_birth = player.date_of_birth or fields[prefix + "date_of_birth"]
        players.append(player)
    return players


# ---------------------------------------------------------------- confirming and the waiting list


@transaction.atomic
def confirm(token):
    """Confirm the sign-up of `token`: entered when the event has room, else on its waiting list. Confirming
    again changes nothing. Refused when the link has expired."""
    row = SignUp.objects.select_related("event__tournament").filter(token=token).first()
    if row is None:
        raise ServiceError("token", _("This confirmation link is not valid."))
    event = Event.objects.select_for_update().get(pk=row.event_id)
    row = SignUp.objects.select_for_update().select_related("event__tournament").get(pk=row.pk)
    if row.status != SignUp.Status.PENDING:
        return row
    if is_expired(row):
        raise ServiceError("token", _("This confirmation link has expired: sign up again."))
    row.status, row.confirmed_at = SignUp.Status.WAITING, timezone.now()
    row.save(update_fields=["status", "confirmed_at"])
    if has_room(event) and may_promote(event):
        enter(row)
    return row


def has_room(event):
    window = registration_of(event)
    if window is None or window.cap is None:
        return True
    return Entry.objects.filter(event=event, withdrawn=False).count() < window.cap


def may_promote(event):
    """A confirmed sign-up is entered while entries are open, or, after they closed, until a stage is drawn."""
    return entries_open(event) or not drawn_stages(event)


def enter(row):
    """The sign-up made an entry of its event, as the secretary's "Add an entry" makes one; its players keep the
    address they gave (Player.email, where the player has none yet)."""
    player = person_of(row, "", email=row.email)
    # The form asked: its answer is recorded before the entry is made, so that the entry's name is the one the
    # player agreed to. A known player's earlier answer gives way to it only when the address confirmed is the
    # player's own: a stranger signing up under someone's name does not change what is published of them.
    if player.email.strip().casefold() == row.email_key:
        answers = {name: getattr(row, name) for name in CONSENT}
        player = record_consent(player, Player.ConsentSource.SIGN_UP, when=row.confirmed_at, **answers)
    players = [player, person_of(row, "partner_")] if row.partner_first_name else [player]
    row.entry = add_late_entry(row.event, players=players)
    row.status, row.entered_at = SignUp.Status.ENTERED, timezone.now()
    row.save(update_fields=["entry", "status", "entered_at"])
    return row


def person_of(row, prefix, email=""):
    """The player the sign-up names (`prefix` "partner_" for the partner), known or new, given the details the
    form asked where the record lacks them (and `email`, where it has no address yet)."""
    player = new_or_known_player(
        {
            "first_name": getattr(row, prefix + "first_name"),
            "last_name": getattr(row, prefix + "last_name"),
            "club": row.club,
            "country": row.country,
        }
    )
    given = {"sex": getattr(row, prefix + "sex"), "date_of_birth": getattr(row, prefix + "date_of_birth")}
    given["email"] = email
    missing = [name for name, value in given.items() if value and not getattr(player, name)]
    for name in missing:
        setattr(player, name, given[name])
    if missing:
        player.save(update_fields=missing)
    return player


def waiting_list(event):
    return SignUp.objects.filter(event=event, status=SignUp.Status.WAITING).order_by("confirmed_at", "pk")


@transaction.atomic
def promote_waiting(event, site=""):
    """Enter the waiting sign-ups, first confirmed first, as far as the event has room, and tell each by e-mail.
    Returns those entered. One that can no longer be entered (its player entered meanwhile by the secretary) is
    passed over and stays on the list."""
    event = Event.objects.select_for_update().select_related("tournament").get(pk=event.pk)
    if not waiting_list(event).exists() or not may_promote(event):
        return []
    entered = []
    for row in waiting_list(event).select_related("event__tournament"):
        if not has_room(event):
            break
        try:
            with transaction.atomic():
                enter(row)
        except ServiceError:
            continue
        entered.append(row)
    if entered:
        tell_entered(event, entered, site)
    return entered


def promote_waiting_of(event_id):
    """promote_waiting for the event of this id, once an entry of it was removed (its place is free); nothing when
    the event itself is gone."""
    event = Event.objects.filter(pk=event_id).first()
    return promote_waiting(event) if event is not None else []


def tell_entered(event, rows, site=""):
    url = site_url(event.get_absolute_url(), site)
    mails = []
    for row in rows:
        with translation.override(row.language or event.tournament.language or settings.LANGUAGE_CODE):
            subject, body = display.promoted_mail(row, url)
        mails.append(Mail(row.email, subject, body, f"{row.first_name} {row.last_name}", row.language))
    send_later(event.tournament, mails)


@transaction.atomic
def remove_sign_up(event, pk):
    """The secretary takes a sign-up off the list (pending or waiting). One that became an entry stays: its entry
    is withdrawn or removed on the entry's page."""
    row = SignUp.objects.select_for_update().filter(event=event, pk=pk).first()
    if row is None:
        raise ServiceError("sign_up", _("There is no such sign-up for this event."))
    if row.status == SignUp.Status.ENTERED:
        raise ServiceError("sign_up", _("%(name)s is entered: withdraw the entry instead.") % {"name": row.name})
    row.delete()
    return row
