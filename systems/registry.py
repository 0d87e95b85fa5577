"""Registry of game systems: name → descriptor (systems/kit/descriptor.py) and engine
(systems/kit/contract.py).

The descriptors are those :func:`configure` was given — the game app gives it
``settings.NIGHTDUEL_SYSTEMS`` ("module:attribute" or "module.attribute") when Django starts and
whenever the setting changes; without Django (scripts, pure tests) the three built-in systems.
The registry itself imports no Django, so the pure tournament modules may ask it.
``NIGHTDUEL_EXTRA_SYSTEMS`` ("name=module:attribute,...") and :func:`register_system` add engines
without a descriptor (test doubles, plug-ins): they get :func:`descriptor.generic`. Modules are
imported lazily so one broken engine cannot stop the others from loading.
"""
from __future__ import annotations

import importlib
import os

from systems.kit import descriptor as kit
from systems.kit.contract import GameSystem
from systems.kit.descriptor import SystemDescriptor

BUILT_IN = ("systems.battle303.descriptor.DESCRIPTOR", "systems.duel.descriptor.DESCRIPTOR",
            "systems.nightfighter.descriptor.DESCRIPTOR")

# name → "module:attribute" of engines registered without a descriptor.
_extra: dict[str, str] = {}
for _entry in filter(None, os.environ.get("NIGHTDUEL_EXTRA_SYSTEMS", "").split(",")):
    _name, _, _target = _entry.partition("=")
    _extra[_name.strip()] = _target.strip()

_descriptors: dict[str, SystemDescriptor] | None = None
_loaded: dict[str, GameSystem] = {}


class UnknownSystem(KeyError):
    pass


class UnknownRuleset(KeyError):
    """A game recorded under a ruleset version whose engine is no longer registered."""


def load(path: str):
    """The object a dotted path names: "module:attribute", "module.attribute" or a module."""
    if ":" in path:
        module_name, attr = path.split(":")
        return getattr(importlib.import_module(module_name), attr)
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name != path:
            raise
    module_name, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module_name), attr)


_paths: tuple[str, ...] = BUILT_IN


def configure(paths) -> None:
    """Use the descriptors ``paths`` name from now on (the settings' ``NIGHTDUEL_SYSTEMS``)."""
    global _paths
    _paths = tuple(paths)
    reset()


def _configured() -> tuple[str, ...]:
    return _paths


def _registered() -> dict[str, SystemDescriptor]:
    global _descriptors
    if _descriptors is None:
        found = {}
        for path in _configured():
            d = load(path)
            found[d.name] = d
        _descriptors = found
    return _descriptors


def reset() -> None:
    """Read ``NIGHTDUEL_SYSTEMS`` again (when the setting changes)."""
    global _descriptors
    _descriptors = None
    for name in [n for n in _loaded if n not in _extra]:
        del _loaded[name]
    for forget in _on_reset:
        forget()


# Caches of what descriptors name (e.g. game.presentation's), emptied with the registry.
_on_reset: list = []


def on_reset(forget) -> None:
    """Call ``forget()`` whenever the registry is read again (a cache of what descriptors name)."""
    _on_reset.append(forget)


def descriptors() -> list[SystemDescriptor]:
    """Every system with a descriptor, in the settings' order (the order pages list them in)."""
    return list(_registered().values())


def descriptor(name: str) -> SystemDescriptor:
    known = _registered()
    if name in known:
        return known[name]
    if name in _extra:
        return kit.generic(name, tuple(getattr(get_system(name), "sides", ())))
    raise UnknownSystem(name)


def find(name: str | None) -> SystemDescriptor | None:
    """The descriptor of ``name``, or None for an unknown (or missing) system."""
    try:
        return descriptor(name or "")
    except UnknownSystem:
        return None


def label(name: str | None) -> str:
    """A system's name for people; an unknown name as it is."""
    found = find(name)
    return str(found.label) if found else (name or "")


def get_system(name: str, ruleset_version: str | None = None) -> GameSystem:
    """The engine of ``name``; with ``ruleset_version``, the engine of that version of its rules:
    the current one, or an earlier one the descriptor keeps in ``rulesets`` so that games played
    under it fold and verify as they were played (an erratum never rewrites a finished game)."""
    current = _current(name)
    if ruleset_version is None or ruleset_version == getattr(current, "ruleset_version", None):
        return current
    key = f"{name}@{ruleset_version}"
    if key not in _loaded:
        earlier = dict(getattr(find(name), "rulesets", {}) or {})
        if ruleset_version not in earlier:
            raise UnknownRuleset(f"{name} {ruleset_version}")
        _loaded[key] = load(earlier[ruleset_version])
    return _loaded[key]


def _current(name: str) -> GameSystem:
    if name not in _loaded:
        known = _registered()
        if name in known:
            _loaded[name] = load(known[name].engine)
        elif name in _extra:
            _loaded[name] = load(_extra[name])
        else:
            raise UnknownSystem(name)
    return _loaded[name]


def available_systems() -> list[str]:
    return list(_registered()) + [n for n in _extra if n not in _registered()]


def register_system(name: str, system: GameSystem) -> None:
    """Add a system at run time (organisers' plug-ins, test doubles): a generic descriptor."""
    _extra[name] = f"{__name__}:_loaded"
    _loaded[name] = system
