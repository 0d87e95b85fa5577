"""JSON errors on every /api/ path (pages keep Django's HTML ones): every API answer is {code, message}.

``handler404``/``handler500`` cover DEBUG off; with DEBUG on Django answers an unknown URL or an
uncaught exception with its HTML debug page instead, so :class:`ApiJsonErrorsMiddleware`
replaces any non-JSON error answer on an API path, whatever DEBUG says.
"""
from django.http import JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from rest_framework.response import Response

GENERIC = {404: ("not_found", _("no such resource")), 405: ("method_not_allowed", _("method not allowed")),
           500: ("server_error", _("internal error"))}


def is_api(request) -> bool:
    return request.path.startswith("/api/")


def json_error(status: int) -> JsonResponse:
    code, message = GENERIC.get(status, ("error", _("request failed")))
    return JsonResponse({"code": code, "message": str(message)}, status=status)


def not_found(request, exception=None):
    if is_api(request):
        return json_error(404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if is_api(request):
        return json_error(500)
    return defaults.server_error(request)


class ApiJsonErrorsMiddleware:
    """An API path's error answer that is not JSON (Django's debug pages) becomes ``{code, message}``;
    DRF's own answers (already ``{code, message}``, whatever the renderer) are left alone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (is_api(request) and response.status_code >= 400 and not isinstance(response, Response)
                and not response.get("Content-Type", "").startswith("application/json")):
            replacement = json_error(response.status_code)
            # The headers the inner middleware set (anti-framing, security) stay on the replacement.
            for name, value in response.headers.items():
                if name.lower() not in ("content-type", "content-length"):
                    replacement.headers.setdefault(name, value)
            return replacement
        return response
