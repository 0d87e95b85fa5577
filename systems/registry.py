"""Registry of game systems: name → engine object (see contract.py)."""
from __future__ import annotations

import importlib
import os

from systems.kit.contract import GameSystem

# name → "module:attribute"; modules are imported lazily so one broken engine
# cannot stop the others from loading.
SYSTEMS: dict[str, str] = {
    "303": "systems.battle303.rules:SYSTEM",
    "duel-in-the-dark": "systems.duel.rules:SYSTEM",
    "nightfighter-solo": "systems.nightfighter.rules:SYSTEM",
}

# Extra systems for a deployment (and test workers): "name=module:attribute,..."
for _entry in filter(None, os.environ.get("NIGHTDUEL_EXTRA_SYSTEMS", "").split(",")):
    _name, _, _target = _entry.partition("=")
    SYSTEMS[_name.strip()] = _target.strip()

_loaded: dict[str, GameSystem] = {}


class UnknownSystem(KeyError):
    pass


def get_system(name: str) -> GameSystem:
    if name not in SYSTEMS:
        raise UnknownSystem(name)
    if name not in _loaded:
        module_name, attr = SYSTEMS[name].split(":")
        _loaded[name] = getattr(importlib.import_module(module_name), attr)
    return _loaded[name]


def available_systems() -> list[str]:
    return list(SYSTEMS)


def register_system(name: str, system: GameSystem) -> None:
    """Add a system at run time (organisers' plug-ins, test doubles)."""
    SYSTEMS[name] = f"{__name__}:_loaded"
    _loaded[name] = system
