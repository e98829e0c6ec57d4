"""Printing: PDF score cards (ICF XIX), pairing sheets, results and standings.

Score cards are for the tournament's officials and umpires; pairings, results and standings for anyone who may
see the tournament. A preview (draft) round prints for its secretaries only: for everyone else it does not exist.
Each view checks who asks, loads through printing.selectors and draws with printing.pdf."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.memory import gc_paused
from core.numbers import whole_number
from core.page_cache import public_page
from printing import pdf as printing
from printing import selectors as print_data
from printing.links import add_match_links
from stages.models import Round, Stage
from stages.umpiring import self_umpired_event
from tournaments.models import Event
from tournaments.permissions import can_see_round, is_umpire
from tournaments.scoping import visible_tournament

DEFAULT_BLANK_CARDS = 10


def pdf_response(data, *name_parts):
    """The PDF shown in the browser (inline), saved under a name such as open-2026-round-3-pairings.pdf."""
    response = HttpResponse(data, content_type="application/pdf")
    filename = "-".join(slugify(str(part)) for part in name_parts if part) + ".pdf"
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response


def require_umpire(request, tournament):
    if not is_umpire(request.user, tournament):
        raise PermissionDenied(_("Score cards are printed by the tournament's officials and umpires."))


def visible_round(request, tournament, round_id):
    """The round, unless it is a preview and the user is not a secretary of the tournament (then: 404)."""
    rnd = get_object_or_404(
        Round.objects.select_related("stage__event__tournament"), pk=round_id, stage__event__tournament=tournament
    )
    require_visible(request, tournament, rnd)
    return rnd


def require_visible(request, tournament, rnd):
    if not can_see_round(request.user, rnd, tournament):
        raise Http404(_("No such round."))


def round_name_parts(rnd):
    return rnd.stage.event.tournament.slug, rnd.stage.event.name, rnd.stage.name, rnd.display_name


# ---------------------------------------------------------------- score cards


@login_required
def round_score_cards(request, slug, round_id):
    """Every match of the round on its own card; `?blank=1`: cards with only the round's header filled in."""
    tournament = visible_tournament(request, slug)
    require_umpire(request, tournament)
    rnd = visible_round(request, tournament, round_id)
    blank = request.GET.get("blank") == "1"
    with gc_paused():  # a round's cards: see core.memory.gc_paused
        cards = print_data.round_score_cards(rnd, blank=blank)
        if not blank:
            add_match_links(cards, request, named=True, stage=rnd.stage)
        data = printing.score_cards(cards)
        del cards
    return pdf_response(data, *round_name_parts(rnd), "blank" if blank else "", "score-cards")


@login_required
def match_score_card(request, slug, match_id):
    tournament = visible_tournament(request, slug)
    require_umpire(request, tournament)
    match = get_object_or_404(print_data.card_matches(), pk=match_id, stage__event__tournament=tournament)
    require_visible(request, tournament, match.round)  # loaded with the match
    if match.status == match.Status.BYE:
        raise Http404(_("A bye has no score card."))
    card = print_data.match_card(match)
    add_match_links([card], request, named=True)
    return pdf_response(printing.score_cards([card]), tournament.slug, f"match-{match.pk}", "score-card")


@login_required
def blank_score_cards(request, slug, event_id):
    """`?count=N` empty cards (1 to 200) shaped by the event's rule set, for matches not in the system."""
    tournament = visible_tournament(request, slug)
    require_umpire(request, tournament)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    count = whole_number(request.GET.get("count") or str(DEFAULT_BLANK_CARDS), 1, printing.MAX_BLANK_CARDS)
    if count is None:
        return HttpResponseBadRequest(
            _("count: give a whole number of cards from 1 to %(most)s.") % {"most": printing.MAX_BLANK_CARDS},
            content_type="text/plain",
        )
    cards = print_data.blank_score_cards(event, count)
    return pdf_response(printing.score_cards(cards), tournament.slug, event.name, "blank-score-cards")


# ---------------------------------------------------------------- sheets for everyone


def round_pairings(request, slug, round_id):
    """Anyone's copy prints the pairings; the officials' copy also each side's match link as a QR code (a link
    lets its holder enter the result, so it is never on the public sheet)."""
    tournament = visible_tournament(request, slug)
    rnd = visible_round(request, tournament, round_id)
    heading, sections = print_data.round_pairings(rnd)
    # Only where the laws have the players keep the card (ECC): an umpired round's sheet needs no links.
    if self_umpired_event(rnd.stage.event) and is_umpire(request.user, tournament):
        add_match_links([line for section in sections for line in section.lines], request)
    return pdf_response(printing.pairing_sheet(heading, sections), *round_name_parts(rnd), "pairings")


def round_results(request, slug, round_id):
    rnd = visible_round(request, visible_tournament(request, slug), round_id)
    heading, sections = print_data.round_results(rnd)
    return pdf_response(printing.results_sheet(heading, sections), *round_name_parts(rnd), "results")


# Anyone may print it, a whole hall at once: kept like the stage page until the stage changes.
@public_page(part="stage_id")
def stage_standings(request, slug, stage_id):
    """The stage's standings from its published rounds; a knockout has none (404)."""
    tournament = visible_tournament(request, slug)
    stage = get_object_or_404(
        Stage.objects.select_related("event__tournament"), pk=stage_id, event__tournament=tournament
    )
    with gc_paused():  # a 1,000-player table: see core.memory.gc_paused
        try:
            data = printing.standings_sheet(*print_data.stage_standings_sheet(stage))
        except print_data.NoStandings as error:
            raise Http404(str(error)) from None
    return pdf_response(data, slug, stage.event.name, stage.name, "standings")
