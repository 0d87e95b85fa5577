"""Swiss pairing (service.md, "Tournaments": score groups, no repeat pairings, one bye at most).

Entrants are ranked by points then seed. With an odd field the lowest-ranked entrant who has
not had a bye gets it. Within each score group the top half meets the bottom half (Dutch
style); entrants who cannot be paired float down to the next group. A depth-first search
backtracks whenever the greedy choice would force a repeat pairing, so a legal round is
found whenever one exists.

We pair with our own module rather than caissify-pairings' FIDE Dutch engine: every pairing
here plays both sides (match and rematch), so the colour rules that drive most of the Dutch
system's decisions do not apply.
"""
from __future__ import annotations

from dataclasses import dataclass


class NoLegalPairing(Exception):
    """Every arrangement would repeat a pairing or give somebody a second bye."""


@dataclass(frozen=True)
class SwissEntrant:
    name: str
    points: float
    seed: int


def _preference(ranked: list[SwissEntrant], first: SwissEntrant) -> list[SwissEntrant]:
    """Opponents for ``first`` in order of preference: its score group's mirror first."""
    group = [e for e in ranked if e.points == first.points]
    rest = [e for e in ranked if e.points != first.points and e is not first]
    half = (len(group) + 1) // 2 if len(group) > 1 else 1
    bottom = [e for e in group[half:] if e is not first]
    top = [e for e in group[:half] if e is not first]
    return bottom + top + rest


def _pair(ranked: list[SwissEntrant], played: set[frozenset]) -> list[tuple[str, str]] | None:
    if not ranked:
        return []
    first = ranked[0]
    for opponent in _preference(ranked, first):
        if frozenset((first.name, opponent.name)) in played:
            continue
        remaining = [e for e in ranked if e is not first and e is not opponent]
        tail = _pair(remaining, played)
        if tail is not None:
            return [(first.name, opponent.name)] + tail
    return None


def pair_round(entrants: list[SwissEntrant], played: set[frozenset], had_bye: set[str]):
    """``(pairs, bye)`` for the next round; raises :class:`NoLegalPairing`."""
    ranked = sorted(entrants, key=lambda e: (-e.points, e.seed))
    candidates = [None]
    if len(ranked) % 2:
        candidates = [e for e in reversed(ranked) if e.name not in had_bye]
    for bye in candidates:
        field = [e for e in ranked if e is not bye]
        pairs = _pair(field, played)
        if pairs is not None:
            return pairs, (bye.name if bye else None)
    raise NoLegalPairing("no pairing without a repeat or a second bye")
