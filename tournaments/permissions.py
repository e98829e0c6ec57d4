"""Who may do what with a tournament. Pages, API and admin actions all ask here."""

from django.db.models import Q
from django.utils.translation import gettext_lazy
from rest_framework import permissions

from tournaments.models import Tournament


def is_secretary(user, tournament):
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return tournament.secretaries.filter(pk=user.pk).exists()


def is_chief_referee(user, tournament):
    if not user.is_authenticated:
        return False
    return is_secretary(user, tournament) or tournament.chief_referees.filter(pk=user.pk).exists()


def is_umpire(user, tournament):
    if not user.is_authenticated:
        return False
    return is_chief_referee(user, tournament) or tournament.umpires.filter(pk=user.pk).exists()


def can_create_tournament(user):
    return user.is_authenticated and (user.is_superuser or user.groups.filter(name="Secretary").exists())


def is_official_somewhere(user):
    """Runs tournaments, or is a secretary or chief referee of one: looks players up to enter them."""
    if not user.is_authenticated:
        return False
    return (
        can_create_tournament(user)
        or user.tournaments_as_secretary.exists()
        or user.tournaments_as_chief_referee.exists()
    )


def can_change_player(user, player):
    """Ratings and countries feed the draws of every tournament a player is entered in: a secretary of one of
    them changes them, not any secretary."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or Tournament.objects.filter(secretaries=user, events__entries__players=player).exists()


def can_merge_players(user, kept, merged):
    """Merging two player records changes every tournament either plays in: a superuser (or staff allowed to change
    players) merges any two; a secretary, two players entered in tournaments they are a secretary of, every one."""
    if not user.is_authenticated:
        return False
    if user.is_superuser or (user.is_staff and user.has_perm("tournaments.change_player")):
        return True
    entered = Tournament.objects.filter(events__entries__players__in=[kept, merged]).distinct()
    return entered.exists() and not entered.exclude(secretaries=user).exists()


def can_change_club(user, club):
    """A secretary of a tournament the club hosts or has players entered in."""
    if not user.is_authenticated:
        return False
    concerned = Q(host_club=club) | Q(events__entries__players__club=club)
    return user.is_superuser or Tournament.objects.filter(concerned, secretaries=user).exists()


def can_view(user, tournament):
    return tournament.is_public or is_umpire(user, tournament)


def can_see_round(user, rnd, tournament):
    """A preview (draft) round's draw can still change: only the secretaries see it."""
    return rnd.status == rnd.Status.PUBLISHED or is_secretary(user, tournament)


class TournamentPermission(permissions.BasePermission):
    """Anyone reads published tournaments; the tournament's secretaries write.

    Views using it implement `get_tournament(obj)` to find the tournament an object belongs to.
    """

    message = gettext_lazy("Only a secretary of this tournament may change it.")

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS:
            return True
        return request.user.is_authenticated

    def has_object_permission(self, request, view, obj):
        tournament = view.get_tournament(obj)
        if request.method in permissions.SAFE_METHODS:
            return can_view(request.user, tournament)
        return is_secretary(request.user, tournament)


class SharedRecordPermission(permissions.BasePermission):
    """Players and clubs, shared by every tournament: reads as the view's queryset allows; whoever runs
    tournaments adds one; only a secretary of a tournament it is in changes or deletes it.

    Views using it implement `may_change(user, obj)`."""

    message = gettext_lazy(
        "Only a secretary of a tournament this player or club is entered in (or hosts) may change it."
    )

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS:
            return True
        if view.action == "create":
            return can_create_tournament(request.user)
        return request.user.is_authenticated

    def has_object_permission(self, request, view, obj):
        return request.method in permissions.SAFE_METHODS or view.may_change(request.user, obj)
