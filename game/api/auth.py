"""Token login, rate limited (scope ``auth``) against password guessing."""
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.authtoken.views import ObtainAuthToken

from .serializers import TokenSerializer, with_errors
from .throttling import WindowedScopedRateThrottle


@extend_schema_view(post=extend_schema(
    description="Exchange a username and password for a token, sent as ``Authorization: Token <key>``; "
                "rate limited against password guessing.",
    responses=with_errors({200: TokenSerializer}, 400, 413)))
class ThrottledObtainAuthToken(ObtainAuthToken):
    throttle_scope = "auth"
    throttle_classes = [WindowedScopedRateThrottle]
