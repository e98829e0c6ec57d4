"""Operations on championships: prizing an event of theirs."""

from django.db import transaction

from core import page_cache
from history.championships.models import Prize
from history.championships.selectors import event_prizes


def assign_prizes(event, scheme=None):
    """Give the event's competitors their final prizes (Prize rows) by its championship's scheme, from its final
    placings; an event prized before keeps its prizes (SoL refuses to prize twice)."""
    with transaction.atomic():
        if event.championship_prizes.exists():
            return list(event.championship_prizes.all())
        prizes = [
            Prize(event=event, entry=entry, place=place, amount=amount)
            for place, entry, amount in event_prizes(event, scheme)
        ]
        created = Prize.objects.bulk_create(prizes)
        page_cache.changed([event.tournament_id])  # bulk writes send no signals
        return created
