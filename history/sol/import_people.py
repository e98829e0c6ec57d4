"""Importing the shared part of a SoL file: clubs and federations, players (with their merged aliases), ratings
and their rates, championships. Each keeps its SoL guid; what we already hold (by guid, else by name) is reused
and only its blank fields are filled, so importing a file again changes nothing."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.bulk import insert_rows, prepared
from core.errors import ServiceError
from history.championships.models import Championship
from history.ratings.models import Rate, Rating
from history.sol.errors import SolFileError
from history.sol.layout import Place
from history.sol.models import PlayerAlias
from history.sol.references import as_date, as_decimal, given, pick, required, text
from tournaments.merging import merge_players
from tournaments.models import Club, Player, player_identity

CLUB_NAME = Club._meta.get_field("name").max_length
NAME = Player._meta.get_field("first_name").max_length
# Where a record is, put in words only for a message (sol.layout.Place).
CLUB, PLAYER = gettext_lazy("Club %(number)s"), gettext_lazy("Player %(number)s")
RATE, CHAMPIONSHIP = gettext_lazy("Rate %(number)s"), gettext_lazy("Championship %(number)s")


def fill_blanks(instance, fields):
    """Set the fields `instance` leaves blank; True when something changed."""
    changed = [name for name, value in fields.items() if value not in (None, "") and not getattr(instance, name)]
    for name in changed:
        setattr(instance, name, fields[name])
    return bool(changed)


def save_if_changed(instance, fields):
    if fill_blanks(instance, fields):
        instance.save()


def import_clubs(records):
    """The file's clubs: ours by guid, else by name (looked up once for the file), else new ones, created together
    (a new club's save told the pages nothing: no player of it has played)."""
    clubs, new = [], []
    names = [text(record.get("description"), CLUB_NAME) for record in records if isinstance(record, dict)]
    by_guid = in_chunks(Club.objects, "guid", {str(r["guid"]) for r in records if r.get("guid")})
    by_name = in_chunks(Club.objects, "name", set(names))
    for number, record in enumerate(records, start=1):
        where = Place(CLUB, number=number)
        name = text(required(record, "description", where), CLUB_NAME)
        guid = record.get("guid")
        club = by_guid.get(str(guid)) if guid else None
        club = club or by_name.get(name)
        fields = {"country": text(record.get("nationality"), 3), "guid": guid}
        if club is None:
            club = Club(name=name, is_federation=bool(record.get("isfederation")), **fields)
            new.append(club)
            by_name[name] = club
        elif club.pk is None:
            fill_blanks(club, fields)  # a club the file names twice: as saving it again would have
        else:
            save_if_changed(club, fields)
        if club.guid:
            by_guid[str(club.guid)] = club
        clubs.append(club)
    Club.objects.bulk_create(new)
    return clubs


class PlayerFinder:
    """Our player for a SoL player: by guid (or a merged alias), else a guid-less player of the same names and
    date of birth; else none."""

    def __init__(self, records):
        guids = {r.get("guid") for r in records} | {m[0] for r in records for m in r.get("merged") or () if m}
        guids.discard(None)
        self.by_guid = in_chunks(Player.objects, "guid", guids)
        self.by_guid.update(
            {alias.guid: alias.player for alias in in_chunks(PlayerAlias.objects, "guid", guids).values()}
        )
        births = {as_date(r["birthdate"], "") for r in records if r.get("birthdate")}  # JSON writes them as text
        self.by_name = {}
        for player in Player.objects.filter(guid=None, date_of_birth__in=births):
            self.by_name.setdefault(name_key(player.first_name, player.last_name, player.date_of_birth), player)

    def find(self, guid, first_name, last_name, birth):
        if guid and guid in self.by_guid:
            return self.by_guid[guid]
        if birth is not None:
            return self.by_name.pop(name_key(first_name, last_name, birth), None)
        return None


def in_chunks(manager, field, values, size=500):
    values, found = list(values), {}
    for start in range(0, len(values), size):
        for item in manager.filter(**{f"{field}__in": values[start : start + size]}):
            found[getattr(item, field)] = item
    return found


def name_key(first_name, last_name, birth):
    return (first_name.casefold(), last_name.casefold(), birth)


def take_consent(player, record, now):
    """SoL's "agreedprivacy" as our consent (tournaments.consent): "A" (agreed) publishes the name, the portrait
    and the rating; "N" (did not agree) none of them; blank (never said) records nothing. A consent recorded here
    first-hand (sign-up form, delegate, secretary) stays: a SoL file only repeats what another system was told.
    Whether the player changed."""
    said = record.get("agreedprivacy")
    if said not in ("A", "N") or player.consent_source not in ("", Player.ConsentSource.SOL):
        return False
    agreed = said == "A"
    answers = {"publish_name": agreed, "publish_portrait": agreed, "publish_rating": agreed}
    if player.consent_source == Player.ConsentSource.SOL and all(
        getattr(player, name) == value for name, value in answers.items()
    ):
        return False
    for name, value in answers.items():
        setattr(player, name, value)
    player.consent_source, player.consent_at = Player.ConsentSource.SOL, now
    return True


def import_players(records, clubs):
    finder = PlayerFinder(records)
    now = timezone.now()
    players, new, aliases = [], [], []
    for number, record in enumerate(records, start=1):
        where = Place(PLAYER, number=number)
        first_name = text(required(record, "firstname", where), NAME)
        last_name = text(record.get("lastname"), NAME)
        birth = as_date(record["birthdate"], where) if record.get("birthdate") else None
        club_ref = record.get("club") or record.get("federation")
        fields = {
            "guid": record.get("guid"),
            "sex": text(record.get("sex"), 1).upper() if record.get("sex") in ("M", "F") else "",
            "country": text(record.get("nationality"), 3),
            "date_of_birth": birth,
            "club": pick(clubs, club_ref, "club", where) if club_ref else None,
            "email": text(record.get("email"), 254),
        }
        player = finder.find(record.get("guid"), first_name, last_name, birth)
        if player is None:
            player = Player(first_name=first_name, last_name=last_name, **fields)
            player.identity = player_identity(first_name, last_name, player.country)
            take_consent(player, record, now)
            new.append(player)
        else:
            consented = take_consent(player, record, now)
            if fill_blanks(player, fields) or consented:
                player.save()
        if fields["guid"]:
            finder.by_guid[fields["guid"]] = player
        players.append(player)
        aliases += [(merged[0], player) for merged in record.get("merged") or () if merged and merged[0]]
    Player.objects.bulk_create(new, batch_size=500)
    merge_aliases(aliases)
    found = FilePlayers(players)
    found.new = {player.pk for player in new}
    return found


class FilePlayers(list):
    """The file's players in its order (its references are 1-based positions); `new`: the ids of those this
    import created, who have no entry before the file's tourneys are written."""

    new = frozenset()


def merge_aliases(aliases):
    """SoL's merged guids name the player they were merged into: remember them; a player we imported under
    such a guid before the merge is merged into the one it was merged into, as a secretary merges two records
    (tournaments.merging: its entries, line-ups, rates, links... follow)."""
    aliases = [(str(guid), player) for guid, player in aliases]  # a guid is text, as the database keeps it
    guids = {guid for guid, _player in aliases}
    known = set(in_chunks(PlayerAlias.objects, "guid", guids))
    held = set(in_chunks(Player.objects, "guid", guids))  # players under a merged guid: merged below
    new = []
    for guid, player in aliases:
        if guid in known:
            continue
        if guid in held:
            PlayerAlias.objects.bulk_create(new)  # the merge moves the aliases it finds
            new = []
            merge_alias(guid, player)
        else:
            new.append(PlayerAlias(guid=guid, player=player))
        known.add(guid)
    PlayerAlias.objects.bulk_create(new)


def merge_alias(guid, player):
    old = Player.objects.filter(guid=guid).exclude(pk=player.pk).first()
    if old is not None:
        try:
            merge_players(player, old)
        except ServiceError as error:
            raise SolFileError(
                _("SoL merged %(old)s into %(player)s, but here: %(reason)s")
                % {"old": old, "player": player, "reason": error.message}
            ) from None
    PlayerAlias.objects.get_or_create(guid=guid, defaults={"player": player})


def import_ratings(records, clubs):
    ratings = []
    for number, record in enumerate(records, start=1):
        where = _("Rating %(number)s") % {"number": number}
        name = text(required(record, "description", where), 120)
        guid = record.get("guid")
        rating = Rating.objects.filter(guid=guid).first() if guid else None
        rating = rating or Rating.objects.filter(name=name).first()
        if rating is None:
            rating = Rating(name=name, **({"guid": guid} if guid else {}))
            rating.level = str(given(record, "level", rating.level))
            rating.inheritance = bool(given(record, "inherit", rating.inheritance))
            rating.tau = as_decimal(record.get("tau"), where, rating.tau)
            rating.default_rate = given(record, "default_rate", rating.default_rate)
            rating.default_deviation = given(record, "default_deviation", rating.default_deviation)
            rating.default_volatility = as_decimal(record.get("default_volatility"), where, rating.default_volatility)
            rating.lower_rate = given(record, "lower_rate", rating.lower_rate)
            rating.higher_rate = given(record, "higher_rate", rating.higher_rate)
            rating.outcomes = record.get("outcomes") or rating.outcomes
            if record.get("club"):
                rating.club = pick(clubs, record["club"], "club", where)
            rating.save()
        ratings.append(rating)
    return ratings


def import_rates(records, ratings, players):
    """The file's rates, as plain rows (core.bulk): those we hold already (same rating, player and date) stay."""
    wanted = []
    for number, record in enumerate(records, start=1):
        where = Place(RATE, number=number)
        rating = pick(ratings, record.get("rating"), "rating", where)
        player = pick(players, record.get("player"), "player", where)
        date = as_date(required(record, "date", where), where)
        volatility = as_decimal(record.get("volatility"), where)
        wanted.append((rating.pk, player.pk, date, record.get("rate") or 0, record.get("deviation") or 0, volatility))
    existing = set(Rate.objects.filter(rating__in={rate[0] for rate in wanted}).values_list("rating", "player", "date"))
    new = []
    for rating, player, date, *figures, volatility in wanted:
        if (rating, player, date) not in existing:
            existing.add((rating, player, date))
            day, decimal = prepared(Rate, "date", date), prepared(Rate, "volatility", volatility)
            new.append((rating, player, day, *figures, decimal))
    insert_rows(Rate, ("rating", "player", "date", "rate", "deviation", "volatility"), new)


def import_championships(records, clubs, ratings):
    """The file's championships: ours by guid, else by club and name (looked up once for the file), else new
    ones, created together."""
    championships, previous, new = [], [], []
    by_guid = in_chunks(Championship.objects, "guid", {str(r["guid"]) for r in records if r.get("guid")})
    by_name = {}
    club_ids = {club.pk for club in clubs}
    for championship in Championship.objects.filter(club__in=club_ids).order_by("-pk"):
        by_name[(championship.club_id, championship.name)] = championship
    for number, record in enumerate(records, start=1):
        where = Place(CHAMPIONSHIP, number=number)
        name = text(required(record, "description", where), 120)
        club = pick(clubs, record.get("club"), "club", where)
        guid = record.get("guid")
        championship = by_guid.get(str(guid)) if guid else None
        championship = championship or by_name.get((club.pk, name))
        if championship is None:
            scheme = record.get("prizes") or Championship.Scheme.FIXED
            if scheme not in Championship.Scheme.values:
                scheme = Championship.Scheme.FIXED
            championship = Championship(
                name=name,
                club=club,
                guid=guid,
                prize_scheme=scheme,
                skip_worst=record.get("skipworstprizes") or 0,
                players_per_team=record.get("playersperteam") or 1,
                closed=bool(record.get("closed")),
            )
            new.append(championship)
            by_name[(club.pk, name)] = championship
            if guid:
                by_guid[str(guid)] = championship
        if record.get("rating"):
            pick(ratings, record["rating"], "rating", where)
        championships.append(championship)
        if record.get("previous"):
            previous.append((championship, record["previous"], where))
    Championship.objects.bulk_create(new)
    follows = []
    for championship, reference, where in previous:
        if championship.previous_id is None:
            championship.previous = pick(championships, reference, "championship", where)
            follows.append(championship)
    Championship.objects.bulk_update(follows, ["previous"])
    return championships
