"""Links without accounts: a player's personal link in a tournament and a link per side of a match.

A token is the link's id and its random key, signed with the site's secret key under a salt of its own
(django.core.signing), e.g. "m42.Xy3kq0Pz-a_b:<signature>". A token that was cut or edited fails the signature; a
revoked one names a key the link no longer holds; either way the reader gets None (the views answer 404) and
nothing changes. Links are made the first time they are asked for, so existing tournaments have them too.

A match link stops working MATCH_LINK_HOURS after its match was confirmed (settings.PLAYER_MATCH_LINK_HOURS, 12 by
default): long enough to look at the card again the same day, short enough that a score card found in a bin the
week after opens nothing. Until the result is confirmed it works, however long that takes. A personal link has no
end: revoking it is how it stops."""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from core.links import LinkSigner
from players.models import FormerLink, MatchLink, PersonalLink, new_key
from stages.models import Match

_signer = LinkSigner(salt="players.links")
PERSONAL, MATCH = "p", "m"
SIDES = ("a", "b")


def match_link_hours():
    return getattr(settings, "PLAYER_MATCH_LINK_HOURS", 12)


# ---------------------------------------------------------------- tokens


def token_of(link):
    kind = MATCH if isinstance(link, MatchLink) else PERSONAL
    return _signer.sign(kind, link.pk, link.key)


def unsign(token, kind):
    """(link id, key) of a token of `kind` made by this site, else None (forged, cut, edited, another kind)."""
    return _signer.unsign(token, kind)


def absolute(path, request=None):
    """The URL of `path`: absolute from the request, else from settings.SITE_URL, else the path alone."""
    if request is not None:
        return request.build_absolute_uri(path)
    base = getattr(settings, "SITE_URL", "").rstrip("/")
    return f"{base}{path}"


# ---------------------------------------------------------------- personal links


def personal_link(tournament, player):
    """The player's personal link in the tournament, made if it did not exist yet."""
    link, _created = PersonalLink.objects.get_or_create(tournament=tournament, player=player)
    return link


def personal_links(tournament, players):
    """Personal links of many players, by player id, in two or three queries (slips, the secretary's list)."""
    ids = {player.pk for player in players}
    links = {link.player_id: link for link in PersonalLink.objects.filter(tournament=tournament, player_id__in=ids)}
    missing = [PersonalLink(tournament=tournament, player_id=pk) for pk in ids if pk not in links]
    if missing:
        PersonalLink.objects.bulk_create(missing, ignore_conflicts=True)  # another request may make some meanwhile
        links = {link.player_id: link for link in PersonalLink.objects.filter(tournament=tournament, player_id__in=ids)}
    return links


def personal_token(tournament, player):
    """The token of the player's personal link in the tournament."""
    return token_of(personal_link(tournament, player))


def personal_path(tournament, link):
    return reverse("player-schedule", args=[tournament.slug, token_of(link)])


def personal_link_url(tournament, player, request=None):
    """The URL of the player's personal page in the tournament."""
    return absolute(personal_path(tournament, personal_link(tournament, player)), request)


def personal_link_urls(tournament, players, request=None):
    """{player id: URL of their personal page}, for many players at once."""
    links = personal_links(tournament, players)
    return {pk: absolute(personal_path(tournament, link), request) for pk, link in links.items()}


def player_from_personal_token(tournament, token):
    """The player whose personal link in `tournament` the token is, or None (forged, revoked, another tournament)."""
    parsed = unsign(token, PERSONAL)
    if parsed is None:
        return None
    pk, key = parsed
    link = PersonalLink.objects.select_related("player__club").filter(pk=pk, tournament=tournament, key=key).first()
    if link is None:  # the link of a player record merged into another: it opens the kept player's page
        former = FormerLink.objects.select_related("link__player__club")
        former = former.filter(former_id=pk, key=key, link__tournament=tournament).first()
        link = former.link if former else None
    return link.player if link else None


@transaction.atomic
def revoke_personal_link(tournament, player):
    """The old personal link stops working; a new one is issued (returned)."""
    link = personal_link(tournament, player)
    link = PersonalLink.objects.select_for_update().get(pk=link.pk)
    reissue(link)
    link.former_links.all().delete()  # the links of records merged into this one stop working with it
    return link


def move_personal_links(sender, kept, merged, **kwargs):
    """Two records of one person merged (tournaments.merging): the merged one's personal links become the kept
    one's, so every link handed out still opens the person's page; in a tournament where the kept one has a link
    of its own, the merged one's is kept as a FormerLink of it."""
    own = {link.tournament_id: link for link in PersonalLink.objects.filter(player=kept)}
    for link in PersonalLink.objects.filter(player=merged):
        target = own.get(link.tournament_id)
        if target is None:
            link.player = kept
            link.save(update_fields=["player"])
            continue
        link.former_links.update(link=target)
        FormerLink.objects.create(former_id=link.pk, key=link.key, link=target)
        link.delete()


# ---------------------------------------------------------------- match links


def match_link(match, side):
    """The link of side `side` ("a" or "b") of the match, made if it did not exist yet."""
    if side not in SIDES:
        raise ValueError(f"side must be 'a' or 'b', not {side!r}")
    link = MatchLink.objects.filter(match=match, side=side).first()
    if link is None:
        # Made as match_link_urls makes them, without save signals: a new link changes no page anyone has seen,
        # so it does not stamp the tournament's pages stale (core.page_cache), though a personal page showing a
        # called match makes it as it is rendered; revoking one does stamp them (reissue saves it).
        MatchLink.objects.bulk_create([MatchLink(match=match, side=side)], ignore_conflicts=True)
        link = MatchLink.objects.get(match=match, side=side)
    return link


def match_path(match, link):
    return reverse("match-play", args=[match.stage.event.tournament.slug, match.pk, token_of(link)])


def match_link_url(match, side, request=None):
    """The URL of the self-umpired card of `match` for side `side`."""
    return absolute(match_path(match, match_link(match, side)), request)


def match_link_urls(matches, request=None):
    """{(match id, side): URL} for both sides of many matches (a round's pairings sheet, its score cards)."""
    matches = list(matches)
    ids = {m.pk for m in matches}
    links = {(link.match_id, link.side): link for link in MatchLink.objects.filter(match_id__in=ids)}
    missing = [MatchLink(match_id=m.pk, side=s) for m in matches for s in SIDES if (m.pk, s) not in links]
    if missing:
        MatchLink.objects.bulk_create(missing, ignore_conflicts=True)
        links = {(link.match_id, link.side): link for link in MatchLink.objects.filter(match_id__in=ids)}
    by_id = {m.pk: m for m in matches}
    return {(pk, side): absolute(match_path(by_id[pk], link), request) for (pk, side), link in links.items()}


def expired(match, now=None):
    """A match link stops working MATCH_LINK_HOURS after the match was confirmed."""
    if match.status != Match.Status.CONFIRMED or match.confirmed_at is None:
        return False
    return (now or timezone.now()) > match.confirmed_at + timedelta(hours=match_link_hours())


def match_side_from_token(token, match=None):
    """(match, side) that the match token opens, or None: forged, revoked, expired, or (when `match`, a Match or
    its id, is given) a token of another match."""
    parsed = unsign(token, MATCH)
    if parsed is None:
        return None
    pk, key = parsed
    link = (
        MatchLink.objects.select_related("match__stage__event__tournament", "match__round", "match__entry_a")
        .select_related("match__entry_b", "match__group")
        .filter(pk=pk, key=key)
        .first()
    )
    match_id = getattr(match, "pk", match)
    if link is None or (match_id is not None and link.match_id != match_id) or expired(link.match):
        return None
    return link.match, link.side


@transaction.atomic
def revoke_match_links(match):
    """Both sides' links of the match stop working; new ones are issued (returned, side a first)."""
    for side in SIDES:
        match_link(match, side)
    links = list(MatchLink.objects.select_for_update().filter(match=match).order_by("side"))
    for link in links:
        reissue(link)
    return links


def reissue(link):
    link.key = new_key()
    link.issued_at = timezone.now()
    link.times_revoked += 1
    link.save(update_fields=["key", "issued_at", "times_revoked"])
