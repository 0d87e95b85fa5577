"""A correspondence game's clock pauses: its seated players' vacations, as the game row keeps them.

``Game.vacations`` is ``{side: [[from, until], ...]}`` in ISO times, so a command reads the
pauses from the row it has already loaded (the fast path stays one read and one write); every
change to it is appended as a ``VacationScheduled`` / ``VacationEnded`` event in the same write
(game/vacations.py). game/clocks.py does the arithmetic.
"""
from __future__ import annotations

from datetime import datetime

from . import clocks
from systems.kit.framework_events import VACATION_SCHEDULED
from .models import Vacation
from kernel.store import NewEvent


def is_correspondence(game) -> bool:
    return bool(game.time_control) and game.time_control.get("kind") == clocks.CORRESPONDENCE


def pauses_of(game) -> clocks.Pauses:
    """The game's pauses as datetimes, ``{side: [(from, until), ...]}``."""
    if not game.vacations or not is_correspondence(game):
        return {}
    return {side: [(datetime.fromisoformat(a), datetime.fromisoformat(b)) for a, b in intervals]
            for side, intervals in game.vacations.items()}


def with_interval(vacations: dict, side: str, starts_at: datetime, ends_at: datetime, keep_after) -> dict:
    """``vacations`` plus one pause of ``side``; pauses over before ``keep_after`` (the start of
    the current turn: no later charge can overlap them) are dropped."""
    kept = [[a, b] for a, b in vacations.get(side, []) if datetime.fromisoformat(b) > keep_after]
    return {**vacations, side: kept + [[starts_at.isoformat(), ends_at.isoformat()]]}


def ended_at(vacations: dict, side: str, starts_at: datetime, ends_at: datetime, now: datetime) -> dict:
    """``vacations`` with the pause ``starts_at``..``ends_at`` of ``side`` cut short at ``now``
    (removed if it had not begun)."""
    cut = []
    for a, b in vacations.get(side, []):
        if datetime.fromisoformat(a) == starts_at and datetime.fromisoformat(b) == ends_at:
            if starts_at < now:
                cut.append([a, now.isoformat()])
        else:
            cut.append([a, b])
    changed = {**vacations, side: cut}
    return {s: v for s, v in changed.items() if v}


def scheduled_event(side: str, player: str, starts_at: datetime, ends_at: datetime) -> NewEvent:
    return NewEvent(VACATION_SCHEDULED, {"side": side, "player": player, "from": starts_at.isoformat(),
                                         "until": ends_at.isoformat()})


def for_new_game(players: dict, now: datetime) -> tuple[dict, list[NewEvent]]:
    """The pauses (row value and events) a new correspondence game starts with: its players'
    vacations that are not over yet. ``players`` is ``{side: user}``."""
    sides_of = {}
    for side, user in players.items():
        sides_of.setdefault(user.pk, []).append((side, user))
    vacations, events = {}, []
    for vacation in Vacation.objects.filter(user_id__in=list(sides_of), ends_at__gt=now):
        for side, user in sides_of[vacation.user_id]:
            vacations = with_interval(vacations, side, vacation.starts_at, vacation.ends_at, now)
            events.append(scheduled_event(side, user.get_username(), vacation.starts_at, vacation.ends_at))
    return vacations, events


def on_vacation(game, now: datetime) -> list[dict]:
    """The pauses of the game not over at ``now``, earliest first: ``[{side, from, until}]``."""
    found = [{"side": side, "from": a, "until": b}
             for side, intervals in pauses_of(game).items() for a, b in intervals if b > now]
    return sorted(found, key=lambda p: p["from"])
