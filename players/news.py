"""Telling players, without their asking, when their round is drawn, their match is called or moved.

The stages, scoring and scheduling floors send `stages.signals.match_news` inside the secretary's transaction; the
receiver (players.tasks) only queues a Celery task after commit (eager when there is no Redis), so the secretary's
action never waits for a mail server and a rolled-back action tells nobody. The task tells each player of the
matches once per key (tournaments.notifications.notify_players): a row on their personal page, which the page's live
region shows at once, and an e-mail where they gave an address. Whatever goes wrong while telling is logged,
never raised into the action."""

from collections import defaultdict

from players import display
from players.links import personal_link_urls
from stages.models import Match
from tournaments.notifications import notify_players


def news_key(match, news):
    """One notification per player and key: a match is drawn once, called once per call, moved once per place."""
    if news == "called":
        return f"called:{match.pk}:{int(match.called_at.timestamp()) if match.called_at else 0}"
    if news == "moved":
        when = match.planned_at.isoformat() if match.planned_at else "-"
        return f"moved:{match.pk}:{match.table or '-'}:{when}"
    return f"{news}:{match.pk}"


def still_news(match, news):
    """Read after commit: a call withdrawn, or a match started, meanwhile is no longer worth telling; a bracket's
    match whose opponent is not known yet is no draw to tell of."""
    if news == "called":
        return match.status == Match.Status.CALLED
    if news == "drawn" and match.status != Match.Status.BYE and match.entry_b_id is None:
        return False
    return match.status in (Match.Status.SCHEDULED, Match.Status.CALLED, Match.Status.BYE)


def sides_to_tell(matches, news):
    """(match, entry, opponent) for each side of `matches` to tell, in round order. A stage published whole (groups,
    a round robin) draws all of an entry's rounds at once: for "drawn" its players hear of their first match only,
    not of every one in one go; the later ones reach them when called."""
    told = set()
    for match in sorted(matches, key=lambda m: (m.round.number, m.number, m.pk)):
        for entry, opponent in ((match.entry_a, match.entry_b), (match.entry_b, match.entry_a)):
            if entry is None or (news == "drawn" and entry.pk in told):
                continue
            told.add(entry.pk)
            yield match, entry, opponent


def tell_match_players(match_ids, news):
    """Tell both sides' players of each match: one notification per player and key. Returns how many were made."""
    message = display.NEWS[news]
    matches = (
        Match.objects.filter(pk__in=match_ids)
        .select_related("round", "stage__event__tournament", "entry_a", "entry_b")
        .prefetch_related("entry_a__members__player__user", "entry_b__members__player__user")
    )
    sides = list(sides_to_tell([m for m in matches if still_news(m, news)], news))
    by_tournament = defaultdict(list)
    for match, entry, _opponent in sides:
        by_tournament[match.stage.event.tournament].extend(member.player for member in entry.members.all())
    urls = {}  # every player's personal link, in a few queries per tournament
    for tournament, players in by_tournament.items():
        urls.update(personal_link_urls(tournament, players))
    told = 0
    for match, entry, opponent in sides:
        told += len(
            notify_players(
                [member.player for member in entry.members.all()],
                match.stage.event.tournament,
                lambda player, match=match, opponent=opponent: message(match, opponent),
                url_of=lambda player: urls.get(player.pk, ""),
                key=news_key(match, news),
            )
        )
    return told
