"""Time controls (docs/rules/service.md, "Clocks and timeouts").

``per-move``: the side to move has ``seconds`` from the moment it became its turn.
``clock``: each side has ``base`` seconds in all plus ``increment`` per command.
``correspondence``: like ``clock``, but the clock after the increment never exceeds ``cap``,
and a player's vacation (game/vacations.py) pauses his clock.
The read model keeps ``deadline_at`` so the periodic sweep is one indexed query.
"""
from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.utils.translation import gettext as _, gettext_lazy, ngettext

PER_MOVE = "per-move"
CLOCK = "clock"
CORRESPONDENCE = "correspondence"
KINDS = (PER_MOVE, CLOCK, CORRESPONDENCE)

HOUR = 3600
DAY = 24 * HOUR
FIELDS = {PER_MOVE: ("seconds",), CLOCK: ("base", "increment"), CORRESPONDENCE: ("base", "increment", "cap")}
# Bounds (seconds): generous for any real game, small enough that a deadline stays a date.
MAXIMUM = {"seconds": 30 * DAY, "base": 60 * DAY, "increment": 30 * DAY, "cap": 60 * DAY}
MAY_BE_ZERO = {"increment"}

# The paces offered when a game is started, in the order shown. The three correspondence paces
# are Rally the Troops' (a starting time, time added per move, a cap); the last two are examples
# of the other kinds. Each ``time_control`` is exactly what ``POST /api/games/`` accepts.
TIME_CONTROL_PRESETS = [
    {"key": "live", "label": gettext_lazy("Live"),
     "explanation": gettext_lazy("Several moves a day: 1 day to start, 4 hours more per move, at most 3 days."),
     "time_control": {"kind": CORRESPONDENCE, "base": 1 * DAY, "increment": 4 * HOUR, "cap": 3 * DAY}},
    {"key": "fast", "label": gettext_lazy("Fast"),
     "explanation": gettext_lazy("About three moves a day: 3 days to start, 12 hours more per move, at most 5 days."),
     "time_control": {"kind": CORRESPONDENCE, "base": 3 * DAY, "increment": 12 * HOUR, "cap": 5 * DAY}},
    {"key": "slow", "label": gettext_lazy("Slow"),
     "explanation": gettext_lazy("One move a day or so: 3 days to start, 36 hours more per move, at most 10 days."),
     "time_control": {"kind": CORRESPONDENCE, "base": 3 * DAY, "increment": 36 * HOUR, "cap": 10 * DAY}},
    {"key": "day-per-move", "label": gettext_lazy("One day per move"),
     "explanation": gettext_lazy("Each move must be made within 24 hours of the turn passing to you."),
     "time_control": {"kind": PER_MOVE, "seconds": 1 * DAY}},
    {"key": "club-evening", "label": gettext_lazy("Club evening"),
     "explanation": gettext_lazy("Played at one sitting: 45 minutes each for the whole game, 30 seconds more per move."),
     "time_control": {"kind": CLOCK, "base": 45 * 60, "increment": 30}},
]


def preset(key: str) -> dict | None:
    return next((p for p in TIME_CONTROL_PRESETS if p["key"] == key), None)


def duration_text(seconds: float) -> str:
    """Seconds in the largest whole unit: "3 days", "12 h", "30 min", "45 s"."""
    if seconds >= DAY and seconds % DAY == 0:
        days = int(seconds // DAY)
        return ngettext("%(n)d day", "%(n)d days", days) % {"n": days}
    if seconds >= HOUR and seconds % HOUR == 0:
        return _("%(n)d h") % {"n": seconds // HOUR}
    if seconds >= 60 and seconds % 60 == 0:
        return _("%(n)d min") % {"n": seconds // 60}
    return _("%(n)g s") % {"n": round(seconds, 2)}


def time_control_text(tc: dict | None) -> str:
    """``{"kind": "per-move", "seconds": 86400}`` → "24 h per move"; None → "untimed"."""
    if not tc:
        return _("untimed")
    if tc["kind"] == PER_MOVE:
        return _("%(hours)g h per move") % {"hours": round(tc["seconds"] / 3600, 2)}
    if tc["kind"] == CORRESPONDENCE:
        return _("%(base)s to start + %(increment)s per move, at most %(cap)s") % {
            "base": duration_text(tc["base"]), "increment": duration_text(tc["increment"]),
            "cap": duration_text(tc["cap"])}
    return _("%(minutes)g min per player + %(seconds)g s per move") % {
        "minutes": round(tc["base"] / 60, 2), "seconds": tc["increment"]}


def validate_time_control(tc: dict | None) -> str | None:
    """An error message, or ``None`` if ``tc`` is a valid time control (``None`` = untimed)."""
    if tc is None:
        return None
    if not isinstance(tc, dict) or tc.get("kind") not in KINDS:
        return _("time_control.kind must be 'per-move', 'clock' or 'correspondence'")
    keys = FIELDS[tc["kind"]]
    unknown = sorted(str(k) for k in tc if k != "kind" and k not in keys)
    if unknown:
        return _("time_control has no field %(field)s for the kind %(kind)s") % {"field": unknown[0], "kind": tc["kind"]}
    for key in keys:
        value = tc.get(key)
        # bool is an int in Python; inf and NaN are floats: neither is a number of seconds.
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or value < 0 or (value == 0 and key not in MAY_BE_ZERO):
            return _("time_control.%(key)s must be a positive number of seconds") % {"key": key}
        if value > MAXIMUM[key]:
            return _("time_control.%(key)s may be at most %(days)d days (%(seconds)d seconds)") % {
                "key": key, "days": MAXIMUM[key] // DAY, "seconds": MAXIMUM[key]}
    if tc["kind"] == CORRESPONDENCE and tc["cap"] < tc["base"]:
        return _("time_control.cap must be at least the starting time (base)")
    return None


def initial_clock(tc: dict | None, sides) -> dict:
    if tc and tc["kind"] in (CLOCK, CORRESPONDENCE):
        return {side: float(tc["base"]) for side in sides}
    return {}


Pauses = dict  # side -> [(start, end), ...]: the times that side's clock stands still (vacations)


def paused_seconds(intervals, start: datetime, end: datetime) -> float:
    """How much of ``start``..``end`` falls within the pause ``intervals``."""
    return sum(max(0.0, (min(e, end) - max(s, start)).total_seconds()) for s, e in intervals or ())


def charge(tc: dict | None, clock: dict, side: str | None, turn_started_at: datetime | None, now: datetime,
           pauses: Pauses | None = None) -> dict:
    """The clock after ``side`` made a command at ``now``."""
    if not (tc and tc["kind"] in (CLOCK, CORRESPONDENCE) and side in clock and turn_started_at):
        return clock
    used = (now - turn_started_at).total_seconds()
    if tc["kind"] == CORRESPONDENCE:
        used -= paused_seconds((pauses or {}).get(side), turn_started_at, now)
        return {**clock, side: min(float(tc["cap"]), max(0.0, clock[side] - used) + float(tc["increment"]))}
    return {**clock, side: max(0.0, clock[side] - used) + float(tc["increment"])}


def _run_out_at(remaining: float, started: datetime, intervals) -> datetime:
    """When ``remaining`` seconds of running time, counted from ``started``, are used up."""
    at, left = started, remaining
    for start, end in sorted(intervals or ()):
        if end <= at:
            continue
        running = max(0.0, (start - at).total_seconds())
        if running >= left:
            break
        left -= running
        at = end
    return at + timedelta(seconds=left)


def _deadlines(tc: dict, clock: dict, to_move: list[str], turn_started_at: datetime, pauses: Pauses | None) -> dict:
    intervals = (pauses or {}) if tc["kind"] == CORRESPONDENCE else {}
    return {side: _run_out_at(clock.get(side, 0.0), turn_started_at, intervals.get(side)) for side in to_move}


def deadline(tc: dict | None, clock: dict, to_move: list[str], turn_started_at: datetime,
             pauses: Pauses | None = None) -> datetime | None:
    if not tc or not to_move:
        return None
    if tc["kind"] == PER_MOVE:
        return turn_started_at + timedelta(seconds=tc["seconds"])
    return min(_deadlines(tc, clock, to_move, turn_started_at, pauses).values())


def side_out_of_time(tc: dict | None, clock: dict, to_move: list[str], turn_started_at: datetime | None = None,
                     pauses: Pauses | None = None) -> str | None:
    if not to_move:
        return None
    if tc and tc["kind"] == CORRESPONDENCE and turn_started_at:
        ends = _deadlines(tc, clock, to_move, turn_started_at, pauses)
        return min(to_move, key=ends.get)
    if tc and tc["kind"] in (CLOCK, CORRESPONDENCE):
        return min(to_move, key=lambda side: clock.get(side, 0.0))
    return to_move[0]
