"""JSON shapes of a player's schedule (players.selectors.PlayerSchedule). Read-only."""

from rest_framework import serializers


class ScheduleTournamentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class SchedulePlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField(
        source="shown_name",
        help_text="The name the public sees (initials and club for a player who keeps their name private).",
    )
    country = serializers.CharField(
        source="shown_country", help_text="Empty for a player who keeps their name private."
    )
    club = serializers.CharField(source="club.name", allow_null=True)


class OwnPlayerSerializer(SchedulePlayerSerializer):
    """The player reading their own page through their personal link: their own name and country."""

    name = serializers.CharField(source="full_name")
    country = serializers.CharField()


class ScheduleEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    kind = serializers.CharField()
    rule_set = serializers.CharField()


class ScheduleEntryRefSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class ScheduleEntrySerializer(ScheduleEntryRefSerializer):
    event = ScheduleEventSerializer()
    withdrawn = serializers.BooleanField()


class ScheduleStageSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    kind = serializers.CharField()


class ScheduleRoundSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    number = serializers.IntegerField()
    name = serializers.CharField(source="display_name")


class ScheduleClockSerializer(serializers.Serializer):
    started_at = serializers.DateTimeField()
    first_bell_at = serializers.DateTimeField()
    second_bell_at = serializers.DateTimeField()


class PlayerMatchSerializer(serializers.Serializer):
    """A match from the player's side: `side` is the player's ("a" or "b"); scores are the player's first."""

    id = serializers.IntegerField(source="match.pk")
    event = ScheduleEventSerializer(source="match.stage.event")
    stage = ScheduleStageSerializer(source="match.stage")
    round = ScheduleRoundSerializer(source="match.round")
    group = serializers.CharField(source="match.group.name", allow_null=True)
    number = serializers.IntegerField(source="match.number")
    table = serializers.IntegerField(source="match.table", allow_null=True)
    planned_at = serializers.DateTimeField(source="match.planned_at", allow_null=True)
    status = serializers.CharField(source="match.status")
    status_display = serializers.CharField(source="match.get_status_display")
    instruction = serializers.CharField(help_text='While the match is called: "Go to table 5 now"; else "".')
    side = serializers.CharField()
    entry = ScheduleEntryRefSerializer()
    opponent = ScheduleEntryRefSerializer(allow_null=True)
    umpire = serializers.SerializerMethodField()
    self_umpired = serializers.BooleanField(source="match.self_umpired")
    clock = ScheduleClockSerializer(allow_null=True, help_text="The round clock (ECC 39-41), when one was started.")
    report_deadline = serializers.DateTimeField(
        source="match.report_deadline", allow_null=True, help_text="Report at the board by then (ICF 143)."
    )
    reported_at = serializers.DateTimeField(allow_null=True, help_text="When the player's side reported.")
    late_arrival_law = serializers.CharField(help_text="The law giving the deadline, e.g. ICF 143(i).")
    score = serializers.CharField(
        help_text='The player\'s side first: "25–10", "2–1 (62–47)", "won by walk-over", "bye".'
    )
    points_for = serializers.IntegerField(allow_null=True)
    points_against = serializers.IntegerField(allow_null=True)
    games_for = serializers.IntegerField()
    games_against = serializers.IntegerField()
    outcome = serializers.CharField(help_text='"won", "lost", "drawn", "bye", or "" without a final result.')
    final = serializers.BooleanField(help_text="Counts in standings and brackets.")
    withheld = serializers.BooleanField(source="match.result_withheld", help_text="A protest is undecided (ICF 150).")
    forfeited = serializers.BooleanField(help_text="The player's side lost by forfeit (late arrival).")
    result_note = serializers.CharField()

    def get_umpire(self, pm) -> str | None:
        umpire = pm.match.umpire
        if umpire is None:
            return None
        return umpire.get_full_name() or umpire.get_username()


class ScheduleNotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    subject = serializers.CharField(source="shown_subject", help_text="In the language of the request.")
    body = serializers.CharField(source="shown_body", help_text="In the language of the request.")
    url = serializers.CharField()
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True)


class RoundStandingSerializer(serializers.Serializer):
    round = ScheduleRoundSerializer()
    rank = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField()
    entries = serializers.IntegerField(help_text="How many entries the standings rank.")
    final = serializers.BooleanField(help_text="Every result up to this round counts (none to confirm or withheld).")


class StageProgressSerializer(serializers.Serializer):
    stage = ScheduleStageSerializer()
    group = serializers.CharField(source="group.name", allow_null=True)
    rounds = RoundStandingSerializer(many=True, help_text="The player's rank and points after each round.")


class ScheduleSerializer(serializers.Serializer):
    """What anyone who may view the tournament reads about a player."""

    tournament = ScheduleTournamentSerializer()
    player = SchedulePlayerSerializer()
    entries = ScheduleEntrySerializer(many=True)
    next_match = PlayerMatchSerializer(allow_null=True)
    later = PlayerMatchSerializer(many=True, help_text="The other matches still to play, in order.")
    results = PlayerMatchSerializer(many=True, help_text="Matches with a result, latest first.")
    standings = StageProgressSerializer(many=True, help_text="Swiss, round-robin and group stages only.")


class PersonalScheduleSerializer(ScheduleSerializer):
    """The personal link adds the player's own notifications, and reads the player's own name."""

    player = OwnPlayerSerializer()

    notifications = ScheduleNotificationSerializer(many=True)
