"""What a tournament's webhook is told, and when: the receivers of the lower floors' signals write one delivery
per event in the transaction of the action that made it (a rolled-back action tells nobody; a committed one is sent
even if the worker is down then), and queue its sending once that commits.

- round.published: stages.signals.match_news "drawn" (a round, or a stage's preview rounds, published): one event
  per round, with its matches.
- match.called: match_news "called" (the match is announced: go to the table).
- result.confirmed: stages.signals.result_confirmed (a result that counts, a walk-over included).
- stage.finished: stages.signals.stage_finished.

A payload says what a public page of the tournament shows, no more: ids, the entries' public names
(`Entry.name`, written from the players' shown names: tournaments.consent), tables, times and scores. Never an
address, a date of birth, a private rating or a personal link."""

import json
from collections import defaultdict

from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone

from core.page_stamps import loaded_owner
from stages.models import Match
from webhooks import tasks
from webhooks.models import Delivery, Webhook

E = Delivery.Event


def record(webhook, event, body):
    """A delivery of `event` for `webhook`, due at once; its sending queued after the caller's transaction
    commits. `body` is what the event says; the envelope (id, type, time, tournament) is added here."""
    delivery = Delivery(webhook=webhook, event=event, next_attempt_at=timezone.now())
    tournament = webhook.tournament
    delivery.payload = plain(
        {
            "id": str(delivery.event_id),
            "type": event,
            "created_at": delivery.created_at,
            "tournament": {"slug": tournament.slug, "name": tournament.name},
            **body,
        }
    )
    delivery.save()
    transaction.on_commit(lambda: tasks.queue([delivery.pk]))
    return delivery


def plain(value):
    """Dates and times as ISO 8601 text, as the body will carry them."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


# ---------------------------------------------------------------- what each event says


def entry_body(entry):
    return None if entry is None else {"id": entry.pk, "name": entry.name}


def event_body(event):
    return {"id": event.pk, "name": event.name, "kind": event.kind}


def stage_body(stage):
    return {"id": stage.pk, "name": stage.name, "kind": stage.kind, "status": stage.status}


def round_body(rnd):
    return {"id": rnd.pk, "number": rnd.number, "name": rnd.name}


def match_body(match):
    return {
        "id": match.pk,
        "number": match.number,
        "table": match.table,
        "planned_at": match.planned_at,
        "called_at": match.called_at,
        "status": match.status,
        "entry_a": entry_body(match.entry_a),
        "entry_b": entry_body(match.entry_b),
    }


def result_body(match):
    winner = {match.entry_a_id: "a", match.entry_b_id: "b"}.get(match.winner_id) if match.winner_id else None
    return {
        **match_body(match),
        "score_a": match.score_a,
        "score_b": match.score_b,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "winner": winner,
        "walkover": match.status == Match.Status.WALKOVER,
        "confirmed_at": match.confirmed_at,
    }


def where(match):
    return {"event": event_body(match.stage.event), "stage": stage_body(match.stage), "round": round_body(match.round)}


# ---------------------------------------------------------------- the receivers


def hooked_matches(pks):
    """The matches of `pks` whose tournament has an active webhook, with what their payload names (one query; none
    at all for the tournaments without a webhook)."""
    related = ("entry_a", "entry_b", "round", "stage__event__tournament__webhook")
    matches = Match.objects.filter(pk__in=pks, stage__event__tournament__webhook__active=True)
    return list(matches.select_related(*related).order_by("round_id", "number", "pk"))


def on_match_news(sender, matches, news, **kwargs):
    """The receiver of stages.signals.match_news: "drawn" is a round published, "called" a match called."""
    if news not in ("drawn", "called") or not matches:
        return
    hooked = hooked_matches([match.pk for match in matches])
    if news == "called":
        for match in hooked:
            record(match.stage.event.tournament.webhook, E.MATCH_CALLED, {**where(match), "match": match_body(match)})
        return
    by_round = defaultdict(list)
    for match in hooked:
        by_round[match.round_id].append(match)
    for round_matches in by_round.values():
        first = round_matches[0]
        body = {**where(first), "matches": [match_body(match) for match in round_matches]}
        record(first.stage.event.tournament.webhook, E.ROUND_PUBLISHED, body)


def on_result_confirmed(sender, match, **kwargs):
    """The receiver of stages.signals.result_confirmed. Most tournaments have no webhook: when the match comes with
    its stage and event (the scoring service's do), a look at its tournament's webhook spares them the payload's
    query, a third of a result's time."""
    tournament_id = loaded_owner(match, "stage__event__tournament")
    if tournament_id is not None and not Webhook.objects.filter(tournament_id=tournament_id, active=True).exists():
        return
    for hooked in hooked_matches([match.pk]):
        body = {**where(hooked), "match": result_body(hooked)}
        record(hooked.stage.event.tournament.webhook, E.RESULT_CONFIRMED, body)


def on_stage_finished(sender, stage, **kwargs):
    """The receiver of stages.signals.stage_finished."""
    webhook = Webhook.objects.filter(tournament_id=stage.event.tournament_id, active=True).first()
    if webhook is not None:
        record(webhook, E.STAGE_FINISHED, {"event": event_body(stage.event), "stage": stage_body(stage)})
