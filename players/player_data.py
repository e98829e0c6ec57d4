"""A player's personal links in the copy of their data, and gone when the player is erased (tournaments.consent)."""

from players.models import PersonalLink


def answer_player_data(sender, player, **kwargs):
    links = PersonalLink.objects.filter(player=player).select_related("tournament").order_by("pk")
    return {
        "personal_links": [
            {"tournament": link.tournament.name, "issued_at": link.issued_at.isoformat(), "revoked": link.times_revoked}
            for link in links
        ]
    }


def forget_player(sender, player, **kwargs):
    """An erased player's personal links stop working: nothing opens their page any more."""
    PersonalLink.objects.filter(player=player).delete()
