"""The project's OpenAPI schema class: every operation also documents the error answers the
error handler (``kernel/api/errors.py``) can give, each ``{code, message}``."""
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

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


class ErrorSerializer(serializers.Serializer):
    """Every error: a machine code and a human message; some add fields (``version``, ``errors``)."""

    code = serializers.CharField()
    message = serializers.CharField()


def with_errors(success: dict, *statuses: int) -> dict:
    """``success`` responses plus the error statuses an endpoint may answer, all ``ErrorSerializer``.

    Any endpoint may also be rate limited (429) or find the database unavailable (503).
    """
    return {**success, **{status: ErrorSerializer for status in (*statuses, 429, 503)}}
