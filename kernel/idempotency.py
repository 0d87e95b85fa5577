"""Idempotency keys of commands (README "Event store"; issue 24).

A key belongs to one user in one game: the same key in another game is another key. Its record
keeps a fingerprint of the request it answered (SHA-256 of the key-sorted JSON of command,
expected version and side), so a retry is told apart from a different command sent
under a used key, which is refused instead of answered with the first command's reply. The
fingerprint is written with the record, in the append's one statement (store.append_and_save).
"""
from __future__ import annotations

import hashlib
import json

from django.utils.translation import gettext as _

from kernel.models import IdempotencyRecord

MAX_KEY_LENGTH = IdempotencyRecord._meta.get_field("key").max_length


def key_problem(key: str) -> str | None:
    """Why ``key`` cannot be stored (too long, or holding control characters), else None."""
    if len(key) > MAX_KEY_LENGTH:
        return _("Idempotency-Key is over %(limit)s characters") % {"limit": MAX_KEY_LENGTH}
    if not key.isprintable():
        return _("Idempotency-Key holds control characters")
    return None


def fingerprint(command: dict, expected_version: int, side: str | None) -> str:
    # Key-sorted JSON: the same request always reads the same (a tenth of RFC 8785's cost).
    request = {"command": command, "expected_version": expected_version, "side": side}
    return hashlib.sha256(json.dumps(request, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def stored(user, stream: str, key: str) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(user=user, stream=stream, key=key).first()


def record(user, stream: str, key: str, fingerprint_: str, response: dict) -> IdempotencyRecord:
    return IdempotencyRecord(user=user, key=key, stream=stream, fingerprint=fingerprint_, status=201,
                             response=response)
