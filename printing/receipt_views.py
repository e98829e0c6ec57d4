"""A federation's receipt of its entry fees (PDF), opened by its delegate's link; the secretary's federations page
links to it."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from federations.links import delegation_from_token
from federations.selectors import summary
from printing.receipt_pdf import receipt_pdf
from printing.views import pdf_response
from tournaments.models import Tournament


def federation_receipt(request, slug, token):
    tournament = get_object_or_404(Tournament, slug=slug)
    delegation = delegation_from_token(token, tournament)
    if delegation is None:
        raise Http404(_("This link does not work: ask the tournament's secretary for a new one."))
    return pdf_response(receipt_pdf(summary(delegation)), slug, delegation.federation.name, "receipt")
