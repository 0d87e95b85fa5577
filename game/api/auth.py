"""Token login, rate limited (scope ``auth``) against password guessing."""
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle


class ThrottledObtainAuthToken(ObtainAuthToken):
    throttle_scope = "auth"
    throttle_classes = [ScopedRateThrottle]
