"""Score card API, scoped by tournament: umpires write the cards of their matches, chief referees and secretaries
any card, players of a self-umpired match enter and confirm; everyone who may see the tournament reads. Each view
maps its action to a rule of `scoring.permissions` and calls one service."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.errors import Conflict
from core.http_errors import error_responses
from matches import permissions
from matches.scoring import scorecard, services
from matches.scoring.serializers import (
    BoardEntrySerializer,
    GameEntrySerializer,
    ReasonSerializer,
    ReplaySerializer,
    ResultChangeSerializer,
    RoundResultOutcomeSerializer,
    RoundResultSerializer,
    ScoreCardConflictSerializer,
    ScoreCardSerializer,
    TossSerializer,
    TransitionSerializer,
    match_summary,
)
from stages.api import RESULT_ERRORS, StageScopedMixin, match_queryset
from stages.models import Match, Round
from stages.serializers import MatchSerializer, ResultSerializer, WalkoverSerializer

# Every answer is the card as it now stands, replayed through the rules app: a law the request breaks is a 400
# naming it, and so is stored play the rules app refuses on replay, even on a read.
CARD = {200: ScoreCardSerializer, **error_responses(400, 403, 404)}
NEW_ENTRY = {201: ScoreCardSerializer, **error_responses(400, 403, 404)}


class MatchAPIView(ServiceAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_match(self):
        match = get_object_or_404(
            Match.with_rubbers.select_related("stage__event__tournament", "round"),
            pk=self.kwargs["match_pk"],
            stage__event__tournament__slug=self.kwargs["tournament_slug"],
        )
        if not permissions.can_read(self.request.user, match):
            raise NotFound()
        return match

    def card(self, match, status=200, state=None, **extra):
        """The answer: the match and its card. `state` is the card an entry service just returned (replayed with
        the new entry already); without it the card is replayed here."""
        match.refresh_from_db()
        state = state or scorecard.card_state(match)
        return Response({**extra, "match": match_summary(match), **state.as_dict()}, status=status)


class ScoreCardView(MatchAPIView):
    """GET: the score card: games, boards, running totals, next breaker and the card's announcements."""

    @extend_schema(responses={200: ScoreCardSerializer, **error_responses(400, 404)})
    def get(self, request, tournament_slug, match_pk):
        return self.card(self.get_match())


class BoardView(MatchAPIView):
    """POST: the next board, checked by the rules app; 201 with the card, or 400 naming the law."""

    @extend_schema(
        request=BoardEntrySerializer,
        responses={**NEW_ENTRY, 409: OpenApiResponse(ScoreCardConflictSerializer, "The board is already on the card")},
    )
    def post(self, request, tournament_slug, match_pk):
        match = self.get_match()
        self.require(
            permissions.can_score(request.user, match), _("Only the umpire of this match may enter its boards.")
        )
        data = dict(self.valid(BoardEntrySerializer))
        game, board = data.pop("game", None), data.pop("board", None)
        try:
            state = scorecard.add_board(match, game, data, user=request.user, board_no=board, refuse_repeats=True)
        except Conflict as conflict:
            return self.card(match, status=409, **conflict.as_dict())
        return self.card(match, status=201, state=state)


class TransitionView(MatchAPIView):
    """POST {"to": status, "reason", "side"}: move the match through its states."""

    @extend_schema(request=TransitionSerializer, responses=CARD)
    def post(self, request, tournament_slug, match_pk):
        match = self.get_match()
        data = self.valid(TransitionSerializer)
        to, reason, side = data["to"], data["reason"], data.get("side")
        if to == Match.Status.CONFIRMED:
            self.require(permissions.can_confirm(request.user, match), _("You may not confirm this match."))
        else:
            self.require(
                permissions.can_transition(request.user, match, to), _("You may not change the state of this match.")
            )
        if to == Match.Status.RETIRED and side:
            services.retire(match, side, user=request.user, reason=reason)
        elif to == Match.Status.WALKOVER and side:
            services.record_walkover(match, side, user=request.user, reason=reason)
        else:
            services.transition(match, to, user=request.user, reason=reason)
        return self.card(match)


class ConfirmView(MatchAPIView):
    """POST: confirm the result; in a self-umpired match, by the other side's player."""

    @extend_schema(request=ReasonSerializer, responses=CARD)
    def post(self, request, tournament_slug, match_pk):
        match = self.get_match()
        self.require(permissions.can_confirm(request.user, match), _("You may not confirm this match."))
        reason = self.valid(ReasonSerializer)["reason"]
        services.confirm_result(match, user=request.user, reason=reason)
        return self.card(match)


class ReplayView(MatchAPIView):
    """POST {"from_board": {"game", "board"}, "reason"}: void that board and the later ones, back to play."""

    @extend_schema(request=ReplaySerializer, responses=CARD)
    def post(self, request, tournament_slug, match_pk):
        match = self.get_match()
        self.require(
            permissions.can_replay(request.user, match), _("Only a chief referee or secretary may order a replay.")
        )
        data = self.valid(ReplaySerializer)
        ref = data["from_board"]
        services.replay_from_board(match, ref["game"], ref["board"], user=request.user, reason=data["reason"])
        return self.card(match)


class HistoryView(MatchAPIView):
    """GET: every change to the match's result, oldest first: who, when, before, after, why."""

    @extend_schema(responses={200: ResultChangeSerializer(many=True), **error_responses(404)})
    def get(self, request, tournament_slug, match_pk):
        match = self.get_match()
        return Response(ResultChangeSerializer(match.history, many=True).data)


class TossView(MatchAPIView):
    """POST {"winner": "a"|"b", "choice": "break"|"side"}: the toss (ICF 39), before the first board."""

    @extend_schema(request=TossSerializer, responses=CARD)
    def post(self, request, tournament_slug, match_pk):
        match = self.get_match()
        self.require(
            permissions.can_score(request.user, match), _("Only the umpire of this match may record its toss.")
        )
        data = self.valid(TossSerializer)
        services.record_toss(match, data["winner"], data["choice"], user=request.user)
        return self.card(match)


class GameEntryView(MatchAPIView):
    """POST {"game", "tie_breaker" | "sudden_death" | "unfinished_board_at_second_bell"}: a game-level entry of the
    card (queen2 ¶12-16, ECC 41), checked by the rules app; 201 with the card, or 400 naming the law."""

    @extend_schema(request=GameEntrySerializer, responses=NEW_ENTRY)
    def post(self, request, tournament_slug, match_pk):
        match = self.get_match()
        self.require(permissions.can_score(request.user, match), _("Only the umpire of this match may enter its card."))
        serializer = GameEntrySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game, kind, data = serializer.entry()
        state = scorecard.add_game_entry(match, game, kind, data, user=request.user)
        return self.card(match, status=201, state=state)


# ---------------------------------------------------------------- the secretary's results (stage workflow)


class SecretaryResultView(StageScopedMixin):
    """A secretary records a match's result or walkover directly, as on the stage page; answered with the match."""

    def get_match(self):
        matches = match_queryset().filter(stage__event__tournament=self.tournament)
        if not self.sees_previews():
            matches = matches.filter(round__status=Round.Status.PUBLISHED)
        return get_object_or_404(matches, pk=self.kwargs["pk"])

    def match_response(self, match):
        return Response(MatchSerializer(match_queryset().get(pk=match.pk)).data)


class ResultView(SecretaryResultView):
    @extend_schema(
        request=ResultSerializer,
        responses={
            200: MatchSerializer,
            **RESULT_ERRORS,
            **error_responses(409),  # a confirmed result is already there and "correct" was not asked
        },
    )
    def post(self, request, **kwargs):
        """Record and confirm a result: each game's final score, checked by the event's rule set. Over a
        confirmed result only with "correct": true (409 otherwise)."""
        match = self.get_match()
        data = self.valid(ResultSerializer)
        games = [tuple(game) for game in data["games"]]
        try:
            match = services.record_result(match, games, confirm=True, user=request.user, correct=data["correct"])
        except Conflict as error:
            return Response({"detail": error.message}, status=409)
        return self.match_response(match)


class WalkoverView(SecretaryResultView):
    @extend_schema(request=WalkoverSerializer, responses={200: MatchSerializer, **RESULT_ERRORS})
    def post(self, request, **kwargs):
        """The absent side loses by walkover; the opponent wins by the stage's bye score."""
        match = self.get_match()
        absent_side = self.valid(WalkoverSerializer)["absent_side"]
        return self.match_response(services.record_walkover(match, absent_side, user=request.user))


class RoundResultsView(StageScopedMixin):
    """A round's results at once, as the desk grid sends them: each row saved, or refused, on its own."""

    @extend_schema(
        request=RoundResultSerializer(many=True),
        responses={
            200: OpenApiResponse(
                RoundResultOutcomeSerializer(many=True),
                "One answer per row, in order: saved, or refused with its errors; a refused row changes nothing "
                "and the others are saved all the same.",
            ),
            **error_responses(400, 403, 404),
        },
    )
    def post(self, request, tournament_slug, round_pk):
        """Record and confirm the results of several matches of a round: a list of {match, games, correct},
        games as typed ("25-10, 25-12") or as [[25, 10], [25, 12]], each checked by the event's rule set."""
        rnd = get_object_or_404(Round, pk=round_pk, stage__event__tournament=self.tournament)
        rows = RoundResultSerializer(data=request.data, many=True, allow_empty=False)
        if not rows.is_valid():
            return Response(row_errors(rows.errors, request.data), status=400)
        return Response(services.record_round_results(rnd, rows.validated_data, user=request.user))


def row_errors(errors, data):
    """A list's errors as a list, one per row ({} for a good row), as the 400 body of every API names them; a
    body that is no list of rows keeps its one message."""
    if isinstance(errors, dict) and isinstance(data, list) and data and all(isinstance(k, int) for k in errors):
        return [errors.get(index, {}) for index in range(len(data))]
    return errors
