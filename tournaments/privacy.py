"""Who sees what of a player: the one rule every path that shows players asks (the API, the pages, the exports,
the archive, the PDFs), so a new path cannot show more than the others.

- A player's name, club and country: whoever may see a tournament the player is entered in
  (Tournament.objects.visible_to: a draft's players stay with its officials). Whoever runs tournaments, or is a
  secretary or chief referee of one, sees every player, to find the ones they enter.
- Their date of birth: the secretaries and chief referees of a tournament the player is entered in (they check the
  age categories of its prizes), and superusers. Never its umpires, never the public: an export carries the dates
  its reader may see, no more.
- Their e-mail address, account and personal links: in no list and no export; a personal link reaches its player
  and the secretaries of the tournament (players.links).
- What the player agreed to publish (tournaments.consent): a private name reaches the public as Player.shown_name
  (initials and club, or a public name), a private rating and portrait not at all; the officials of the player's
  tournaments read the real ones."""

from django.db.models import Exists, OuterRef, Q, Value

from tournaments.models import EntryMember, Player, Tournament
from tournaments.permissions import is_official_somewhere


def players_visible_to(user):
    """The players whose name, club and country `user` may read."""
    if is_official_somewhere(user):
        return Player.objects.all()
    seen = Tournament.objects.visible_to(user).order_by()
    entered = EntryMember.objects.filter(player=OuterRef("pk"), entry__event__tournament__in=seen)
    return Player.objects.filter(Exists(entered))


def birth_date_shown(user):
    """An expression per player: may `user` read their date of birth?"""
    if not user.is_authenticated or user.is_superuser:
        return Value(user.is_superuser)
    own = Q(entry__event__tournament__secretaries=user) | Q(entry__event__tournament__chief_referees=user)
    return Exists(EntryMember.objects.filter(own, player=OuterRef("pk")))


def can_see_birth_date(user, player):
    return Player.objects.filter(pk=player.pk).annotate(shown=birth_date_shown(user)).filter(shown=True).exists()


def birth_dates_shown(user, players):
    """The ids of `players` (a queryset) whose date of birth `user` may read: what an export made for them holds."""
    return set(players.annotate(shown=birth_date_shown(user)).filter(shown=True).values_list("pk", flat=True))


class EveryBirthDate:
    """Every date of birth: what `manage.py export_sol`, run by whoever runs the server, writes."""

    def __contains__(self, player_id):
        return True


EVERY_BIRTH_DATE = EveryBirthDate()
