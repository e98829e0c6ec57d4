"""The public archive: players, head-to-head, clubs, rating rankings and championship rankings. A player the visitor
may not see (tournaments.privacy) is not found, nor listed."""

from django.core.paginator import Paginator
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render

from history.archive import selectors, stamps
from history.archive.cache import archive_page
from history.archive.charts import history_chart
from history.archive.display import AGE_LABELS
from history.championships import selectors as championship_selectors
from history.championships.models import Championship
from history.ratings.models import Rating
from stats import selectors as stats_selectors
from tournaments.models import Club, Player
from tournaments.privacy import players_visible_to

RANKING_PAGE = 100


def index(request):
    query = request.GET.get("q", "").strip()[:80]
    if query:  # searches are not cached: any text may be typed
        return render(
            request, "archive/index.html", {"query": query, "found": selectors.find_players(query, request.user)}
        )
    return cached_index(request)


@archive_page(lambda: stamps.index())
def cached_index(request):
    context = {
        "ratings": Rating.objects.order_by("level", "name"),
        "championships": championship_selectors.championships(),
        "clubs": Club.objects.order_by("name"),
    }
    return render(request, "archive/index.html", context)


@archive_page(stamps.player)
def player_page(request, player_id):
    player = get_object_or_404(players_visible_to(request.user).select_related("club"), pk=player_id)
    results = selectors.results(player)
    # A player who keeps their rating private shows no rating, no history of it.
    histories = selectors.rating_histories(player) if player.publish_rating else {}
    context = {
        "player": player,
        "events": selectors.player_events(player),
        "results": results,
        "tally": selectors.tally(results),
        "chart": history_chart({rating.name: rows for rating, rows in histories.items()}),
        "latest": [(rating, rows[-1]) for rating, rows in histories.items()],
        "opponents": selectors.opponents(player),
        "portrait": selectors.shown_picture(player=player),
    }
    return render(request, "archive/player.html", context)


@archive_page(stamps.player)
def player_statistics(request, player_id):
    """The player's boards, breaks, queens and slams across the public tournaments (stats.selectors)."""
    player = get_object_or_404(players_visible_to(request.user).select_related("club"), pk=player_id)
    context = {"player": player, **stats_selectors.archive_player_page(player)}
    return render(request, "archive/statistics.html", context)


def head_to_head_form(request, player_id):
    """The opponent picker's answer (a GET form): the head-to-head page of the opponent chosen."""
    try:
        other = int(request.GET.get("opponent", ""))
    except ValueError:
        return redirect("archive-player", player_id=player_id)
    return redirect("archive-head-to-head", player_id=player_id, other_id=other)


@archive_page(stamps.head_to_head)
def head_to_head(request, player_id, other_id):
    player = get_object_or_404(players_visible_to(request.user), pk=player_id)
    other = get_object_or_404(players_visible_to(request.user), pk=other_id)
    results = selectors.results(player, other) if player != other else []
    context = {"player": player, "other": other, "results": results, "tally": selectors.tally(results)}
    return render(request, "archive/head_to_head.html", context)


@archive_page(stamps.club)
def club_page(request, club_id):
    club = get_object_or_404(Club, pk=club_id)
    context = {
        "club": club,
        "players": selectors.club_players(club, request.user),
        "tournaments": selectors.club_tournaments(club),
        "ratings": club.ratings.all(),
        "emblem": selectors.shown_picture(club=club),
    }
    return render(request, "archive/club.html", context)


@archive_page(stamps.rating, params=("country", "sex", "age", "page"))
def rating_page(request, rating_id):
    rating = get_object_or_404(Rating, pk=rating_id)
    countries = selectors.ranking_countries(rating, request.user)
    country = request.GET.get("country", "")
    sex = request.GET.get("sex", "")
    age = request.GET.get("age", "")
    country = country if country in countries else ""
    sex = sex if sex in Player.Sex.values else ""
    age = age if age in selectors.AGE_CATEGORIES else ""
    rows = selectors.filtered_ranking(rating, request.user, country, sex, age)
    page = Paginator(rows, RANKING_PAGE).get_page(request.GET.get("page"))
    context = {
        "rating": rating,
        "page": page,
        "first_place": page.start_index(),
        "countries": countries,
        "sexes": Player.Sex.choices,
        "ages": age_choices(),
        "chosen": {"country": country, "sex": sex, "age": age},
        "filtered": bool(country or sex or age),
    }
    return render(request, "archive/rating.html", context)


def age_choices():
    return [(key, AGE_LABELS[key]) for key in selectors.AGE_CATEGORIES]


@archive_page(stamps.championship)
def championship_page(request, championship_id):
    championship = get_object_or_404(Championship.objects.select_related("club"), pk=championship_id)
    columns, rows = championship_selectors.ranking(championship)  # prized events of published tournaments
    context = {"championship": championship, "columns": columns, "rows": rows}
    return render(request, "archive/championship.html", context)


def portrait(request, player_id):
    """A player's portrait, where the player agreed to show it and the visitor may see the player."""
    player = get_object_or_404(players_visible_to(request.user), pk=player_id)
    return picture_response(selectors.shown_picture(player=player))


def emblem(request, club_id):
    return picture_response(selectors.shown_picture(club=get_object_or_404(Club, pk=club_id)))


def picture_response(picture):
    """The stored copy (history.sol re-encoded it as JPEG or PNG), read through the storage, wherever it lives: a
    folder or a shared S3-compatible store, whose own addresses are never given out."""
    if picture is None:
        raise Http404
    try:
        stored = picture.image.open("rb")
    except OSError as missing:  # the row outlived its file (a store restored without its media)
        raise Http404 from missing
    kind = "image/png" if picture.image.name.endswith(".png") else "image/jpeg"
    response = FileResponse(stored, content_type=kind)
    response["Cache-Control"] = "public, max-age=3600"
    response["X-Content-Type-Options"] = "nosniff"
    return response
