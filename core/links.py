"""Links that open someone's page without an account (a player's personal link, a match side's link, a federation
delegate's link): the link's id and its random key, signed with the site's secret key under a salt of the app's
own (django.core.signing), e.g. "m42.Xy3kq0Pz-a_b:<signature>". A token that was cut or edited fails the
signature; a revoked one names a key its link no longer holds."""

from django.core import signing


class LinkSigner:
    def __init__(self, salt):
        self.signer = signing.Signer(salt=salt)

    def sign(self, kind, pk, key):
        return self.signer.sign(f"{kind}{pk}.{key}")

    def unsign(self, token, kind):
        """(link id, key) of a token of `kind` made by this site, else None (forged, cut, edited, another kind)."""
        try:
            value = self.signer.unsign(str(token))
        except signing.BadSignature:
            return None
        ident, _dot, key = value.partition(".")
        if not ident.startswith(kind) or not ident[1:].isdigit() or not key:
            return None
        return int(ident[1:]), key
