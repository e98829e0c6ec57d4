"""Telling players, without their asking, when their round is drawn, their match is called or moved.

The stages, scoring and scheduling floors send `stages.signals.match_news` inside the secretary's transaction; the
receiver (players.tasks) writes the news in that transaction (players.outbox) and queues its sending after commit
(eager when there is no Redis), so the secretary's action never waits for a mail server, a rolled-back action
tells nobody and a broker outage loses nothing. The sending tells each player of the matches once per key
(tournaments.notifications.notify_players): a row on their personal page, which the page's live region shows at
once, and an e-mail where they gave an address. Whatever goes wrong while telling is written on the outbox's row
for the officials to see, never raised into the action."""

from collections import defaultdict

from players import display
from players.links import personal_link_urls
from stages.models import Match
from tournaments.models import EntryMember
from tournaments.notifications import notify_players

# Rows read per query. Not one query for a whole round: Django prefetches a foreign key on SQLite with one OR per
# row, and a drawn round of 2,000 players went past what SQLite parses ("Expression tree is too large"); joins
# (select_related) and batches keep every query small on any database.
BATCH = 400


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


def in_batches(ids, size=BATCH):
    ids = sorted(set(ids))
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def news_matches(match_ids):
    """The matches, with what the message names, read BATCH at a time."""
    related = ("round", "stage__event__tournament", "entry_a", "entry_b")
    return [
        match for ids in in_batches(match_ids) for match in Match.objects.filter(pk__in=ids).select_related(*related)
    ]


def entry_players(entry_ids):
    """{entry id: [player, ...]} in the entry's order, with their accounts, read BATCH entries at a time."""
    players = defaultdict(list)
    for ids in in_batches(entry_ids):
        for member in EntryMember.objects.filter(entry_id__in=ids).select_related("player__user"):
            players[member.entry_id].append(member.player)
    return players


def tell_match_players(match_ids, news):
    """Tell both sides' players of each match: one notification per player and key. Returns how many were made."""
    message = display.NEWS[news]
    sides = list(sides_to_tell([m for m in news_matches(match_ids) if still_news(m, news)], news))
    players = entry_players(entry.pk for _match, entry, _opponent in sides)
    by_tournament = defaultdict(list)
    for match, entry, _opponent in sides:
        by_tournament[match.stage.event.tournament].extend(players[entry.pk])
    urls = {}  # every player's personal link, in a few queries per tournament
    for tournament, tournament_players in by_tournament.items():
        urls.update(personal_link_urls(tournament, tournament_players))
    told = 0
    for match, entry, opponent in sides:
        told += len(
            notify_players(
                players[entry.pk],
                match.stage.event.tournament,
                lambda player, match=match, opponent=opponent: message(match, opponent),
                url_of=lambda player: urls.get(player.pk, ""),
                key=news_key(match, news),
            )
        )
    return told
