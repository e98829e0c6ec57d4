"""An invented national-team event beside the Eurocup singles: eight national teams of five (a reserve each),
citizens only, Swiss ties of singles, doubles, singles, ready to pair. The players are the singles' own."""

from demo.eurocup import COUNTRIES
from stages.draws.ties import DEFAULT_FORMAT
from stages.models import Stage
from tournaments.models import Event
from tournaments.teams import enter_team

NATIONS = ["FRA", "GER", "POL", "ITA", "CZE", "SUI", "BEL", "NED"]
NAMES = {"FRA": "France", "GER": "Germany", "POL": "Poland", "ITA": "Italy", "CZE": "Czechia",
         "SUI": "Switzerland", "BEL": "Belgium", "NED": "Netherlands"}  # fmt: skip
SWISS_ROUNDS = 4


def load(tournament):
    """The event, its teams and its Swiss stage; once only (load_demo runs again)."""
    event, new = Event.objects.get_or_create(
        tournament=tournament,
        name="Eurocup nations",
        defaults={"kind": Event.Kind.TEAM_TIES, "rule_set": "ecc", "citizens_only": True},
    )
    if new:
        for code in NATIONS:
            club, names = COUNTRIES[code]
            roster = []
            for position, name in enumerate(names[:5]):
                first, last = name.split(" ", 1)
                roster.append({"first_name": first, "last_name": last, "captain": position == 0,
                               "reserve": position == 4})  # fmt: skip
            enter_team(event, NAMES[code], roster, country=code, club=club)
        Stage.objects.create(
            event=event,
            name="Swiss ties",
            kind=Stage.Kind.SWISS,
            rounds_planned=SWISS_ROUNDS,
            tie_format=DEFAULT_FORMAT,
        )
    return f"{event}: {event.entries.count()} teams"
