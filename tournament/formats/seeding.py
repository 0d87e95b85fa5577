"""Standard bracket seeding (docs/rules/service.md, "Tournaments": single elimination, 1 v N, byes to top seeds)."""
from __future__ import annotations


def bracket_size(entrants: int) -> int:
    """The smallest power of two holding ``entrants`` (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seed numbers in bracket order, so that seed 1 meets seed N in round 1 and seeds 1 and 2
    can only meet in the final: 8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order
