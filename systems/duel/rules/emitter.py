"""Duel's emitter: the kit's (systems/kit/emitter.py) folding with :func:`.evolve.apply`, plus
``score``, the one way a rule awards victory points."""
from __future__ import annotations

from systems.kit.emitter import Emitter as KitEmitter
from .evolve import apply


class Emitter(KitEmitter):
    def __init__(self, state: dict, side: str | None = None):
        super().__init__(state, apply, side)

    def score(self, side: str, amount: int, reasons: list[dict], occasion: str) -> None:
        """One ``VictoryPoints`` event; ``amount`` is VP for ``side`` (§0.1: British +n ⇒ score += n)."""
        after = self.state["score"] + (amount if side == "british" else -amount)
        self.emit("VictoryPoints", {"side": side, "amount": amount, "reasons": reasons,
                                    "occasion": occasion, "score_after": after})
