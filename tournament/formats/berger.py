"""Round robin by Berger tables (docs/rules/service.md, "Tournaments": round robin, single or double).

For an even number n of seats, round 1 pairs 1–n, 2–(n−1), …; each later round replaces every
seat k < n by ((k − 1 + n/2) mod (n − 1)) + 1 and keeps seat n (FIDE Handbook C.05 Annex 1).
An odd field gets a dummy seat: whoever meets it rests that round.
"""
from __future__ import annotations


def berger_rounds(entrants: list[str], cycles: int = 1) -> list[list[tuple[str, str | None]]]:
    """Pairs per round; ``(name, None)`` is a rest for ``name``. ``cycles=2``: double round robin."""
    seats: list[str | None] = list(entrants) + ([None] if len(entrants) % 2 else [])
    n = len(seats)
    if n < 2:
        return []
    half = n // 2
    numbers = [(i, n + 1 - i) for i in range(1, half + 1)]
    table = []
    for _ in range(n - 1):
        table.append(numbers)
        numbers = [tuple(k if k == n else ((k - 1 + half) % (n - 1)) + 1 for k in pair) for pair in numbers]
    rounds = []
    for _ in range(cycles):
        for pairs in table:
            current = []
            for x, y in pairs:
                a, b = seats[x - 1], seats[y - 1]
                current.append((b, None) if a is None else (a, b))
            rounds.append(current)
    return rounds
