"""Groups → playoffs (docs/rules/service.md, "Tournaments"): snake-seeded groups, round robin inside each,
the best of every group go on to a single-elimination playoff."""
from __future__ import annotations


def snake_groups(seeds: list[str], group_count: int) -> list[list[str]]:
    """Seeds 1..N dealt 1→G, G→1, … so every group gets a fair mix: 8 into 2 → [1,4,5,8], [2,3,6,7]."""
    groups: list[list[str]] = [[] for _ in range(group_count)]
    for i, name in enumerate(seeds):
        lap, pos = divmod(i, group_count)
        groups[pos if lap % 2 == 0 else group_count - 1 - pos].append(name)
    return groups


def group_name(index: int) -> str:
    return chr(ord("A") + index)


def playoff_seeds(group_rankings: list[list[str]], advance: int) -> list[str]:
    """Group winners first (group order), then the runners-up, and so on."""
    return [ranking[place] for place in range(advance) for ranking in group_rankings if place < len(ranking)]
