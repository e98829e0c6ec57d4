"""Featuring a table or a match on stream, and no longer featuring it: the tournament's secretaries and chief
referees, each change in one transaction."""

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import NotAllowed, ServiceError
from matches.audit import signed_in
from matches.featured.models import FeaturedTable
from matches.scheduling.services import MAX_TABLES
from stages.models import Match
from tournaments.models import Tournament
from tournaments.permissions import is_chief_referee

# Screens a tournament streams at once: a main table and a few others; more is a mistake, not a broadcast.
MAX_FEATURED = 8


def may_feature(user, tournament):
    """The secretaries and chief referees choose what the stream shows."""
    return is_chief_referee(user, tournament)


def require_rights(user, tournament):
    if not may_feature(user, tournament):
        raise NotAllowed("tournament", refusal())


def refusal():
    return _("Only a secretary or chief referee of this tournament chooses what it streams.")


def locked(tournament):
    """The tournament, locked: two officials featuring at once count the screens one after the other."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def require_room(tournament):
    if FeaturedTable.objects.filter(tournament=tournament).count() >= MAX_FEATURED:
        raise ServiceError(
            "table", _("A tournament features at most %(count)s tables or matches at once.") % {"count": MAX_FEATURED}
        )


@transaction.atomic
def feature_table(tournament, table, user=None):
    """Feature table `table`: its screens show whatever match is played on it now."""
    require_rights(user, tournament)
    tournament = locked(tournament)
    if not isinstance(table, int) or not 1 <= table <= MAX_TABLES:
        raise ServiceError("table", _("A table is numbered from 1 to %(max)s.") % {"max": MAX_TABLES})
    if FeaturedTable.objects.filter(tournament=tournament, table=table).exists():
        raise ServiceError("table", _("Table %(table)s is featured already.") % {"table": table})
    require_room(tournament)
    return FeaturedTable.objects.create(tournament=tournament, table=table, featured_by=signed_in(user))


@transaction.atomic
def feature_match(tournament, match, user=None):
    """Feature one match, wherever it is played."""
    require_rights(user, tournament)
    tournament = locked(tournament)
    if match.stage.event.tournament_id != tournament.pk:
        raise ServiceError("match", _("This match is not one of this tournament's."))
    if match.entry_a_id is None or match.entry_b_id is None or match.status == Match.Status.BYE:
        raise ServiceError("match", _("Only a match between two known sides can be featured."))
    if FeaturedTable.objects.filter(tournament=tournament, match=match).exists():
        raise ServiceError("match", _("This match is featured already."))
    require_room(tournament)
    return FeaturedTable.objects.create(tournament=tournament, match=match, featured_by=signed_in(user))


@transaction.atomic
def stop_featuring(featured, user=None):
    """The table or match is no longer featured; its screens say so."""
    require_rights(user, featured.tournament)
    FeaturedTable.objects.filter(pk=featured.pk).delete()
