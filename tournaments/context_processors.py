"""What every page of a tournament may show beside its content: for the tournament's secretaries and chief referees,
a plain notice when the deadlines are not being applied (core.heartbeat: no worker has run them for more than two
periods): late-arrival forfeits, second bells, rest times and overdue protests then wait, silently."""

from django.utils.functional import SimpleLazyObject

from core import heartbeat
from tournaments.models import Tournament
from tournaments.permissions import is_chief_referee


def deadlines_notice(request):
    # Lazy: worked out only by a page that shows it (base.html), never by a fragment a page refreshes.
    return {"deadlines_notice": SimpleLazyObject(lambda: stalled_deadlines(request))}


def stalled_deadlines(request):
    """{"since": when the deadlines were last applied, or None when never} for an official of the tournament whose
    page this is, when they have not been applied within two periods; else None. Costs no query while they are."""
    match = getattr(request, "resolver_match", None)
    slug = match.kwargs.get("slug") if match else None
    user = getattr(request, "user", None)
    if not slug or user is None or not user.is_authenticated or heartbeat.deadlines_applied():
        return None
    tournament = Tournament.objects.exclude(status=Tournament.Status.FINISHED).filter(slug=slug).first()
    if tournament is None or not is_chief_referee(user, tournament):
        return None
    return {"since": heartbeat.last(heartbeat.worker(heartbeat.deadlines_queue()))}
