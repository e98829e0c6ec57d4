"""Recomputing a rating in the background once an event using it has finished its Swiss stage."""

from celery import shared_task

from history.ratings import services
from history.ratings.models import Rating


# Named as before the app moved into its wing: queued tasks and the beat schedule carry the name.
@shared_task(name="ratings.tasks.recompute_rating")
def recompute_rating(rating_id):
    """Recompute one rating from scratch, then the ratings that inherit from it (a higher level number): their
    players' starting rates may have changed. Idempotent: running it twice gives the same rates."""
    rating = Rating.objects.filter(pk=rating_id).first()
    if rating is None:
        return 0
    written = services.recompute(rating)
    for heir in Rating.objects.filter(inheritance=True, level__gt=rating.level).order_by("level", "pk"):
        written += services.recompute(heir)
    return written
