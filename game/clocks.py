"""Time controls (service.md, "Clocks and timeouts").

``per-move``: the side to move has ``seconds`` from the moment it became its turn.
``clock``: each side has ``base`` seconds in all plus ``increment`` per command.
The read model keeps ``deadline_at`` so the periodic sweep is one indexed query.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext as _

PER_MOVE = "per-move"
CLOCK = "clock"


def validate_time_control(tc: dict | None) -> str | None:
    """An error message, or ``None`` if ``tc`` is a valid time control (``None`` = untimed)."""
    if tc is None:
        return None
    if not isinstance(tc, dict) or tc.get("kind") not in {PER_MOVE, CLOCK}:
        return _("time_control.kind must be 'per-move' or 'clock'")
    keys = ("seconds",) if tc["kind"] == PER_MOVE else ("base", "increment")
    for key in keys:
        if not isinstance(tc.get(key), (int, float)) or tc[key] < 0 or (key != "increment" and tc[key] <= 0):
            return _("time_control.%(key)s must be a positive number of seconds") % {"key": key}
    return None


def initial_clock(tc: dict | None, sides) -> dict:
    if tc and tc["kind"] == CLOCK:
        return {side: float(tc["base"]) for side in sides}
    return {}


def charge(tc: dict | None, clock: dict, side: str | None, turn_started_at: datetime | None, now: datetime) -> dict:
    """The clock after ``side`` made a command at ``now``."""
    if not (tc and tc["kind"] == CLOCK and side in clock and turn_started_at):
        return clock
    used = (now - turn_started_at).total_seconds()
    return {**clock, side: max(0.0, clock[side] - used) + float(tc["increment"])}


def deadline(tc: dict | None, clock: dict, to_move: list[str], turn_started_at: datetime) -> datetime | None:
    if not tc or not to_move:
        return None
    if tc["kind"] == PER_MOVE:
        return turn_started_at + timedelta(seconds=tc["seconds"])
    return turn_started_at + timedelta(seconds=min(clock.get(side, 0.0) for side in to_move))


def side_out_of_time(tc: dict | None, clock: dict, to_move: list[str]) -> str | None:
    if not to_move:
        return None
    if tc and tc["kind"] == CLOCK:
        return min(to_move, key=lambda side: clock.get(side, 0.0))
    return to_move[0]
