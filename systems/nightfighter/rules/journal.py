"""The events of one ``decide`` call, folded as they are written (docs/rules/nightfighter-solo.md §5).

Rules code reads ``journal.state`` (always up to date) and calls :meth:`Journal.emit`. Level
changes are noticed after every event and recorded as ``uncertainty_changed`` (§5 payloads),
except while a bomber's tokens are being created (its level is reported by ``token_entered``).
"""
from __future__ import annotations

from systems.kit.contract import PUBLIC, Event
from .apply import apply_in_place, clone
from .uncertainty import level


class Journal:
    def __init__(self, state: dict, rng):
        self.state = clone(state)
        self.rng = rng
        self.events: list[Event] = []
        self._levels = self._current_levels()

    def _current_levels(self) -> dict[str, str | None]:
        return {b: level(self.state, b) for b in self.state["bombers"]}

    def emit(self, type_: str, payload: dict, visibility: str = PUBLIC) -> None:
        event = Event(type_, payload, visibility)
        apply_in_place(self.state, event)
        self.events.append(event)
        levels = self._current_levels()
        if type_ == "token_pending":
            self._levels = levels
            return
        for bomber, now in levels.items():
            before = self._levels.get(bomber)
            if now != before and before is not None and now is not None:
                self.events.append(Event("uncertainty_changed", {"bomber": bomber, "from": before, "to": now}))
        self._levels = levels
