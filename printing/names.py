"""How the printed sheets name things: the players and teams of a card's sides, a person, a day, the moment a
sheet was printed, a number as the sheets write it."""

from django.utils import dateformat, timezone
from django.utils.translation import gettext as _

from matches.ties.services import rubber_players


def sides(match):
    """The card's players and teams: a rubber's are the players its line-ups named, their team the team itself."""
    if match.tie_id is None:
        return {
            "side_a": member_names(match.entry_a),
            "side_b": member_names(match.entry_b),
            "team_a": team(match.entry_a),
            "team_b": team(match.entry_b),
        }
    players = rubber_players(match)
    return {
        "side_a": [player.shown_name for player in players["a"]],
        "side_b": [player.shown_name for player in players["b"]],
        "team_a": match.entry_a.name,
        "team_b": match.entry_b.name,
    }


def member_names(entry):
    """The player/s of an entry: one name in singles, two in doubles (members prefetched)."""
    if entry is None:
        return []
    names = [member.player.shown_name for member in entry.members.all()]
    return names or [entry.name]


def short_name(entry):
    """Last names for the narrow "break by" column: "Müller", "Rao/Iyer"."""
    if entry is None:
        return ""
    names = [short(member.player) for member in entry.members.all()]
    return "/".join(names) or entry.name


def short(player):
    if not player.publish_name:
        return player.alias or player.shown_name.split(" (")[0]
    return player.last_name or player.first_name


def team(entry):
    """ICF XIX "Team": the club and country of the player/s, e.g. "Mumbai CC (IND)"."""
    if entry is None:
        return ""
    players = [member.player for member in entry.members.all()]
    return team_text((player.club.name if player.club else "", player.shown_country) for player in players)


def team_text(clubs):
    """The team of players of `clubs` [(club, country)]: "Mumbai CC (IND)", "Mumbai CC (IND) / Pune (IND)"."""
    parts = []
    for club, country in clubs:
        text = f"{club} ({country})" if club and country else club or country
        if text and text not in parts:
            parts.append(text)
    return " / ".join(parts)


def entry_name(entry):
    return entry.name if entry else "—"


def person(user):
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def day_text(moment):
    """ "Sat 5 Dec 2026": day and month names in the language of the sheet."""
    return dateformat.format(moment, "D j M Y")


def printed():
    now = timezone.localtime()
    return _("Printed %(day)s, %(time)s") % {"day": day_text(now), "time": f"{now:%H:%M}"}


def number(value):
    """2.0 -> "2", 1.5 -> "1.5"."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
