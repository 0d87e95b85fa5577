"""Every API error is ``{"code": ..., "message": ...}`` with the right HTTP status."""
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext as _
from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from kernel import refusals
from kernel.api.parsers import PayloadTooLarge

# The one table from a refusal's kind (kernel/refusals.py) to the HTTP status the API answers with.
STATUS_OF_KIND = {
    refusals.INVALID: status.HTTP_400_BAD_REQUEST,
    refusals.NOT_AUTHENTICATED: status.HTTP_401_UNAUTHORIZED,
    refusals.FORBIDDEN: status.HTTP_403_FORBIDDEN,
    refusals.NOT_FOUND: status.HTTP_404_NOT_FOUND,
    refusals.CONFLICT: status.HTTP_409_CONFLICT,
    refusals.TOO_LARGE: status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    refusals.UNPROCESSABLE: status.HTTP_422_UNPROCESSABLE_ENTITY,
}

CODES = {
    Http404: "not_found",  # a view's get_object_or_404
    exceptions.ParseError: "malformed_json",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "rate_limited",
    exceptions.ValidationError: "invalid",
}


# Seconds a client should wait before retrying while the database or the cache is unreachable.
RETRY_AFTER_SECONDS = 2


def status_of(kind: str) -> int:
    return STATUS_OF_KIND[kind]


def exception_handler(exc, context):
    if isinstance(exc, refusals.Refusal):
        return Response(exc.body(), status=status_of(exc.kind))
    if isinstance(exc, (OperationalError, InterfaceError)):
        # The database is restarting or unreachable: the transaction rolled back, nothing was
        # stored, and the client may retry (with its Idempotency-Key).
        return Response({"code": "service_unavailable", "message": _("the database is unavailable, retry shortly")},
                        status=status.HTTP_503_SERVICE_UNAVAILABLE,
                        headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if isinstance(exc, (RedisConnectionError, RedisTimeoutError)):
        # The cache (Redis) holding cached tokens and rate-limit counts is down: nothing was
        # decided or stored; the client may retry.
        return Response({"code": "service_unavailable", "message": _("the cache is unavailable, retry shortly")},
                        status=status.HTTP_503_SERVICE_UNAVAILABLE,
                        headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = next((c for cls, c in CODES.items() if isinstance(exc, cls)), "error")
    if isinstance(exc, (exceptions.ParseError, PayloadTooLarge)):
        code = getattr(exc.detail, "code", None) or code  # the parser's own reason (kernel/api/parsers.py)
        code = "malformed_json" if code == "parse_error" else code
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": code, "message": _("invalid request"), "errors": response.data}
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else response.data
        response.data = {"code": code, "message": str(detail)}
    if response.status_code == status.HTTP_401_UNAUTHORIZED and code == "not_authenticated":
        response.data["message"] = _("authentication required")
    return response
