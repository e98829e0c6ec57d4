"""What each archive page's cache key holds (archive.cache): values that change when what the page shows does."""

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Max

from history.archive import selectors
from history.championships.models import Championship, Prize
from history.ratings.models import Rate, Rating
from history.sol.models import Picture
from tournaments.models import Club, Player
from tournaments.privacy import players_visible_to


def rows_stamp(queryset):
    return tuple(queryset.aggregate(count=Count("pk"), last=Max("pk")).values())


def tournaments_stamp(tournaments):
    return sorted(tournaments.values_list("pk", "page_version"))


def consent_stamp():
    """Changes whenever a player's consent is recorded: a ranking or club page shows their names and ratings."""
    return tuple(Player.objects.aggregate(last=Max("consent_at"), count=Count("consent_at")).values())


def player(player_id, **kwargs):
    found = Player.objects.filter(pk=player_id)
    rates = Rate.objects.filter(player_id=player_id)
    tournaments = selectors.public_tournaments().filter(events__entries__members__player_id=player_id).distinct()
    ratings = Rating.objects.filter(rates__player_id=player_id).distinct().values_list("pk", "recomputed_at")
    portrait = list(Picture.objects.filter(player_id=player_id).values_list("pk", "public"))
    return list(found.values_list()), rows_stamp(rates), tournaments_stamp(tournaments), sorted(ratings), portrait


def head_to_head(player_id, other_id):
    return player(player_id), player(other_id)


def club(club_id):
    found = Club.objects.filter(pk=club_id)
    # The players the public sees: a draft published adds its players to the page.
    shown = players_visible_to(AnonymousUser()).filter(club_id=club_id)
    players = shown.values_list("pk", "first_name", "last_name", "country", "publish_name", "alias")
    emblem = list(Picture.objects.filter(club_id=club_id).values_list("pk", "public"))
    return list(found.values_list()), sorted(players), tournaments_stamp(selectors.club_tournaments(club_id)), emblem


def rating(rating_id):
    found = Rating.objects.filter(pk=rating_id).values_list()
    shown = Rate.objects.filter(rating_id=rating_id, player__in=players_visible_to(AnonymousUser()))
    return list(found), rows_stamp(Rate.objects.filter(rating_id=rating_id)), shown.count(), consent_stamp()


def championship(championship_id):
    found = Championship.objects.filter(pk=championship_id).values_list()
    tournaments = selectors.public_tournaments().filter(championships=championship_id)
    prizes = Prize.objects.filter(event__tournament__championships=championship_id)
    return list(found), tournaments_stamp(tournaments), rows_stamp(prizes), consent_stamp()


def index():
    return (
        sorted(Rating.objects.values_list("pk", "name")),
        sorted(Championship.objects.values_list("pk", "name")),
        rows_stamp(Club.objects.all()),
    )
