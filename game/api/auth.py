"""Token login, rate limited (scope ``auth``) against password guessing."""
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle

from .serializers import TokenSerializer, with_errors


@extend_schema_view(post=extend_schema(responses=with_errors({200: TokenSerializer}, 400, 413)))
class ThrottledObtainAuthToken(ObtainAuthToken):
    throttle_scope = "auth"
    throttle_classes = [ScopedRateThrottle]
