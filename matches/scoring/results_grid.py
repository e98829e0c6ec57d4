"""The desk's results grid: a round's matches on one page, each row's games typed and saved as it goes (Enter
saves the row and moves to the next), through the round's results API (`api.RoundResultsView`), so the page and
the API check and save one way. A refused row keeps what was typed and says why; the others are saved."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from matches.scoring.display import side_names
from matches.ties.services import played_matches
from stages.display import result_text
from stages.forms import GAMES_PATTERN
from stages.models import OPEN, Round
from stages.rules_round import score_example_of
from tournaments.scoping import secretary_tournament


@login_required
def round_results(request, slug, round_id):
    tournament = secretary_tournament(request, slug)
    rnd = get_object_or_404(
        Round.objects.select_related("stage__event"), pk=round_id, stage__event__tournament=tournament
    )
    matches = list(
        played_matches(rnd)
        .exclude(entry_a=None)
        .exclude(entry_b=None)
        .select_related("entry_a", "entry_b", "stage__event", "round")
        .order_by("table", "number", "rubber")
    )
    for match in matches:
        match.names = side_names(match)
        match.open = match.status in OPEN
        match.result = "" if match.open else result_text(match)
    context = {
        "tournament": tournament,
        "round": rnd,
        "stage": rnd.stage,
        "matches": matches,
        "open_count": sum(1 for m in matches if m.open),
        "example": score_example_of(matches[0]) if matches else "",
        "games_pattern": GAMES_PATTERN,
        "api_url": reverse("api-round-results", args=[tournament.slug, rnd.pk]),
    }
    return render(request, "scoring/round_results.html", context)
