"""The events of one ``decide`` call, each folded into a working copy as it is emitted, so that
later rules of the same command see its effect (a score after a move, a level after a fix) — the
same fold ``evolve`` does when the stored events are read back (contract.py).

An engine gives its in-place fold ``apply(state, event)``; engine-specific helpers (Duel's
``score``, Nightfighter's level watch) subclass :class:`Emitter`.
"""
from __future__ import annotations

import json
from typing import Callable

from .contract import PUBLIC, Event

Apply = Callable[[dict, Event], None]


def plain(value):
    """A fresh JSON-shaped copy (lists for tuples, string keys): what the store gives back later,
    so the working copy sees exactly what a replay will see. Several times faster than deepcopy."""
    return json.loads(json.dumps(value))


class Emitter:
    def __init__(self, state: dict, apply: Apply, side: str | None = None):
        self.state = plain(state)  # private: ``apply`` mutates it, the caller's state stays as it was
        self.side = side  # the seat whose command is being decided
        self.events: list[Event] = []
        self._apply = apply

    def emit(self, etype: str, payload: dict | None = None, visibility: str = PUBLIC) -> None:
        payload = plain(payload or {})
        # the fold gets its own copy: the working state must never share a list with a recorded event
        self._apply(self.state, Event(etype, plain(payload), visibility))
        self.events.append(Event(etype, payload, visibility))
