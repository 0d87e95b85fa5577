"""The project's OpenAPI schema class: every operation also documents the error answers the
error handler (``game/api/errors.py``) can give, each ``{code, message}``."""
from drf_spectacular.openapi import AutoSchema

from .serializers import ErrorSerializer

# What any endpoint may answer besides its own success: bad input, authentication, permission,
# not found, conflicts, rule violations, oversize bodies, rate limits, database unavailable.
ERROR_STATUSES = ("400", "401", "403", "404", "409", "413", "422", "429", "503")


class NightduelAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status in ERROR_STATUSES:
            if status not in responses:
                responses[status] = self._get_response_for_code(ErrorSerializer, status, direction=direction)
        return responses
