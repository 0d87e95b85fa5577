"""Every URL the project serves, enumerated from the resolver so new endpoints are covered."""
import re
import uuid

from django.urls import URLPattern, URLResolver, get_resolver

CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")


def routes(patterns=None, prefix=""):
    """``(route, callback)`` of every URL, e.g. ``("api/games/<uuid:game_id>/", view)``."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.callback


def fill(route: str, ids: dict) -> str:
    """Put values into the converters: ``ids[name]`` where the world has one, else nobodies."""

    def value(match):
        converter, name = match.group(1) or "str", match.group(2)
        if name in ids:
            return str(ids[name])
        return {"uuid": str(uuid.uuid4()), "int": "999999"}.get(converter, "nobody")

    return "/" + CONVERTER.sub(value, route)
