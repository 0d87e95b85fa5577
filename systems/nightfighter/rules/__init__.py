"""Nightfighter solo: night interception against server-flown bombers (docs/rules/nightfighter-solo.md).

One module per rule concern; :mod:`.system` holds the engine object, :mod:`.campaign` the
campaign logic (§3.14).
"""
from .system import SYSTEM

__all__ = ["SYSTEM"]
