"""JSON from outside, bounded: every request body and every JSON text a form or an import
carries is parsed here (issue 24).

Python's ``json`` follows nesting until the interpreter's recursion limit (a 5,000-level body
raised ``RecursionError``: a 500) and accepts a lone UTF-16 surrogate (``"\\ud800"``), which is
no character: it cannot be written as UTF-8, hashed into the chain or stored. Both are refused
here, with a code, before anything else sees the value. Commands, setups and imports nest a
few levels; :data:`MAX_DEPTH` leaves ample room.
"""
from __future__ import annotations

import json

from django.utils.translation import gettext as _

MAX_DEPTH = 32


class RefusedJson(ValueError):
    """Text that is not JSON we accept: ``code`` (``malformed_json``, ``json_too_deep``,
    ``invalid_text``), a message in the reader's language and the ``reason`` alone (the JSON
    decoder's words, for a form that says "not valid JSON" itself)."""

    def __init__(self, code: str, message: str, reason: str = ""):
        super().__init__(message)
        self.code, self.message, self.reason = code, message, reason or message


def loads(text: str | bytes):
    """The value of ``text``, or :class:`RefusedJson`."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise too_deep() from None
    except ValueError as exc:  # JSONDecodeError, and UnicodeDecodeError of bytes
        reason = getattr(exc, "msg", str(exc))
        raise RefusedJson("malformed_json", _("not valid JSON: %(error)s") % {"error": exc}, reason) from None
    check(value)
    return value


def too_deep() -> RefusedJson:
    return RefusedJson("json_too_deep", _("JSON nested deeper than %(limit)s levels") % {"limit": MAX_DEPTH})


def check(value) -> None:
    """Refuse a value nested deeper than :data:`MAX_DEPTH` or holding a lone surrogate (walked
    without recursion, so any depth is measured safely)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            check_text(item)
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise too_deep()
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)


def check_text(text: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RefusedJson("invalid_text", _("text holds a lone UTF-16 surrogate (\\ud800–\\udfff), "
                                            "which is not a character")) from None
