"""JSON shapes of the scheduling and round clock API. Shapes and types only: the rules are checked by
scheduling.services."""

from rest_framework import serializers

from matches.scheduling.display import placement_notes, user_name
from matches.scheduling.services import MAX_MINUTES, MAX_TABLES
from matches.scoring.serializers import match_status_field
from stages.umpiring import CHECK_IN_MODES


class SessionSerializer(serializers.Serializer):
    """A playing session: a day and the hours the hall plays on it, in the site's time zone."""

    date = serializers.DateField()
    start = serializers.TimeField(format="%H:%M")
    end = serializers.TimeField(format="%H:%M", help_text="After `start`, on the same day.")


class VenueSerializer(serializers.Serializer):
    tables = serializers.IntegerField(min_value=1, max_value=MAX_TABLES)
    match_minutes = serializers.IntegerField(min_value=1, max_value=MAX_MINUTES)
    rest_minutes = serializers.IntegerField(min_value=0, max_value=MAX_MINUTES)
    sessions = SessionSerializer(
        many=True,
        required=False,
        help_text="The hall's playing sessions, none overlapping: no match is booked outside them, and a break is "
        "the gap between two. Left out of a PUT: kept as they are; an empty list: every hour is a playing hour.",
    )


class ScheduleRequestSerializer(serializers.Serializer):
    start = serializers.DateTimeField(help_text="When the first match starts.")
    first_table = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    last_table = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    keep_tables = serializers.BooleanField(required=False, default=True)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class MoveSerializer(serializers.Serializer):
    table = serializers.IntegerField(min_value=1)
    planned_at = serializers.DateTimeField()
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class UmpireSerializer(serializers.Serializer):
    umpire = serializers.IntegerField(allow_null=True, help_text="User id of the umpire; null for none.")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


def placement(placed):
    """The answer's account of a schedule (placing.Placed) beyond its matches."""
    return {"unscheduled": [m.pk for m in placed.unfit], "notes": placement_notes(placed)}


def schedule_row(match):
    """One match of a round's schedule."""
    return {
        "id": match.pk,
        "number": match.number,
        "group": match.group_id,
        "entry_a": match.entry_a_id,
        "entry_a_name": str(match.entry_a) if match.entry_a_id else None,
        "entry_b": match.entry_b_id,
        "entry_b_name": str(match.entry_b) if match.entry_b_id else None,
        "table": match.table,
        "planned_at": match.planned_at,
        "umpire": match.umpire_id,
        "umpire_name": user_name(match.umpire) if match.umpire_id else None,
        "self_umpired": match.self_umpired,
        "status": match.status,
        "score_a": match.score_a,
        "score_b": match.score_b,
        "winner": match.winner_id,
    }


# ---------------------------------------------------------------- answers (response shapes only)


class ScheduleRowSerializer(serializers.Serializer):
    """One match of a round's schedule (schedule_row)."""

    id = serializers.IntegerField()
    number = serializers.IntegerField()
    group = serializers.IntegerField(allow_null=True)
    entry_a = serializers.IntegerField(allow_null=True)
    entry_a_name = serializers.CharField(allow_null=True)
    entry_b = serializers.IntegerField(allow_null=True)
    entry_b_name = serializers.CharField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    planned_at = serializers.DateTimeField(allow_null=True)
    umpire = serializers.IntegerField(allow_null=True, help_text="User id of the umpire.")
    umpire_name = serializers.CharField(allow_null=True)
    self_umpired = serializers.BooleanField()
    status = match_status_field()
    score_a = serializers.IntegerField(allow_null=True)
    score_b = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)


class ClockStateSerializer(serializers.Serializer):
    """A round clock at `now` (clock.clock_state); every time is null without a clock."""

    now = serializers.DateTimeField()
    phase = serializers.ChoiceField(
        choices=["none", "running", "first_bell", "second_bell"],
        help_text="none: no clock; running: to the first bell; first_bell: between the bells; second_bell: after.",
    )
    seconds_left = serializers.IntegerField(allow_null=True, help_text="Whole seconds to the next bell.")
    started_at = serializers.DateTimeField(allow_null=True)
    first_bell_at = serializers.DateTimeField(allow_null=True)
    second_bell_at = serializers.DateTimeField(allow_null=True)
    time_limit = serializers.BooleanField(
        allow_null=True, help_text="Two bells (a time limit, ECC 39-41), or false for a plain countdown."
    )


class ScheduleRoundRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()


class RoundScheduleSerializer(serializers.Serializer):
    round = ScheduleRoundRefSerializer()
    clock = ClockStateSerializer()
    matches = ScheduleRowSerializer(many=True, help_text="By time and table.")


class PlacementSerializer(serializers.Serializer):
    """What a schedule could not do as asked, beyond the matches it placed."""

    unscheduled = serializers.ListField(
        child=serializers.IntegerField(), help_text="Matches that fit in no playing session: they have no time."
    )
    notes = serializers.ListField(
        child=serializers.CharField(),
        help_text='In words: matches carried to a later session ("12 matches carried to the Tuesday 08 Dec 10:00 '
        'session."), matches that fit in none.',
    )


class RoundScheduledSerializer(RoundScheduleSerializer, PlacementSerializer):
    """A round just scheduled."""


class StageRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class StageScheduleSerializer(PlacementSerializer):
    """What scheduling a whole stage placed (schedule_stage)."""

    stage = StageRefSerializer()
    matches = ScheduleRowSerializer(many=True, help_text="The matches placed, by time and table.")


class CallSerializer(serializers.Serializer):
    check_in = serializers.ChoiceField(
        choices=CHECK_IN_MODES,
        required=False,
        help_text='How absence is established: "claims" or "desk"; the event\'s default when left out.',
    )
