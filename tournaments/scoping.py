"""Pages and API views scoped by the tournament in their URL: which tournament a request may see, and may change.

Every app's views start here, so the rule is written once: anyone sees a published tournament, its officials see
its drafts too (Tournament.objects.visible_to), and only its secretaries change it."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import permissions
from rest_framework.exceptions import PermissionDenied as APIPermissionDenied

from core.api import ServiceAPIView
from core.http_errors import error_responses
from tournaments.models import Tournament
from tournaments.permissions import TournamentPermission, is_secretary


def visible_tournament(request, slug):
    """The tournament of a page, if the visitor may see it (else 404, as if it did not exist)."""
    return get_object_or_404(Tournament.objects.visible_to(request.user), slug=slug)


def secretary_tournament(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if not is_secretary(request.user, tournament):
        raise PermissionDenied(_("Only a secretary of this tournament may change it."))
    return tournament


class TournamentScopedMixin:
    """Views under /api/tournaments/<slug>/: the tournament comes from the URL."""

    permission_classes = [TournamentPermission]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self.tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=kwargs["tournament_slug"])
        if request.method not in permissions.SAFE_METHODS and not is_secretary(request.user, self.tournament):
            raise APIPermissionDenied(_("Only a secretary of this tournament may change it."))

    def get_tournament(self, obj=None):
        return self.tournament

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["tournament"] = getattr(self, "tournament", None)
        return context


def documented_errors(serializer, update_serializer=None, conflicts=("destroy",)):
    """Class decorator: the error answers of a model viewset's actions, in its schema. 400 for bad input (or a bad
    filter value on a list), 403 for a write by someone not allowed, 404 for an unknown object (or, under
    /api/tournaments/<slug>/, a tournament you cannot see), 409 for the actions in `conflicts`."""

    def decorate(viewset):
        not_found = (404,) if issubclass(viewset, TournamentScopedMixin) else ()
        bad_filter = (400,) if getattr(viewset, "filterset_fields", None) else ()
        changed = update_serializer or serializer
        answers = {
            "list": {200: serializer(many=True), **error_responses(*bad_filter, *not_found)},
            "retrieve": {200: serializer, **error_responses(404)},
            "create": {201: serializer, **error_responses(400, 403, *not_found)},
            "update": {200: changed, **error_responses(400, 403, 404)},
            "partial_update": {200: changed, **error_responses(400, 403, 404)},
            "destroy": {204: None, **error_responses(403, 404)},
        }
        for action in conflicts:
            answers[action].update(error_responses(409))
        # Only the actions the viewset has: extend_schema_view warns about the others.
        schemas = {action: extend_schema(responses=answers[action]) for action in answers if hasattr(viewset, action)}
        return extend_schema_view(**schemas)(viewset)

    return decorate


class SecretaryOnlyView(ServiceAPIView):
    """An API view of a tournament's own business (its officials, the federations it invited): its secretaries
    alone, reading too. The tournament is the URL's `tournament_slug`; others get 404 or 403 as for any view."""

    def get_tournament(self):
        tournament = get_object_or_404(
            Tournament.objects.visible_to(self.request.user), slug=self.kwargs["tournament_slug"]
        )
        self.require(
            is_secretary(self.request.user, tournament), _("Only a secretary of this tournament may change it.")
        )
        return tournament
