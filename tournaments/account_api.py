"""The signed-in person's own invitations and appointments over the API (tournaments.invitations): list the
invitations waiting for an answer and accept or decline one; list the tournaments they are an official of and
leave one (never as its last secretary)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api import ServiceAPIView
from core.errors import Conflict
from core.http_errors import error_responses
from tournaments import invitations, officials
from tournaments.models import Invitation, Tournament


class InvitationSerializer(serializers.ModelSerializer):
    tournament = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    tournament_name = serializers.CharField(source="tournament.name", read_only=True)
    role = serializers.ChoiceField(choices=officials.ROLES)
    invited_by = serializers.SerializerMethodField(help_text="The inviting secretary's name.")

    class Meta:
        model = Invitation
        fields = ["id", "tournament", "tournament_name", "role", "invited_by", "status", "created_at"]

    def get_invited_by(self, invitation) -> str:
        return officials.person(invitation.invited_by) if invitation.invited_by else ""


class AnswerSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(choices=["accept", "decline"])


class AppointmentSerializer(serializers.Serializer):
    tournament = serializers.SlugField(help_text="The tournament's slug.")
    tournament_name = serializers.CharField(read_only=True)
    role = serializers.ChoiceField(choices=officials.ROLES)


class AccountView(ServiceAPIView):
    permission_classes = [IsAuthenticated]

    def handle_exception(self, exc):
        if isinstance(exc, Conflict):
            return Response({"detail": exc.message}, status=status.HTTP_409_CONFLICT)
        return super().handle_exception(exc)


class InvitationsView(AccountView):
    """GET: the invitations waiting for your answer, newest first."""

    @extend_schema(responses={200: InvitationSerializer(many=True), **error_responses(403)})
    def get(self, request):
        return Response(InvitationSerializer(invitations.pending_for(request.user), many=True).data)


class InvitationAnswerView(AccountView):
    """POST {answer: accept | decline}: accepting makes you an official of the tournament at once; the
    tournament's secretaries are told either way. 404 for an invitation that is not yours or not waiting."""

    @extend_schema(
        request=AnswerSerializer, responses={200: InvitationSerializer, **error_responses(400, 403, 404, 409)}
    )
    def post(self, request, pk):
        invitation = get_object_or_404(invitations.pending_for(request.user), pk=pk)
        accept = self.valid(AnswerSerializer)["answer"] == "accept"
        return Response(InvitationSerializer(invitations.answer(invitation, accept)).data)


class AppointmentsView(AccountView):
    """GET: the tournaments you are an official of, and in which role. DELETE ?tournament=<slug>&role=: leave
    one (400 as the last secretary, who must hand the tournament over first)."""

    @extend_schema(responses={200: AppointmentSerializer(many=True), **error_responses(403)})
    def get(self, request):
        rows = invitations.appointments_of(request.user)
        return Response(
            [{"tournament": t.slug, "tournament_name": t.name, "role": role} for t, role in rows],
        )

    @extend_schema(
        parameters=[
            OpenApiParameter("tournament", str, required=True, description="The tournament's slug."),
            OpenApiParameter("role", str, enum=officials.ROLES, required=True),
        ],
        responses={204: None, **error_responses(400, 403, 404)},
    )
    def delete(self, request):
        # The query string, as the schema says; a body is read too, for clients that send one with DELETE.
        serializer = AppointmentSerializer(data=request.query_params or request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=data["tournament"])
        invitations.leave(request.user, tournament, data["role"])
        return Response(status=status.HTTP_204_NO_CONTENT)
