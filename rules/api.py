"""Stateless engine endpoints: no login, no database. Each view validates the JSON, asks the engine
and answers; a RuleError becomes a 400 naming the field and the law."""

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.http_errors import error_responses
from rules.base import all_rule_sets, get_rule_set
from rules.errors import RuleError, UnknownRuleSet
from rules.serializers import (
    RulesBoardAnswerSerializer,
    RulesBoardSerializer,
    RuleSetSerializer,
    RulesGameAnswerSerializer,
    RulesGameSerializer,
    RulesMatchAnswerSerializer,
    RulesMatchSerializer,
    board_input,
    game_input,
    match_input,
)
from rules.stroke_serializers import EXAMPLES, RulesStrokesAnswerSerializer, RulesStrokesSerializer, strokes_input


def rule_set_or_404(key: str):
    try:
        return get_rule_set(key)
    except UnknownRuleSet as error:
        raise Http404(str(error)) from error


class OpenView(APIView):
    authentication_classes = []  # stateless calculator: no session, hence no CSRF check
    permission_classes = [AllowAny]


class RuleSetListView(OpenView):
    """GET /api/rules/: every rule set with its parameters."""

    @extend_schema(responses=RuleSetSerializer(many=True), operation_id="rules_list")
    def get(self, request):
        return Response([rule_set.describe() for rule_set in all_rule_sets()])


class RuleSetDetailView(OpenView):
    """GET /api/rules/<key>/: one rule set with its parameters."""

    @extend_schema(responses={200: RuleSetSerializer, **error_responses(404)}, operation_id="rules_detail")
    def get(self, request, key):
        return Response(rule_set_or_404(key).describe())


def engine_schema(request, answer):
    """Each engine's request and answer in the schema; a rule the input breaks is a 400 naming the law."""
    return extend_schema_view(post=extend_schema(request=request, responses={200: answer, **error_responses(400, 404)}))


class EngineView(OpenView):
    serializer_class = None

    def post(self, request, key):
        rule_set = rule_set_or_404(key)
        serializer = self.serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            answer = self.run(rule_set, serializer.validated_data)
        except RuleError as error:
            return Response(error.as_dict(), status=400)
        answer["rule_set"] = rule_set.key
        return Response(answer)


@engine_schema(RulesBoardSerializer, RulesBoardAnswerSerializer)
class BoardView(EngineView):
    """POST /api/rules/<key>/board/: score one board."""

    serializer_class = RulesBoardSerializer

    def run(self, rule_set, data):
        return rule_set.score_board(board_input(data)).as_dict()


@engine_schema(RulesGameSerializer, RulesGameAnswerSerializer)
class GameView(EngineView):
    """POST /api/rules/<key>/game/: the boards of a game in order -> running totals and what comes next."""

    serializer_class = RulesGameSerializer

    def run(self, rule_set, data):
        return rule_set.play_game(game_input(data)).as_dict()


@engine_schema(RulesMatchSerializer, RulesMatchAnswerSerializer)
class MatchView(EngineView):
    """POST /api/rules/<key>/match/: games won, who breaks first in each game, whether the match is over."""

    serializer_class = RulesMatchSerializer

    def run(self, rule_set, data):
        return rule_set.match_state(match_input(data)).as_dict()


@extend_schema_view(
    post=extend_schema(
        request=RulesStrokesSerializer,
        responses={200: RulesStrokesAnswerSerializer, **error_responses(400, 404)},
        examples=EXAMPLES,
    )
)
class StrokesView(EngineView):
    """POST /api/rules/<key>/strokes/: a board's opening and strokes in order -> the state after each stroke
    (whose turn, c/m left, the Queen, dues, what follows with its law) and the board's result once it is over."""

    serializer_class = RulesStrokesSerializer

    def run(self, rule_set, data):
        return rule_set.play_strokes(*strokes_input(data)).as_dict()
