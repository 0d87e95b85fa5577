"""The tamper-evident hash chain of a stream (docs/rules/service.md, "Event sourcing"; issue 20).

Every event stores ``hash`` = SHA-256 (hex) of the RFC 8785 canonical JSON of
``{"stream", "seq", "type", "payload", "visibility", "dice", "command", "previous"}``, where
``previous`` is the hash of the event before it in the same stream (``null`` at seq 1). So a
stream's last hash, its *head hash*, stands for its whole history: an event edited, inserted or
removed anywhere changes every hash after it. ``actor`` and ``recorded_at`` are left out
because an import stores the same history under another actor at another time.

What is hashed is frozen: changing it would break every stored chain. RFC 8785 is the
standard canonical form, so anyone can recompute a chain from an export in any language.
"""
from __future__ import annotations

import hashlib
import json
from typing import Iterable, Protocol

import rfc8785

NotCanonical = rfc8785.CanonicalizationError  # a number JSON cannot carry exactly (|int| > 2^53, inf, nan)

_SAFE_INT = 2**53 - 1
# For null, booleans, safe integers, strings, and lists and objects of them with ASCII keys,
# json's C encoder writes exactly RFC 8785's bytes: the same escapes (lowercase \u00xx for the
# other control characters), keys in code point order, which for ASCII is RFC 8785's UTF-16 order.
_PLAIN_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"),
                                  check_circular=False)


def canonical_json(value) -> bytes:
    """The RFC 8785 canonical JSON of ``value``, as ``rfc8785.dumps`` (which it is, byte for byte:
    tests/game/test_canonical_json.py); raises :data:`NotCanonical` where that does. A plain value
    (most events: no float, no non-ASCII key) takes json's C encoder, several times faster."""
    if _plain(value):
        try:
            return _PLAIN_ENCODER.encode(value).encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: rfc8785 refuses it in its own words
            pass
    return rfc8785.dumps(value)


def _plain(value) -> bool:
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return True
    if kind is int:
        return -_SAFE_INT <= value <= _SAFE_INT
    if kind is list:
        for item in value:
            if not _plain(item):
                return False
        return True
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str or not key.isascii() or not _plain(item):
                return False
        return True
    return False


class ChainedEvent(Protocol):
    seq: int
    type: str
    payload: dict
    visibility: str
    dice: list | None
    command: dict | None
    hash: str


def event_hash(stream: str, seq: int, type: str, payload, visibility: str, dice, command,
               previous: str | None) -> str:
    """The hash of one event; raises :data:`NotCanonical` for a value JSON cannot carry exactly."""
    return hashlib.sha256(canonical_json({
        "stream": stream, "seq": seq, "type": type, "payload": payload, "visibility": visibility,
        "dice": dice, "command": command, "previous": previous,
    })).hexdigest()


def is_canonical(value) -> bool:
    """Whether ``value`` can be hashed (and so stored): JSON numbers within RFC 8785's domain."""
    try:
        canonical_json(value)
    except NotCanonical:
        return False
    return True


def first_break(stream: str, events: Iterable[ChainedEvent]) -> int | None:
    """The first seq at which ``events`` (in seq order) are not the chained history, else None.

    That is the seq of the first event whose stored hash does not match its content and the
    hash before it, of a row numbered before its place (a seq 0), or the seq missing where the
    numbering has a gap.
    """
    previous, expected = None, 1
    for event in events:
        if event.seq != expected:
            return min(event.seq, expected)
        try:
            recomputed = event_hash(stream, event.seq, event.type, event.payload, event.visibility, event.dice,
                                    event.command, previous)
        except NotCanonical:
            return event.seq
        if event.hash != recomputed:
            return event.seq
        previous, expected = event.hash, expected + 1
    return None
