"""The API's JSON parser: DRF's, bounded in depth and text (kernel/bounded_json.py)."""
from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

from kernel import bounded_json


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.NIGHTDUEL_MAX_REQUEST_BYTES
        raw = stream.read(limit + 1)  # a body without Content-Length escapes the size middleware
        if len(raw) > limit:
            raise PayloadTooLarge(_("request body over %(limit)s bytes") % {"limit": limit})
        try:
            return bounded_json.loads(raw)
        except bounded_json.RefusedJson as exc:
            raise exceptions.ParseError(exc.message, code=exc.code) from None
