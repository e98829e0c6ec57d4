"""JSON shapes of the score card API. Shapes and types only: the laws are checked by the rules app."""

from rest_framework import serializers

from rules.serializers import RulesSpecialEndingSerializer

from .models import Match, ResultChange


class BoardEntrySerializer(serializers.Serializer):
    """A board as the rules endpoint takes it, plus the game it belongs to and (after a toss) the breaker."""

    game = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    breaker = serializers.ChoiceField(choices=["A", "B"], required=False, allow_null=True)
    winner = serializers.CharField(required=False, allow_null=True)
    coins_left_of_loser = serializers.IntegerField(required=False, default=0)
    queen = serializers.CharField(required=False, allow_null=True)
    loser_outstanding_dues = serializers.IntegerField(required=False, default=0)
    special_ending = RulesSpecialEndingSerializer(required=False, allow_null=True)


class TransitionSerializer(serializers.Serializer):
    to = serializers.ChoiceField(choices=Match.Status.values)
    reason = serializers.CharField(required=False, allow_blank=True, default="")
    side = serializers.ChoiceField(choices=["a", "b"], required=False, help_text="Retired: the side that retires.")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class BoardRefSerializer(serializers.Serializer):
    game = serializers.IntegerField(min_value=1)
    board = serializers.IntegerField(min_value=1)


class ReplaySerializer(serializers.Serializer):
    from_board = BoardRefSerializer()
    reason = serializers.CharField()


class ResultChangeSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username", default=None, read_only=True)

    class Meta:
        model = ResultChange
        fields = ["id", "at", "user", "what", "before", "after", "reason"]


def match_summary(match):
    return {
        "id": match.pk,
        "status": match.status,
        "entry_a": match.entry_a_id,
        "entry_b": match.entry_b_id,
        "table": match.table,
        "umpire": match.umpire_id,
        "self_umpired": match.self_umpired,
        "toss_winner": match.toss_winner or None,
        "toss_choice": match.toss_choice or None,
        "score_a": match.score_a,
        "score_b": match.score_b,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "winner": match.winner_id,
        "replay_from": (
            {"game": match.replay_from_game, "board": match.replay_from_board} if match.replay_from_board else None
        ),
    }
