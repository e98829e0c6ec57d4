"""The players' links on paper: each side's match link on the match's score card and on the round's pairings sheet
(for the officials only: a match link lets its holder enter the result, so the public pairings sheet prints none),
and the personal links on cut-out slips. The links themselves are players.links'; this module only says which
printed line gets which."""

from django.utils.translation import gettext as _

from players.card_services import players_keep_card
from players.links import match_link_urls
from stages.models import Match

S = Match.Status


def linked_matches(ids, stage=None):
    """The matches among `ids` whose players keep their own card (self-umpired: an umpired match takes its result
    from the umpire, so its card needs no link), with what a link's address is made of. `stage`: the stage (with
    its event and tournament) all of them belong to, shared rather than loaded again with each match."""
    matches = Match.objects.filter(pk__in=ids).exclude(status=S.BYE)
    if stage is None:
        matches = list(matches.select_related("stage__event__tournament"))
    else:
        matches = list(matches.filter(stage=stage).only(*LINK_FIELDS))
        for match in matches:
            match.stage = stage
    return [m for m in matches if m.entry_a_id and m.entry_b_id and players_keep_card(m)]


LINK_FIELDS = ("id", "stage_id", "status", "self_umpired", "umpire_id", "entry_a_id", "entry_b_id")


def side_label(side, name=""):
    """The caption under a side's code: "A · Noor Khan", or "A" where the line already names the side."""
    if name:
        return _("%(side)s · %(name)s") % {"side": side.upper(), "name": name}
    return side.upper()


def add_match_links(items, request=None, named=False, stage=None):
    """Give each score card or pairing line in `items` (with `match_id`) the links of its two sides, as
    `links = [(caption, URL) for A, B]`; `named`: the caption names the side's players (the score card).
    `stage`: the stage every item's match belongs to (a round's cards), see linked_matches."""
    matches = linked_matches({item.match_id for item in items if item.match_id}, stage)
    urls = match_link_urls(matches, request)
    for item in items:
        if (item.match_id, "a") not in urls:
            continue
        names = {"a": item_side_name(item, "a"), "b": item_side_name(item, "b")} if named else {}
        item.links = [(side_label(side, names.get(side, "")), urls[(item.match_id, side)]) for side in ("a", "b")]
    return items


def item_side_name(item, side):
    name = getattr(item, f"side_{side}")
    return " & ".join(name) if isinstance(name, list) else name
