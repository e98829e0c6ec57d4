"""POST /api/auth/token/: DRF's ObtainAuthToken with its answers documented. Its authenticate call goes through
core.ratelimit.LoginLockBackend like every log-in, so failures count towards the same locks; a refused try answers
429 in JSON."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from core.http_errors import ErrorSerializer, error_responses
from core.ratelimit import refusal, was_refused


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send it with every request as "Authorization: Token <token>".')


class ObtainTokenView(ObtainAuthToken):
    @extend_schema(
        request=AuthTokenSerializer,
        responses={
            200: TokenSerializer,
            **error_responses(400),
            429: OpenApiResponse(ErrorSerializer, "Too many failed attempts for this user name or from this client"),
        },
        auth=[],
        description="Exchange a user name and password for the user's API token (the same token every time). "
        'Wrong credentials answer 400 under "non_field_errors"; a few failures in a row, 429 for a while.',
    )
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            if was_refused(request):
                return Response({"detail": refusal()}, status=429)
            raise
