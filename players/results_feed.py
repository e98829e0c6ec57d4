"""The tournament's results as an Atom feed (Django's syndication framework): the latest results that count, newest
first, for a federation's site or a feed reader to follow."""

from django.contrib.syndication.views import Feed
from django.db.models import F
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _

from core.page_cache import public_page
from stages.models import Match, Round
from tournaments.scoping import visible_tournament

LATEST = 50


class ResultsFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request, slug):
        return visible_tournament(request, slug)

    def title(self, tournament):
        return _("Results of %(tournament)s") % {"tournament": tournament.name}

    def link(self, tournament):
        return tournament.get_absolute_url()

    def subtitle(self, tournament):
        return _("The latest results that count, newest first.")

    def items(self, tournament):
        return latest_results(tournament)

    def item_title(self, match):
        return result_line(match)

    def item_description(self, match):
        return f"{match.stage.event.name} · {match.stage.name} · {match.round.display_name}"

    def item_link(self, match):
        return reverse("match-detail", args=[match.stage.event.tournament.slug, match.pk])

    def item_pubdate(self, match):
        return match.decided_at

    def item_updateddate(self, match):
        return match.decided_at


def latest_results(tournament):
    """The LATEST results that count (confirmed and walk-overs of published rounds, none withheld), newest first."""
    decided = Coalesce("confirmed_at", "finished_at", "planned_at")
    return list(
        Match.objects.filter(
            stage__event__tournament=tournament,
            round__status=Round.Status.PUBLISHED,
            status__in=(Match.Status.CONFIRMED, Match.Status.WALKOVER),
            result_withheld=False,
        )
        .annotate(decided_at=decided)
        .select_related("stage__event__tournament", "round", "entry_a", "entry_b", "winner")
        .order_by(F("decided_at").desc(nulls_last=True), "-pk")[:LATEST]
    )


def result_line(match):
    """ "Asha Rao 25–7 Ravi Rao", or "Asha Rao wins by walk-over against Ravi Rao"."""
    a, b = match.entry_a, match.entry_b
    if match.status == Match.Status.WALKOVER:
        if match.winner_id is None:  # neither side came (ECC 18)
            return _("%(a)s and %(b)s both lose by walk-over") % {"a": a.name, "b": b.name}
        loser = b if match.winner_id == a.pk else a
        return _("%(winner)s wins by walk-over against %(loser)s") % {"winner": match.winner.name, "loser": loser.name}
    return f"{a.name} {match.score_a}–{match.score_b} {b.name}"


@public_page
def results_feed(request, slug):
    return ResultsFeed()(request, slug=slug)
