"""Read-only queries of the public archive: players' tournaments and results, head-to-head, clubs, rankings.

Only published tournaments, published rounds and decided results are shown (as on the tournaments' own pages), and
only the players the visitor may see (tournaments.privacy: a player entered only in a draft stays with its
officials)."""

from dataclasses import dataclass
from datetime import date

from django.db.models import Q

from history.championships.models import Prize
from history.ratings import selectors as rating_selectors
from history.sol.models import Picture
from stages.models import Match, Round
from stages.placings import event_stage_placings
from tournaments.models import Entry, Player, Tournament
from tournaments.privacy import players_visible_to

PUBLIC = ~Q(status=Tournament.Status.DRAFT)
# Age categories of the ranking filter, by age on the day the page is read: (key, under this age, at least this).
AGE_CATEGORIES = {"cadet": (16, None), "junior": (21, None), "senior": (None, 21), "veteran": (None, 50)}
MATCH_FIELDS = ("round__stage__event__tournament", "entry_a", "entry_b")


@dataclass
class Result:
    """A match seen from one player's side."""

    match: Match
    own: Entry
    other: Entry | None
    own_score: int | None
    other_score: int | None

    @property
    def outcome(self):
        """ "won", "drawn" or "lost" (a bye is a win)."""
        if self.match.winner_id is None:
            return "drawn"
        return "won" if self.match.winner_id == self.own.pk else "lost"

    @property
    def event(self):
        return self.match.round.stage.event


def public_tournaments():
    return Tournament.objects.filter(PUBLIC)


def find_players(query, user, limit=50):
    """Players `user` may see whose shown name holds every word of `query`: the first or last name of a player who
    publishes it, the public name (alias) of one who does not; a private name is never searched."""
    players = players_visible_to(user).select_related("club")
    for word in query.split()[:4]:
        named = Q(first_name__icontains=word) | Q(last_name__icontains=word)
        players = players.filter(Q(publish_name=True) & named | Q(publish_name=False, alias__icontains=word))
    return players.order_by("last_name", "first_name")[:limit]


def player_entries(player):
    return Entry.objects.filter(members__player=player, event__tournament__in=public_tournaments())


def player_events(player):
    """(event, place or None) for every public event the player entered, newest first. The place is the
    competitor's prize place when the event is prized (championships.Prize), else its final placing."""
    entries = {e.event_id: e for e in player_entries(player).select_related("event__tournament")}
    prized = dict(Prize.objects.filter(entry__in=entries.values()).values_list("entry_id", "place"))
    rows = []
    for entry in sorted(entries.values(), key=lambda e: (e.event.tournament.start_date, e.event_id), reverse=True):
        place = prized.get(entry.pk)
        if place is None:
            place = next((p.place for p in event_stage_placings(entry.event) if p.entry.pk == entry.pk), None)
        rows.append((entry.event, place))
    return rows


def results(player, opponent=None):
    """The player's decided matches in published rounds, newest first, as Result rows; with `opponent`, only
    those against them (head-to-head)."""
    own = set(player_entries(player).values_list("pk", flat=True))
    matches = Match.objects.filter(Q(entry_a__in=own) | Q(entry_b__in=own), round__status=Round.Status.PUBLISHED)
    if opponent is not None:
        theirs = set(player_entries(opponent).values_list("pk", flat=True)) - own
        matches = matches.filter(Q(entry_a__in=theirs) | Q(entry_b__in=theirs))
    matches = matches.select_related(*MATCH_FIELDS).order_by(
        "-round__stage__event__tournament__start_date", "-round__stage__order", "-round__number", "number"
    )
    rows = []
    for match in matches:
        if not match.is_decided:
            continue
        a_side = match.entry_a_id in own
        rows.append(
            Result(
                match,
                match.entry_a if a_side else match.entry_b,
                match.entry_b if a_side else match.entry_a,
                match.score_a if a_side else match.score_b,
                match.score_b if a_side else match.score_a,
            )
        )
    return rows


def tally(rows):
    """{"won": n, "drawn": n, "lost": n} of Result rows."""
    counts = {"won": 0, "drawn": 0, "lost": 0}
    for row in rows:
        counts[row.outcome] += 1
    return counts


def opponents(player):
    """The players the player has met in a decided match, by name."""
    met = set()
    for row in results(player):
        if row.other is not None:
            met.update(member.player_id for member in row.other.members.all())
    return Player.objects.filter(pk__in=met - {player.pk}).select_related("club").order_by("last_name", "first_name")


def rating_histories(player):
    """{rating: [(date, rate, deviation)]} of the player's rates, oldest first."""
    histories = {}
    for rate in rating_selectors.player_history(player):
        histories.setdefault(rate.rating, []).append((rate.date, rate.rate, rate.deviation))
    return histories


def club_tournaments(club):
    """Public tournaments the club hosted, newest first."""
    return public_tournaments().filter(host_club=club).order_by("-start_date")


def club_players(club, user):
    return players_visible_to(user).filter(club=club).select_related("club").order_by("last_name", "first_name")


def filtered_ranking(rating, user, country="", sex="", age="", today=None):
    """The rating's ranking (ratings.selectors.ranking) of the players `user` may see, of a country, a sex and an
    age category (AGE_CATEGORIES; a player without a date of birth is in none). A player who keeps their rating
    private is in no public ranking."""
    players = players_visible_to(user).filter(publish_rating=True)
    if country:
        players = players.filter(country=country, publish_name=True)  # a private player's country stays private
    if sex:
        players = players.filter(sex=sex)
    if age in AGE_CATEGORIES:
        players = players.filter(**age_bounds(age, today or date.today()))
    return rating_selectors.ranking(rating, players)


def age_bounds(category, today):
    """Filters on date_of_birth for an age category on `today`."""
    under, at_least = AGE_CATEGORIES[category]
    bounds = {}
    if under is not None:  # younger than `under`: born after the day they turned it
        bounds["date_of_birth__gt"] = years_before(today, under)
    if at_least is not None:
        bounds["date_of_birth__lte"] = years_before(today, at_least)
    return bounds


def years_before(day, years):
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def ranking_countries(rating, user):
    shown = players_visible_to(user).filter(publish_name=True)  # a private player's country is private
    rates = rating.rates.filter(player__in=shown).exclude(player__country="")
    return sorted(set(rates.values_list("player__country", flat=True)))


def shown_picture(**owner):
    """The public portrait (player=…) or emblem (club=…) of a SoL backup, or None: a portrait is shown only where
    its player agreed to publish it (Player.publish_portrait), an emblem where it is public."""
    if "player" in owner:
        return Picture.objects.filter(player__publish_portrait=True, **owner).first()
    return Picture.objects.filter(public=True, **owner).first()
