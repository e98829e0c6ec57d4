"""What SoL files left of a player: their portrait and the guids SoL merged into them; in the copy of their data,
and gone when the player is erased (tournaments.consent)."""

from history.sol.models import Picture, PlayerAlias


def answer_player_data(sender, player, **kwargs):
    portrait = Picture.objects.filter(player=player).first()
    return {
        "portrait": {"name": portrait.name, "shown": player.publish_portrait} if portrait else None,
        "sol_aliases": list(PlayerAlias.objects.filter(player=player).values_list("guid", flat=True)),
    }


def forget_player(sender, player, **kwargs):
    """An erased player's portrait, file and all, and their SoL aliases (a file naming them finds no one)."""
    for picture in Picture.objects.filter(player=player):
        picture.image.delete(save=False)
        picture.delete()
    PlayerAlias.objects.filter(player=player).delete()
