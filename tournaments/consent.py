"""A player's say over what is published of them, and their data on request (the secretary's operations).

- What a player agreed to publish: their name, club and country; their portrait; their rating, with where the
  answer came from (Player.ConsentSource) and when. Never asked, the defaults hold: name and rating published
  (what a player accepts by entering a public tournament, as SoL reads a player who played since 2020), the
  portrait only with a yes.
- A player who keeps their name private is shown by Player.shown_name, everywhere the public looks: an entry's
  name is written from its players' shown names, so every public page, PDF and export follows.
- Everything held about one player (player_data), for a copy on request; and erasing a player (erase_player): the
  personal fields cleared, the name replaced by a pseudonym, the results kept, so nobody else's standings change.
  The floors above add what they hold through tournaments.signals (player_data_asked, player_erasing)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import page_cache
from core.errors import ServiceError
from tournaments.entry_services import refresh_entry_names
from tournaments.models import Entry, EntryMember, Notification, Player
from tournaments.outbox_models import OutgoingMail
from tournaments.signals import player_data_asked, player_erasing

CONSENT_FIELDS = ("publish_name", "publish_portrait", "publish_rating")
ALIAS_LENGTH = Player._meta.get_field("alias").max_length


def pseudonym(player):
    return _("Player %(number)s") % {"number": player.pk}


@transaction.atomic
def record_consent(player, source, when=None, **answers):
    """Record what `player` agreed to publish (any of publish_name, publish_portrait, publish_rating, and the
    `alias` shown instead of a private name), said through `source` (a Player.ConsentSource) at `when` (now).
    The player's entries are renamed at once, and their tournaments' public pages made anew."""
    unknown = set(answers) - {*CONSENT_FIELDS, "alias"}
    if unknown:
        raise ValueError(f"Not a consent field: {', '.join(sorted(unknown))}")
    if source not in Player.ConsentSource.values:
        raise ServiceError("consent_source", _("Say where the player's answer came from."))
    if "alias" in answers:
        answers["alias"] = " ".join((answers["alias"] or "").split())
        if len(answers["alias"]) > ALIAS_LENGTH:
            message = _("A public name has at most %(count)s characters.") % {"count": ALIAS_LENGTH}
            raise ServiceError("alias", message)
    player = Player.objects.select_for_update(of=("self",)).select_related("club").get(pk=player.pk)
    for field, value in answers.items():
        setattr(player, field, value)
    player.consent_source = source
    player.consent_at = when or timezone.now()
    player.save()
    refresh_entry_names(player)
    page_cache.changed(tournaments_of(player))
    return player


def tournaments_of(player):
    return set(EntryMember.objects.filter(player=player).values_list("entry__event__tournament_id", flat=True))


def player_data(player):
    """Everything held about `player`, as plain JSON-ready data: their record, their consent, their entries and
    notifications, then what each floor above holds (results, personal links, ratings, portrait...)."""
    player = Player.objects.select_related("club", "user").get(pk=player.pk)
    entries = Entry.objects.filter(members__player=player).select_related("event__tournament").order_by("pk")
    data = {
        "player": {
            "id": player.pk,
            "guid": player.guid,
            "first_name": player.first_name,
            "last_name": player.last_name,
            "shown_name": player.shown_name,
            "sex": player.sex,
            "date_of_birth": player.date_of_birth.isoformat() if player.date_of_birth else None,
            "country": player.country,
            "nationality": player.nationality,
            "club": player.club.name if player.club else None,
            "rating": player.rating,
            # The copy goes through the secretary's hands, and an address is its owner's alone (tournaments.privacy):
            # it says that one is held, and where it ends.
            "email": masked(player.email),
            "account": player.user.get_username() if player.user else None,
        },
        "consent": consent_data(player),
        "entries": [
            {
                "tournament": entry.event.tournament.name,
                "date": entry.event.tournament.start_date.isoformat() if entry.event.tournament.start_date else None,
                "event": entry.event.name,
                "entry": entry.name,
                "seed": entry.seed,
                "withdrawn": entry.withdrawn,
            }
            for entry in entries
        ],
        "notifications": [
            {"tournament": n.tournament.name, "subject": n.subject, "body": n.body, "sent": n.created_at.isoformat()}
            for n in Notification.objects.filter(player=player).select_related("tournament")
        ],
    }
    for _receiver, sections in player_data_asked.send(sender=Player, player=player):
        data.update(sections or {})
    return data


def masked(email):
    """ "asha.rao@example.org" -> "a…@example.org"; blank stays blank."""
    local, at, domain = email.partition("@")
    return f"{local[:1]}…{at}{domain}" if email else ""


def consent_data(player):
    return {
        "publish_name": player.publish_name,
        "publish_portrait": player.publish_portrait,
        "publish_rating": player.publish_rating,
        "alias": player.alias,
        "source": player.consent_source or None,
        "recorded_at": player.consent_at.isoformat() if player.consent_at else None,
    }


@transaction.atomic
def erase_player(player):
    """Erase `player` on their request: every personal field cleared, the name replaced by a pseudonym ("Player
    1234"), their account unlinked, their notifications, phones and e-mails gone; the floors above drop what they
    hold (portrait, personal links...). Their entries and results stay, under the pseudonym, so no standings
    change."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.email:
        OutgoingMail.objects.filter(to__iexact=player.email).delete()
    player.first_name, player.last_name = pseudonym(player), ""
    player.alias = ""
    player.sex = player.country = player.nationality = player.email = ""
    player.date_of_birth = player.user = player.club = player.guid = player.rating = None
    # The pseudonym is no one's name: shown as it is; nothing else of the person is left to publish.
    player.publish_name, player.publish_portrait, player.publish_rating = True, False, False
    player.consent_source, player.consent_at = Player.ConsentSource.SECRETARY, timezone.now()
    player.save()
    Notification.objects.filter(player=player).delete()
    player.push_subscriptions.all().delete()
    player_erasing.send(sender=Player, player=player)
    refresh_entry_names(player)
    page_cache.changed(tournaments_of(player))
    return player
