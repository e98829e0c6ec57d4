"""Players' pages: a mobile-first schedule page (next match, results, links to the round's
pairings and the standings, notifications) reached by a personal link that needs no login, or by /me/ for a
logged-in player; and the secretary's list of those links to hand out.

The schedule refreshes itself without a reload: static/js/live.js polls `?fragment=1` and `live_fragment`
answers 204 while nothing changed."""

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string, select_template
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from core.live import live_fragment, live_region
from core.numbers import object_id
from core.origin import from_own_pages
from core.page_cache import public_page
from matches.ties.selectors import captains_ties, players_rubbers
from players import selectors as player_services
from players.chances import player_chances
from players.links import match_link_url, personal_link_urls, player_from_personal_token
from players.tasks import ask_for_chances
from stages.models import Match
from stages.umpiring import self_umpired_event
from tournaments import push
from tournaments.models import Event
from tournaments.rollcall import open_roll_calls
from tournaments.scoping import secretary_tournament, visible_tournament

# The protests app's include showing the status of any protest about a match. Pages include
# it only once it exists, so this page works before and after.
PROTESTS_INCLUDE = "protests/_match_protests.html"

# ---------------------------------------------------------------- links to other helpers' pages


def optional_url(name, *args):
    """The URL of a page that another part of the system may not provide (yet), or None."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def protests_include():
    try:
        select_template([PROTESTS_INCLUDE])
    except TemplateDoesNotExist:
        return None
    return PROTESTS_INCLUDE


def with_links(pm, slug, stage_urls):
    """The match page and the round's pairings (the round page, or the stage page at that round). `stage_urls`:
    the stage pages' addresses made so far for the page, by stage id (a player's matches are mostly one stage's)."""
    m = pm.match
    pm.url = optional_url("match-detail", slug, m.pk)
    if m.stage_id not in stage_urls:
        stage_urls[m.stage_id] = reverse("stage-detail", args=[slug, m.stage_id])
    pm.stage_url = stage_urls[m.stage_id]
    pm.round_url = optional_url("round-detail", slug, m.round_id) or f"{pm.stage_url}#round-{m.round.number}"
    return pm


# ---------------------------------------------------------------- the schedule page


@public_page(params=("fragment",), live=True)
def player_schedule(request, slug, token):
    """The personal link: no login, the signed token names the player's link (players.links); a forged or revoked
    token is a 404.

    Kept in the public page cache (core.page_cache) per token, until the tournament's stamp changes (revoking the
    link changes it too). Only a valid token makes a 200, the only answer kept, so a guessed token is never
    answered from the cache: every guess reaches the view and the rate limit of bad links (players.throttle),
    which is put around this (urls_public) so that it counts every request, cached ones too. The page sets no
    cookie: its forms (the self check-in, Web Push) post with the token in their address as the credential,
    without a CSRF token (those views are csrf_exempt and check the token before anything else; Web Push first
    refuses a browser's post from another site)."""
    tournament = visible_tournament(request, slug)
    return schedule_response(request, tournament, linked_player(tournament, token), personal_link=True)


def linked_player(tournament, token):
    player = player_from_personal_token(tournament, token)
    if player is None:
        raise Http404(_("This link is not valid. Ask the tournament secretary for your personal link."))
    return player


@csrf_exempt  # the personal link's token in the address is the credential; no cookie is read
@require_POST
def push_subscription(request, slug, token):
    """POST the browser's PushSubscription (JSON: endpoint, keys.p256dh, keys.auth): the player's news is then
    pushed to this phone too (tournaments.push). 201, or 400 with field errors.

    Without a CSRF cookie (the page may come from the public cache), yet only from the site's own pages: a browser
    that says it posts from another site is refused (403), and the body must be JSON, which a form elsewhere cannot
    send and a script elsewhere may send only after asking us (CORS), which this site never allows."""
    if not from_own_pages(request):
        return JsonResponse({"detail": _("Notifications are turned on from your personal page only.")}, status=403)
    player = linked_player(visible_tournament(request, slug), token)
    try:
        data = json.loads(request.body or b"{}") if request.content_type == "application/json" else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("keys", {}), dict):
        return JsonResponse({"endpoint": [_("Send the browser's push subscription as JSON.")]}, status=400)
    keys = data.get("keys", {})
    try:
        push.subscribe(player, data.get("endpoint"), keys.get("p256dh"), keys.get("auth"))
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=400)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
def my_schedule(request, slug):
    """The logged-in player's own schedule, without a token."""
    tournament = visible_tournament(request, slug)
    player = getattr(request.user, "player", None)
    if player is None:
        return not_entered(request, tournament, None)
    return schedule_response(request, tournament, player, personal_link=False)


def schedule_response(request, tournament, player, personal_link):
    schedule = player_services.player_schedule(tournament, player)
    if not schedule.entries:
        return not_entered(request, tournament, player)
    context = schedule_context(tournament, schedule)
    if personal_link:  # the next match's card, and a finished one's the other side still confirms
        for pm in [schedule.next_match, *(pm for pm in schedule.results if pm.match.status == Match.Status.FINISHED)]:
            with_card_link(pm)
    with_rubbers(schedule.next_match, player, personal_link)
    # A Swiss stage with rounds left: the player's chances, an estimate (players.chances).
    context["chances"] = player_chances(schedule)
    ask_for_chances(context["chances"])
    html = render_to_string("players/_schedule.html", context, request=request)
    if request.GET.get("fragment"):
        return live_fragment(request, html)
    return render(
        request,
        "players/schedule.html",
        {
            **context,
            "fragment": html,
            **live_region(request, html),
            "personal_link": personal_link,
            # Web Push is offered on the personal link's page only, and only where the site has VAPID keys.
            "push_key": settings.WEBPUSH_VAPID_PUBLIC_KEY if personal_link and push.push_enabled() else "",
            "push_url": f"{request.path}push/",
            # A team captain names the line-ups from here (players.line_up_views): the links carry the token.
            "captains_ties": captains_ties(player, tournament) if personal_link and in_team_event(schedule) else [],
            # "I am here" while an event's roll call before its draw is open (players.roll_call_views).
            "roll_calls": open_roll_calls(schedule.entries) if personal_link else [],
            "page_path": request.path,
        },
    )


def in_team_event(schedule):
    """The player has an entry in a team event: only there may they captain a team."""
    return any(entry.event.kind == Event.Kind.TEAM_TIES for entry in schedule.entries)


def schedule_context(tournament, schedule):
    slug, stage_urls = tournament.slug, {}
    for pm in schedule.matches:
        with_links(pm, slug, stage_urls)
    return {
        "tournament": tournament,
        "schedule": schedule,
        "player": schedule.player,
        "next": schedule.next_match,
        "protests_include": protests_include(),
    }


# A self-umpired match whose card its players keep: from the call until the result is confirmed.
CARD_KEPT = (Match.Status.CALLED, Match.Status.IN_PLAY, Match.Status.FINISHED)


def with_card_link(pm):
    """The personal page leads to the player's side of a self-umpired card (its match link), so a player without
    the printed QR code still reaches it; the personal link is itself private, so the page may carry it. The link
    is the site's (SITE_URL), else the path, never one made from the request's host: the page is kept in the
    public page cache and served whatever host name it is asked by."""
    if pm is None or pm.match.status not in CARD_KEPT:
        return
    if pm.match.self_umpired or self_umpired_event(pm.match.stage.event):  # ECC: the players keep their card
        pm.card_url = match_link_url(pm.match, pm.side)


def with_rubbers(pm, player, personal_link):
    """A team player's next tie: the rubbers they play in it, each with its page, and its card by the match link
    where the players keep it (a self-umpired event), as a single match's card."""
    if pm is None:
        return
    pm.rubbers = players_rubbers(pm.match, player)
    for row in pm.rubbers:
        row["url"] = reverse("match-detail", args=[pm.match.stage.event.tournament.slug, row["match"].pk])
        if personal_link and row["match"].status in CARD_KEPT + (Match.Status.SCHEDULED,):
            if row["match"].self_umpired or self_umpired_event(pm.match.stage.event):
                row["card_url"] = match_link_url(row["match"], row["side"])


def not_entered(request, tournament, player):
    return render(request, "players/not_entered.html", {"tournament": tournament, "player": player}, status=404)


# ---------------------------------------------------------------- the secretary's list of personal links


@login_required
def player_links(request, slug):
    """Secretaries: every entered player's personal link, to print or send (a personal link is personal, so the
    list is not public). `?event=<id>` narrows it to one event."""
    tournament = secretary_tournament(request, slug)
    event = None
    if request.GET.get("event"):
        event = get_object_or_404(Event, pk=object_id(request.GET["event"]), tournament=tournament)
    members = player_services.tournament_players(tournament, event.pk if event else None)
    urls = personal_link_urls(tournament, [member.player for member in members], request)
    for member in members:
        member.personal_url = urls[member.player_id]
    return render(request, "players/links.html", {"tournament": tournament, "event": event, "members": members})
