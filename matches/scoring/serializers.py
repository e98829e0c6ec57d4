"""JSON shapes of the score card API. Shapes and types only: the laws are checked by the rules app."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from matches.models import ResultChange
from matches.scoring.scorecard import GAME_ENTRIES
from rules.serializers import RulesSpecialEndingSerializer, RulesTimeLimitAwardSerializer, SideScoresSerializer
from stages.forms import parse_games
from stages.models import Match


class BoardEntrySerializer(serializers.Serializer):
    """A board as the rules endpoint takes it, plus the game it belongs to and (after a toss) the breaker."""

    game = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    board = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="The board this entry is for, as the card showed it; if it is already on the card (another "
        "umpire entered it first), 409 with the card as it stands.",
    )
    breaker = serializers.ChoiceField(choices=["A", "B"], required=False, allow_null=True)
    winner = serializers.CharField(required=False, allow_null=True)
    coins_left_of_loser = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
    queen = serializers.CharField(required=False, allow_null=True)
    loser_outstanding_dues = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
    special_ending = RulesSpecialEndingSerializer(required=False, allow_null=True)
    slam = serializers.ChoiceField(
        choices=["white", "black"],
        required=False,
        allow_null=True,
        help_text="ICF 26: 'white', the breaker's slam (all his c/m and the Queen in his first turn); 'black', the "
        "other side's (all its c/m in its first turn). Checked against the board: 400 on the `slam` field.",
    )


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


class TossSerializer(serializers.Serializer):
    """ICF 39: who won the toss and what they chose."""

    winner = serializers.ChoiceField(choices=["a", "b", "A", "B"], help_text="The side that won the toss.")
    choice = serializers.ChoiceField(choices=["break", "side"], help_text="The winner's choice: break first, or side.")


class TieBreakerSerializer(serializers.Serializer):
    """queen2 ¶12, 16: who took the first chance (by toss), and each player's chances so far (true: pocketed)."""

    first = serializers.CharField(help_text="'A' or 'B' (checked by the rules app).")
    attempts = serializers.DictField(child=serializers.ListField(child=serializers.BooleanField(), max_length=3))


class SuddenDeathRoundSerializer(serializers.Serializer):
    """queen2 ¶15: one round of sudden death, a chance each (true: pocketed)."""

    A = serializers.BooleanField()
    B = serializers.BooleanField()


class UnfinishedBoardSerializer(serializers.Serializer):
    """ECC 41: the board in play at the second bell: c/m left of each player (the Queen is not counted)."""

    board_no = serializers.IntegerField(min_value=1)
    coins_left = serializers.DictField(child=serializers.IntegerField())
    queen_held_by = serializers.CharField(required=False, allow_null=True, default=None, help_text="'A', 'B' or null.")


class GameEntrySerializer(serializers.Serializer):
    """A game-level entry of the score card: exactly one of `tie_breaker`, `sudden_death` (all rounds so far) or
    `unfinished_board_at_second_bell`. `game` defaults to the game in play."""

    game = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    tie_breaker = TieBreakerSerializer(required=False)
    sudden_death = serializers.ListField(child=SuddenDeathRoundSerializer(), required=False, allow_empty=False)
    unfinished_board_at_second_bell = UnfinishedBoardSerializer(required=False)

    def validate(self, attrs):
        given = [kind for kind in GAME_ENTRIES if kind in attrs]
        if len(given) != 1:
            message = _("Give exactly one of: %(kinds)s.") % {"kinds": ", ".join(GAME_ENTRIES)}
            raise serializers.ValidationError({"entry": [message]})
        return attrs

    def entry(self):
        """(game, kind, data) in the shapes rules.game.GameInput takes."""
        data = self.validated_data
        kind = next(kind for kind in GAME_ENTRIES if kind in data)
        value = data[kind]
        if kind == "sudden_death":
            value = [dict(chance) for chance in value]
        elif kind == "tie_breaker":
            value = {"first": value["first"], "attempts": {side: list(c) for side, c in value["attempts"].items()}}
        else:
            value = {**value, "coins_left": dict(value["coins_left"])}
        return data.get("game"), kind, value


# ---------------------------------------------------------------- the score card as the API answers it
# Response shapes only (MatchAPIView.card builds the body from match_summary and scorecard.CardState.as_dict).


def match_status_field():
    """The match's state. A string, not a ChoiceField: a second schema component with the Match.Status enum makes
    drf-spectacular name the enum by a hash (Status1b1Enum) unless ENUM_NAME_OVERRIDES names it."""
    return serializers.CharField(help_text=f"The match's state: {', '.join(Match.Status.values)}.")


class CardReplayFromSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    board = serializers.IntegerField()


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = match_status_field()
    entry_a = serializers.IntegerField(allow_null=True)
    entry_b = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    umpire = serializers.IntegerField(allow_null=True, help_text="User id of the umpire.")
    self_umpired = serializers.BooleanField()
    toss_winner = serializers.CharField(allow_null=True, help_text="'a' or 'b'; null before the toss.")
    toss_choice = serializers.CharField(allow_null=True, help_text="'break' or 'side'; null before the toss.")
    score_a = serializers.IntegerField(allow_null=True, help_text="Sum of A's points over the games.")
    score_b = serializers.IntegerField(allow_null=True)
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True, help_text="Entry id of the winner.")
    replay_from = CardReplayFromSerializer(allow_null=True, help_text="The board a replay was ordered from.")


class CardBoardSerializer(serializers.Serializer):
    """One row of the score card (scoring.models.Board.as_dict)."""

    game = serializers.IntegerField()
    board = serializers.IntegerField()
    breaker = serializers.CharField(help_text="'A' or 'B'.")
    winner = serializers.CharField(
        allow_null=True, help_text="Who pocketed all his c/m first; null after a special finish."
    )
    coins_left_of_loser = serializers.IntegerField()
    queen = serializers.CharField(allow_null=True)
    loser_outstanding_dues = serializers.IntegerField()
    special_ending = RulesSpecialEndingSerializer(allow_null=True)
    slam = serializers.CharField(
        allow_null=True, help_text="'white' (the breaker's) or 'black' (the other side's) slam, ICF 26; null: none."
    )
    awarded_to = serializers.CharField(allow_null=True, help_text="The side credited with the points.")
    points = serializers.IntegerField()
    totals = SideScoresSerializer(help_text="Running totals after this board.")
    voided = serializers.BooleanField()


class CardGameEntriesSerializer(serializers.Serializer):
    """The game-level entries recorded for a game, as they were entered (see GameEntrySerializer)."""

    tie_breaker = TieBreakerSerializer(required=False, allow_null=True)
    sudden_death = SuddenDeathRoundSerializer(many=True, required=False, allow_null=True)
    unfinished_board_at_second_bell = UnfinishedBoardSerializer(required=False, allow_null=True)


class CardGameSerializer(serializers.Serializer):
    """One game of the card with where the rules app says it stands (scorecard.GameCard.as_dict)."""

    game = serializers.IntegerField()
    first_breaker = serializers.CharField(help_text="'A' or 'B'.")
    boards = CardBoardSerializer(many=True)
    running_totals = SideScoresSerializer(many=True)
    scores = SideScoresSerializer()
    game_over = serializers.BooleanField()
    ended_by = serializers.CharField(allow_null=True, help_text="points_target, eight_boards, extra_board, ...")
    winner = serializers.CharField(allow_null=True, help_text="'A', 'B', or null (not over, or drawn).")
    final_score = SideScoresSerializer(allow_null=True)
    decided_by = serializers.CharField(allow_null=True)
    time_limit_award = RulesTimeLimitAwardSerializer(allow_null=True)
    entries = CardGameEntriesSerializer()


class CardAnnouncementsSerializer(serializers.Serializer):
    """What the card announces next (ICF 49, 56, 60): `winner` once the match is over, the rest while it is on."""

    match_over = serializers.BooleanField()
    winner = serializers.CharField(required=False, allow_null=True)
    game = serializers.IntegerField(required=False)
    next_board = serializers.IntegerField(required=False, allow_null=True)
    next_breaker = serializers.CharField(required=False, allow_null=True, help_text="null: a toss decides it.")
    toss_for_break = serializers.BooleanField(required=False)
    change_sides_after_board = serializers.IntegerField(required=False, allow_null=True)
    extra_board_needed = serializers.BooleanField(required=False)
    tie_breaker_needed = serializers.BooleanField(required=False)
    sudden_death_needed = serializers.BooleanField(required=False)


class ScoreCardSerializer(serializers.Serializer):
    """The match and its score card, as the rules app replays it."""

    match = MatchSummarySerializer()
    rule_set = serializers.CharField()
    round = serializers.CharField(help_text="The rules' round key: league, quarter_final, final, ...")
    games = CardGameSerializer(many=True)
    games_won = SideScoresSerializer()
    match_over = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True, help_text="'A', 'B', or null.")
    announcements = CardAnnouncementsSerializer()


class ScoreCardConflictSerializer(ScoreCardSerializer):
    """409: the board was already on the card (another umpire entered it first); the card as it now stands."""

    board = serializers.ListField(child=serializers.CharField(), help_text="Why the board was not added.")


# ---------------------------------------------------------------- a round's results from the desk


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "example": "25-10, 25-12"},
            {"type": "array", "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}},
        ]
    }
)
class GamesField(serializers.Field):
    """Each game's final score, A first: as the desk types it ("25-10, 25-12") or as [[25, 10], [25, 12]]."""

    def to_internal_value(self, data):
        if isinstance(data, str):
            try:
                return parse_games(data.strip())
            except ValidationError as error:
                raise serializers.ValidationError(error.messages) from None
        pairs = serializers.ListField(
            child=serializers.ListField(
                child=serializers.IntegerField(min_value=0, max_value=999), min_length=2, max_length=2
            ),
            min_length=1,
            max_length=9,
        )
        return [tuple(pair) for pair in pairs.run_validation(data)]

    def to_representation(self, value):
        return [list(pair) for pair in value]


class RoundResultSerializer(serializers.Serializer):
    match = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="A match of the round.")
    games = GamesField()
    correct = serializers.BooleanField(
        required=False, default=False, help_text="true: replace the match's confirmed result on purpose."
    )


class RoundResultOutcomeSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    saved = serializers.BooleanField()
    status = serializers.CharField(required=False, help_text="The match's state once saved (confirmed).")
    result = serializers.CharField(required=False, help_text="The result as the pages write it.")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Why this row was refused: {field: [message]}, naming the law.",
    )
