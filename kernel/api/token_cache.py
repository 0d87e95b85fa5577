"""Token authentication with the token's user cached, and the entry dropped the moment the
token is revoked (issue 18): a move command then needs no database query to know its player.

Revocation stays immediate: deleting a token (or its user), or saving its user (say, as
inactive), drops the cache entry from the shared cache (Redis) in whichever process did it;
the receivers are connected when the apps load (kernel/apps.py; accounts/apps.py for a new
profile language), so the web, worker and management processes all do it.

The cache read and the request's rate-limit counts are one round trip: the throttles of the view
(kernel/api/throttling.py) count a token-authenticated request by the token's digest (DRF keeps
one token per user, so that is the user's count), and their windows are counted in the same
pipeline that reads the token's entry; the throttles then find their counts on the request.

The person's page language comes from ``NIGHTDUEL_USER_LANGUAGE`` (a dotted path to a function of
the user, the accounts app's), so the kernel knows no app.
"""
import hashlib

from django.conf import settings
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.utils import translation
from django.utils.module_loading import import_string
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from kernel.api.throttling import count_token_windows


# An upper bound for changes made past the ORM (raw SQL); the ORM's are seen at once.
TOKEN_CACHE_SECONDS = 300


def token_digest(key: str) -> str:
    # The token itself is a secret: the cache (Redis) only ever holds its digest.
    return hashlib.sha256(key.encode()).hexdigest()


def token_cache_key(key: str) -> str:
    return "auth-token:" + token_digest(key)


class CachedTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, the user found in the cache instead of the database, in the
    round trip that counts the request for the view's throttles; the user's profile language
    (cached with him) is put in force for the request's answers."""

    def authenticate(self, request):
        self.request = request  # an authenticator serves one request (DRF makes one per request)
        return super().authenticate(request)

    def authenticate_credentials(self, key):
        cache_key = token_cache_key(key)
        user = count_token_windows(self.request, token_digest(key), cache_key)
        if user is not None:
            activate_language(user.page_language)
            return user, Token(key=key, user=user)
        user, token = super().authenticate_credentials(key)
        user.page_language = import_string(settings.NIGHTDUEL_USER_LANGUAGE)(user)
        cache.set(cache_key, user, TOKEN_CACHE_SECONDS)
        activate_language(user.page_language)
        return user, token


def activate_language(language: str) -> None:
    """Put the person's chosen language in force for the answer (none chosen: as is)."""
    if language in dict(settings.LANGUAGES):
        translation.activate(language)


def forget_token(sender, instance, **kwargs):
    cache.delete(token_cache_key(instance.key))


def forget_tokens_of_user(sender, instance, created=False, update_fields=None, **kwargs):
    if created or (update_fields is not None and set(update_fields) <= {"last_login"}):
        return  # a new user has no token; a login changes nothing a token grants
    forget_tokens_of(instance.pk)


def forget_tokens_of(user_id) -> None:
    cache.delete_many([token_cache_key(k) for k in Token.objects.filter(user_id=user_id).values_list("key", flat=True)])


def connect_revocation() -> None:
    post_delete.connect(forget_token, sender=Token, dispatch_uid="forget-token")
    post_save.connect(forget_tokens_of_user, sender=settings.AUTH_USER_MODEL, dispatch_uid="forget-user-tokens")
