"""Builders for the players' pages tests (tests/matches/test_player_*.py): a player entered in a singles and a
doubles event of one tournament, and matches of theirs."""

import base64
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from stages.models import Match, Round, Stage
from tests.factories import EntryFactory, EventFactory, MatchFactory, PlayerFactory, RoundFactory, StageFactory
from tournaments.models import Event

NINE = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def at(hours=0, minutes=0):
    return NINE + timedelta(hours=hours, minutes=minutes)


@dataclass
class World:
    player: object
    singles: object  # the player's singles entry
    doubles: object  # the player's doubles pair (with Bina Shah)
    singles_stage: object
    doubles_stage: object


def player_world(tournament, user=None):
    player = PlayerFactory(first_name="Asha", last_name="Rao", user=user)
    singles_event = EventFactory(tournament=tournament, name="Men's singles", rule_set="icf")
    doubles_event = EventFactory(tournament=tournament, name="Doubles", kind=Event.Kind.DOUBLES, rule_set="icf")
    partner = PlayerFactory(first_name="Bina", last_name="Shah")
    return World(
        player=player,
        singles=EntryFactory(event=singles_event, members=[player]),
        doubles=EntryFactory(event=doubles_event, members=[player, partner]),
        singles_stage=StageFactory(event=singles_event, name="Swiss", kind=Stage.Kind.SWISS),
        doubles_stage=StageFactory(event=doubles_event, name="Round robin", kind=Stage.Kind.ROUND_ROBIN),
    )


def round_of(stage, number, round_status=Round.Status.PUBLISHED):
    existing = Round.objects.filter(stage=stage, number=number).first()
    return existing or RoundFactory(stage=stage, number=number, status=round_status)


def play(stage, entry, round_number=1, opponent=None, side="a", round_status=Round.Status.PUBLISHED, **fields):
    """A match of `entry` (on `side`) against `opponent` (a new entry unless given) in round `round_number`."""
    opponent = opponent or EntryFactory(event=stage.event)
    sides = {"entry_a": entry, "entry_b": opponent} if side == "a" else {"entry_a": opponent, "entry_b": entry}
    return MatchFactory(round=round_of(stage, round_number, round_status), **sides, **fields)


def confirmed(stage, entry, round_number, score=(25, 10), side="a"):
    """A confirmed result, `score` from side A's view."""
    match = play(stage, entry, round_number, side=side, status=Match.Status.CONFIRMED)
    match.score_a, match.score_b = score
    match.winner = match.entry_a if score[0] > score[1] else match.entry_b
    match.save()
    return match


def many_matches(world, count):
    """`count` confirmed singles results and `count` doubles matches still to play, without a time."""
    for n in range(count):
        confirmed(world.singles_stage, world.singles, round_number=n + 1)
        play(world.doubles_stage, world.doubles, round_number=n + 1, side="b")


def players_of(match):
    """The players of both sides of a match, side A's first."""
    return [m.player for entry in (match.entry_a, match.entry_b) for m in entry.members.all()]


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def key_pair():
    """A P-256 key and its public point, base64url: what Web Push signs and encrypts with."""
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return key, base64url(point)


def vapid_keys():
    """The site's VAPID keys, as the settings (and the environment) name them."""
    key, public = key_pair()
    private = base64url(key.private_numbers().private_value.to_bytes(32, "big"))
    return {"WEBPUSH_VAPID_PUBLIC_KEY": public, "WEBPUSH_VAPID_PRIVATE_KEY": private}


def phone_keys():
    """A phone's push subscription keys: its public key (p256dh) and auth secret."""
    return {"p256dh": key_pair()[1], "auth": base64url(os.urandom(16))}
