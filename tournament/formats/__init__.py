"""Tournament formats as pure Python (docs/rules/service.md, "Tournaments": formats); no Django here.

One module per format implements :class:`~tournament.formats.base.Format` (what adding one
takes is listed there); the engines they share are ``elimination`` (brackets), ``berger``
(round-robin tables), ``groups`` and ``swiss`` (the pairer). Elsewhere a format is looked up
by its stored name with :func:`format_for`, never compared with it.
"""
from __future__ import annotations

from .base import Format
from .double_elimination import DoubleElimination
from .groups_playoffs import GroupsPlayoffs
from .round_robin import RoundRobin
from .single_elimination import SingleElimination
from .swiss_system import SwissSystem

REGISTRY: dict[str, Format] = {f.name: f for f in (SingleElimination(), DoubleElimination(), RoundRobin(),
                                                    SwissSystem(), GroupsPlayoffs())}
NAMES: tuple[str, ...] = tuple(REGISTRY)


class UnknownFormat(LookupError):
    pass


def format_for(name: str) -> Format:
    try:
        return REGISTRY[name]
    except KeyError:
        raise UnknownFormat(name) from None


def offering(option: str) -> tuple[str, ...]:
    """The formats whose organisers set ``option``: those that read it, or all when it is no
    format's own (check-in, play mode)."""
    return tuple(f.name for f in REGISTRY.values() if option in f.options) or NAMES
