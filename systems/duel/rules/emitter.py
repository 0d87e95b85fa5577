"""Collects the events of one ``decide`` call, folding each into a working copy at once so
later rules see its effect (e.g. scoring after a move) — the same fold ``evolve`` does."""
from __future__ import annotations

import json

from systems.kit.contract import PUBLIC, Event
from .evolve import apply, copy_state


class Emitter:
    def __init__(self, state: dict, side: str | None = None):
        self.state = copy_state(state)
        self.side = side  # the seat whose command is being decided
        self.events: list[Event] = []

    def emit(self, etype: str, payload: dict | None = None, visibility: str = PUBLIC) -> None:
        payload = json.loads(json.dumps(payload or {}))
        apply(self.state, etype, json.loads(json.dumps(payload)))
        self.events.append(Event(etype, payload, visibility))

    def score(self, side: str, amount: int, reasons: list[dict], occasion: str) -> None:
        """One ``VictoryPoints`` event; ``amount`` is VP for ``side`` (§0.1: British +n ⇒ score += n)."""
        after = self.state["score"] + (amount if side == "british" else -amount)
        self.emit("VictoryPoints", {"side": side, "amount": amount, "reasons": reasons,
                                    "occasion": occasion, "score_after": after})
