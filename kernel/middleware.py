"""Reject oversize request bodies before any view runs (a command is small; 64 KiB caps it; an
import of a whole game, ``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""
from django.conf import settings
from django.http import JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _

# Whole-game and whole-tournament imports are larger than a command by nature.
LARGE_BODY_PATHS = ("/api/games/import/",)
LARGE_BODY_ENDINGS = ("/tournament-imports/",)  # /api/leagues/<league>/… and its page


class RequestSizeLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        large = request.path.startswith(LARGE_BODY_PATHS) or request.path.endswith(LARGE_BODY_ENDINGS)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE if large else settings.NIGHTDUEL_MAX_REQUEST_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit:
            # This runs before LocaleMiddleware: the message follows the browser's language itself.
            with translation.override(translation.get_language_from_request(request)):
                message = _("request body over %(limit)s bytes") % {"limit": limit}
            return JsonResponse({"code": "payload_too_large", "message": message}, status=413)
        return self.get_response(request)
