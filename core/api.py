"""What every match and protest API view shares: permission refusals, validated input, and the services' errors as
HTTP answers (NotAllowed → 403, any other ServiceError → 400 with field errors)."""

from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed, ServiceError


class ServiceAPIView(APIView):
    def require(self, allowed, message):
        if not allowed:
            raise PermissionDenied(message)

    def valid(self, serializer_class):
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def handle_exception(self, exc):
        if isinstance(exc, NotAllowed):
            return Response({"detail": exc.message}, status=403)
        if isinstance(exc, ServiceError):
            return Response(exc.as_dict(), status=400)
        return super().handle_exception(exc)
