"""Who may do what with a tournament. Pages, API and admin actions all ask here."""

from rest_framework import permissions


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


def can_view(user, tournament):
    return tournament.is_public or is_umpire(user, tournament)


def can_see_round(user, rnd, tournament):
    """A preview (draft) round's draw can still change: only the secretaries see it."""
    return rnd.status == rnd.Status.PUBLISHED or is_secretary(user, tournament)


class TournamentPermission(permissions.BasePermission):
    """Anyone reads published tournaments; the tournament's secretaries write.

    Views using it implement `get_tournament(obj)` to find the tournament an object belongs to.
    """

    message = "Only a secretary of this tournament may change it."

    def has_permission(self, request, view):
        if request.method in permissions.SAFE_METHODS:
            return True
        return request.user.is_authenticated

    def has_object_permission(self, request, view, obj):
        tournament = view.get_tournament(obj)
        if request.method in permissions.SAFE_METHODS:
            return can_view(request.user, tournament)
        return is_secretary(request.user, tournament)
