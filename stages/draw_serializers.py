"""Request serializers for the stateless draw-engine endpoints (``/api/draws/...``)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.http_errors import ErrorSerializer
from stages.draws.standings import METRICS
from stages.draws.swiss import FIRST_ROUND, METHODS

MAX_COMPETITORS = 5000
MAX_ROUND_ROBIN = 500
MAX_KNOCKOUT = 8192


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}]})
class IdField(serializers.Field):
    """A competitor id as the caller knows it: an integer or a non-empty string."""

    default_error_messages = {"invalid": gettext_lazy("An id must be an integer or a non-empty string.")}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | str) or data == "":
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


def _check_known(ids, known, field):
    unknown = sorted({str(x) for x in ids if x is not None and x not in known})
    if unknown:
        raise serializers.ValidationError(
            {field: [_("Unknown competitor id(s): %(ids)s.") % {"ids": ", ".join(unknown)}]}
        )


def _check_unique(competitors):
    ids = [c["id"] for c in competitors]
    if len(set(ids)) != len(ids):
        raise serializers.ValidationError({"competitors": [_("Competitor ids must be unique.")]})
    return set(ids)


class SwissCompetitorSerializer(serializers.Serializer):
    id = IdField()
    name = serializers.CharField(required=False, allow_blank=True, default="")
    points = serializers.FloatField(required=False, default=0)
    buchholz = serializers.FloatField(required=False, default=0)
    net_score = serializers.FloatField(required=False, default=0)
    total_score = serializers.FloatField(required=False, default=0)
    rating = serializers.FloatField(required=False, allow_null=True, default=None)
    country = serializers.CharField(required=False, allow_blank=True, allow_null=True, default="")
    club = serializers.CharField(required=False, allow_blank=True, allow_null=True, default="")
    withdrawn = serializers.BooleanField(required=False, default=False)


class SwissRequestSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=METHODS, default="dazed")
    round = serializers.IntegerField(min_value=1, default=1)
    delay_top_players = serializers.IntegerField(min_value=0, default=0)
    delay_compatriots = serializers.IntegerField(
        min_value=0,
        max_value=32767,
        default=0,
        help_text="In rounds 1 to N (dazed, serial, staggered), each competitor's opponents of the same country are "
        "tried last among each run of equal points, as SoL 5.26's delaycompatriotpairing; optimal adds "
        "compatriot_penalty to a pair of compatriots in those rounds. 0: no delay.",
    )
    delay_club_mates = serializers.IntegerField(
        min_value=0,
        max_value=32767,
        default=0,
        help_text="As delay_compatriots, for competitors of the same club (an empty club is nobody's).",
    )
    first_round = serializers.ChoiceField(
        choices=FIRST_ROUND,
        default="given",
        help_text="Round 1 order: as given (default), random or by rating.",
    )
    seed = serializers.IntegerField(required=False, help_text="Random seed for first_round=random.")
    competitors = SwissCompetitorSerializer(many=True, max_length=MAX_COMPETITORS)
    played = serializers.ListField(
        child=serializers.ListField(child=IdField(allow_null=True), min_length=2, max_length=2),
        required=False,
        default=list,
    )
    byes = serializers.ListField(child=IdField(), required=False, default=list)
    bye_score = serializers.ListField(
        child=serializers.IntegerField(min_value=0),
        min_length=2,
        max_length=2,
        required=False,
        default=[25, 0],
    )

    def validate(self, attrs):
        known = _check_unique(attrs["competitors"])
        _check_known([x for pair in attrs["played"] for x in pair], known, "played")
        _check_known(attrs["byes"], known, "byes")
        return attrs


class DrawMatchSerializer(serializers.Serializer):
    a = IdField()
    b = IdField(allow_null=True, required=False, default=None)
    score_a = serializers.FloatField(default=0)
    score_b = serializers.FloatField(default=0)
    boards_a = serializers.FloatField(
        required=False, allow_null=True, default=None, help_text="A team tie's board points over its rubbers."
    )
    boards_b = serializers.FloatField(required=False, allow_null=True, default=None)


class StandingsCompetitorSerializer(serializers.Serializer):
    id = IdField()
    name = serializers.CharField(required=False, allow_blank=True, default="")
    rating = serializers.FloatField(required=False, allow_null=True, default=None)


class StandingsRequestSerializer(serializers.Serializer):
    system = serializers.ChoiceField(choices=["swiss", "round_robin"])
    competitors = StandingsCompetitorSerializer(many=True, max_length=MAX_COMPETITORS)
    matches = DrawMatchSerializer(many=True, required=False, default=list)
    precedence = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(METRICS)),
        required=False,
        help_text="Tie-break metric keys in order; the system's default when left out.",
    )

    def validate(self, attrs):
        known = _check_unique(attrs["competitors"])
        _check_known([x for m in attrs["matches"] for x in (m["a"], m["b"])], known, "matches")
        return attrs


class RoundRobinRequestSerializer(serializers.Serializer):
    n = serializers.IntegerField(min_value=2, max_value=MAX_ROUND_ROBIN)
    double = serializers.BooleanField(required=False, default=False)


class KnockoutRequestSerializer(serializers.Serializer):
    seeds = serializers.IntegerField(min_value=2, max_value=MAX_KNOCKOUT)


# ---------------------------------------------------------------- the engines' answers (response shapes only)


class SwissPairingSerializer(serializers.Serializer):
    pairs = serializers.ListField(
        child=serializers.ListField(child=IdField(), min_length=2, max_length=2),
        help_text="Pairs of competitor ids in pairing order, the higher-placed first.",
    )
    bye = IdField(allow_null=True, help_text="The competitor with the bye, or null.")


class StandingFiguresSerializer(serializers.Serializer):
    """A standings row's figures (stages.draws.standings.Standing), as the draw API and the stage API show them."""

    rank = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField()
    buchholz = serializers.FloatField()
    net_score = serializers.FloatField()
    total_score = serializers.FloatField()
    boards = serializers.FloatField(help_text="Board points won less lost (a team's over its ties' rubbers).")
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()


class StandingsRowSerializer(StandingFiguresSerializer):
    id = IdField()
    name = serializers.CharField(allow_blank=True)


class StandingsAnswerSerializer(serializers.Serializer):
    competitors = StandingsRowSerializer(many=True, help_text="In standing order.")


def seed_pair():
    """[seed, seed]: seed numbers, null for the bye."""
    return serializers.ListField(child=serializers.IntegerField(allow_null=True), min_length=2, max_length=2)


class RoundRobinAnswerSerializer(serializers.Serializer):
    rounds = serializers.ListField(
        child=serializers.ListField(child=seed_pair()),
        help_text="Rounds of [first, second] seed pairs; the first breaks first; null is the bye.",
    )


class KnockoutAnswerSerializer(serializers.Serializer):
    slots = serializers.ListField(
        child=seed_pair(),
        help_text="First-round lines from top to bottom as [seed, seed]; null is a bye.",
    )
    size = serializers.IntegerField(help_text="The bracket size: a power of two.")
    round_name = serializers.CharField(help_text="final, semi_final, quarter_final, ..., round_of_32, ...")


class DrawConflictSerializer(ErrorSerializer):
    """409: the engine cannot draw this (e.g. no full Swiss round is left without a rematch)."""

    pairs_possible = serializers.IntegerField(allow_null=True)
