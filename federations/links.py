"""The delegates' links, signed as the players' personal links are (core.links) under a salt of their own, e.g.
"d7.Xy3kq0Pz-a_b:<signature>". A cut, edited or revoked token reads as None (the views answer 404)."""

from django.urls import reverse

from core.links import LinkSigner
from federations.models import Delegation

_signer = LinkSigner(salt="federations.delegations")
KIND = "d"


def token_of(delegation):
    return _signer.sign(KIND, delegation.pk, delegation.key)


def delegation_from_token(token, tournament=None):
    """The delegation whose link the token is (in `tournament` when given), or None: forged, cut, revoked."""
    parsed = _signer.unsign(token, KIND)
    if parsed is None:
        return None
    pk, key = parsed
    found = Delegation.objects.select_related("tournament", "federation").filter(pk=pk, key=key)
    if tournament is not None:
        found = found.filter(tournament=tournament)
    return found.first()


def delegate_path(delegation):
    return reverse("federation-delegate", args=[delegation.tournament.slug, token_of(delegation)])


def delegate_url(delegation, request=None):
    path = delegate_path(delegation)
    return request.build_absolute_uri(path) if request is not None else path
