"""The personal links handed out: cut-out slips (printing.slips_pdf) and the e-mail to each player who gave an
address, for a tournament or one of its events. The links are players.links'; a revoked and reissued link is a new
key, so its slip prints the new address and its e-mail goes again (each player is e-mailed once per key)."""

import hashlib

from django.db import transaction
from django.utils.translation import gettext as _

from players.links import personal_link_urls, personal_links
from players.selectors import tournament_players
from printing.slips_pdf import Slip
from tournaments.models import Player, Tournament
from tournaments.notifications import notify_players


def slips(tournament, event=None, request=None):
    """A slip per player entered in the tournament (or `event`), in the order of the secretary's list; a player in
    two events gets one slip (the link is the same)."""
    members = tournament_players(tournament, event.pk if event else None)
    players = {member.player_id: member for member in members}
    urls = personal_link_urls(tournament, [member.player for member in players.values()], request)
    return [
        Slip(
            name=member.player.full_name,
            tournament=tournament.name,
            event=event_line(member, event),
            url=urls[pk],
            short_url=urls[pk].split("://", 1)[-1],
        )
        for pk, member in players.items()
    ]


def event_line(member, event):
    entry = member.entry
    if entry.event.kind != "singles":
        return f"{entry.event.name} · {entry.name}"
    return entry.event.name


# ---------------------------------------------------------------- e-mail


def mail_key(link):
    """One e-mail per player and link key: a reissued link (a new key) is sent again. The key is hashed: a
    notification's key is no place for part of a credential."""
    return f"personal-link:{link.pk}:{hashlib.sha256(link.key.encode()).hexdigest()[:16]}"


def addressed_players(tournament, event=None):
    """The players of the tournament (or event) who gave an e-mail address, themselves or on their account."""
    members = tournament_players(tournament, event.pk if event else None)
    ids = {member.player_id for member in members}
    players = Player.objects.filter(pk__in=ids).select_related("user")
    return [player for player in players if player.email or (player.user_id and player.user.email)]


def mail_links(tournament_id, player_ids, site=""):
    """E-mail each of `player_ids` their personal link, once per link key (the task; safe to run twice). `site`
    ("https://host") makes the links whole where settings.SITE_URL is not set: the request that queued the task
    knew the site's address, a worker does not."""
    tournament = Tournament.objects.get(pk=tournament_id)
    players = list(Player.objects.filter(pk__in=player_ids).select_related("user"))
    links = personal_links(tournament, players)
    urls = {
        pk: f"{site}{url}" if url.startswith("/") else url
        for pk, url in personal_link_urls(tournament, players).items()
    }
    sent = 0
    for player in players:
        link = links[player.pk]
        with transaction.atomic():  # the player's message and its e-mail, both or neither
            sent += len(
                notify_players(
                    [player],
                    tournament,
                    lambda player: link_message(tournament, player),
                    url_of=lambda player: urls[player.pk],
                    key=mail_key(link),
                )
            )
    return sent


def link_message(tournament, player):
    """(subject, body) of the e-mail, in the player's language (notify_players sets it and adds the link)."""
    subject = _("Your personal link: %(tournament)s") % {"tournament": tournament.name}
    body = _(
        "Hello %(name)s,\n\nthis link opens your own page at %(tournament)s: your next match, its table and time, "
        "your results, and the check-in at your table. It needs no login; keep it to yourself."
    ) % {"name": player.full_name, "tournament": tournament.name}
    return subject, body
