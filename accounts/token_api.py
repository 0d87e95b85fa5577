"""Token login, rate limited (scope ``auth``, per client address) against password guessing, and
locked for a username and address after too many wrong passwords (django-axes, as the log-in page)."""
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings

from accounts.lockout import LOCKED_OUT, lockout_message
from kernel.api.schema import with_errors
from kernel.api.throttling import WindowedScopedRateThrottle


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


@extend_schema_view(post=extend_schema(
    description="Exchange a username and password for a token, sent as ``Authorization: Token <key>``; "
                "rate limited against password guessing, and refused (429 ``locked_out``) for a while after "
                "too many wrong passwords for the username from the same address.",
    responses=with_errors({200: TokenSerializer}, 400, 413)))
class ThrottledObtainAuthToken(ObtainAuthToken):
    throttle_scope = "auth"
    throttle_classes = [WindowedScopedRateThrottle]
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # DRF's view names its own, unbounded JSON parser

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            # django-axes' backend refused before the password was checked; it marks the request it was given.
            if getattr(request, "axes_locked_out", False):
                return Response({"code": LOCKED_OUT, "message": lockout_message()},
                                status=status.HTTP_429_TOO_MANY_REQUESTS)
            raise
