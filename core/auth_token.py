"""POST /api/auth/token/: DRF's ObtainAuthToken with its answers documented. Failed attempts are counted and
refused with 429 by core.ratelimit.token_rate_limited, which wraps it in config/urls.py."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken

from core.http_errors import ErrorSerializer, error_responses


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send it with every request as "Authorization: Token <token>".')


class ObtainTokenView(ObtainAuthToken):
    @extend_schema(
        request=AuthTokenSerializer,
        responses={
            200: TokenSerializer,
            **error_responses(400),
            429: OpenApiResponse(ErrorSerializer, "Too many failed attempts for this user name from this address"),
        },
        auth=[],
        description="Exchange a user name and password for the user's API token (the same token every time). "
        'Wrong credentials answer 400 under "non_field_errors"; a few failures in a row, 429 for a while.',
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)
