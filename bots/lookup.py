"""Where a system's practice bots are: the module its descriptor names (``bots``, usually
``systems.<module>.bots``; systems/kit/bots.py is the contract), unless ``NIGHTDUEL_BOT_PACKAGES``
names another one for the system (test doubles).

A system without a bots package simply has no bots: no level to choose, every bot game refused.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from django.conf import settings

from systems import registry
from systems.registry import available_systems


def package(system: str) -> ModuleType | None:
    """The system's bots module (``LEVELS``, ``make_bot``, ``refusal``), or None if it has none.
    A setting's entry may name an object in a module (``"module:attribute"``)."""
    name = settings.NIGHTDUEL_BOT_PACKAGES.get(system)
    if name and ":" in name:
        module, attribute = name.split(":")
        return getattr(importlib.import_module(module), attribute)
    if name is None:
        found = registry.find(system)
        if found is None or not found.bots:
            return None
        name = found.bots
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # a bots package that is there but broken must say so, not vanish
            raise
        return None


def levels(system: str) -> dict[int, dict]:
    found = package(system)
    return dict(found.LEVELS) if found else {}


def systems_with_bots() -> list[str]:
    return [s for s in available_systems() if package(s) is not None]
