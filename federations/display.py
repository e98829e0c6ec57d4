"""The federations' wording built in Python."""


def player_facts(player):
    """What a delegate gave of a player besides the name, e.g. "Male · 2001-05-04 · LKA"; empty when nothing."""
    parts = [
        str(player.get_sex_display()) if player.sex else "",
        player.date_of_birth.isoformat() if player.date_of_birth else "",
        player.citizenship,
    ]
    return " · ".join(part for part in parts if part)


def entry_facts(players):
    """The facts of an entry's players, a pair's separated by "; "."""
    return "; ".join(facts for facts in map(player_facts, players) if facts)
