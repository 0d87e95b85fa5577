"""The events of one ``decide`` call, folded as they are written (docs/rules/nightfighter-solo.md §5).

Rules code reads ``journal.state`` (always up to date), draws from ``journal.rng`` and calls
:meth:`Journal.emit` — the kit's emitter (systems/kit/emitter.py) that also watches the levels:
level changes are noticed after every event and recorded as ``uncertainty_changed`` (§5
payloads), except while a bomber's tokens are being created (its level is reported by
``token_entered``).
"""
from __future__ import annotations

from systems.kit.contract import PUBLIC
from systems.kit.emitter import Emitter
from .apply import apply
from .uncertainty import level


class Journal(Emitter):
    def __init__(self, state: dict, rng):
        super().__init__(state, apply)
        self.rng = rng
        self._levels = self._current_levels()

    def _current_levels(self) -> dict[str, str | None]:
        return {b: level(self.state, b) for b in self.state["bombers"]}

    def emit(self, etype: str, payload: dict | None = None, visibility: str = PUBLIC) -> None:
        super().emit(etype, payload, visibility)
        levels = self._current_levels()
        if etype == "token_pending":
            self._levels = levels
            return
        for bomber, now in levels.items():
            before = self._levels.get(bomber)
            if now != before and before is not None and now is not None:
                super().emit("uncertainty_changed", {"bomber": bomber, "from": before, "to": now})
        self._levels = levels
