"""JSON 404/500 for API paths (pages keep Django's HTML ones): every API answer is {code, message}."""
from django.http import JsonResponse
from django.views import defaults


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception=None):
    if _is_api(request):
        return JsonResponse({"code": "not_found", "message": "no such resource"}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _is_api(request):
        return JsonResponse({"code": "server_error", "message": "internal error"}, status=500)
    return defaults.server_error(request)
