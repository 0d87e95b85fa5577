"""Swiss pairing by maximum-weight matching (docs/rules/service.md, "Tournaments": score groups, no repeat
pairings, one bye at most).

A round is chosen by these criteria, each one absolute over the ones after it:

1. **Legal**: nobody meets an opponent twice, nobody gets a second bye. A pair that would repeat
   is no edge of the graph at all; :class:`NoLegalPairing` (the conflict ``no_legal_pairing``)
   is raised only when no perfect matching of the field exists for any bye candidate.
2. **The bye** (odd fields) goes to the lowest-placed entrant who has not had one — among those
   whose absence leaves a field that can be paired: candidates are tried from the bottom.
3. **Score differences**: minimise the sum of the squared points differences of the pairs (two
   floats of one group each cost less than one pair two groups apart).
4. **Dutch placement**, among pairings equal in 3: inside a score group the top half meets the
   bottom half in order (1st v ``h+1``-th, ``h`` = half the group); an entrant floating down is
   the lowest of its group and meets the top of the next. Each deviation counts the more, the
   higher its better-placed entrant stands, so the top of the field gets its ideal pairing first.

Criteria 3 and 4 are folded into one integer weight per edge (3 scaled above any total of 4) and
the round is networkx's maximum-weight, maximum-cardinality matching (Edmonds' blossom
algorithm). Integer weights keep it exact; tests compare it with brute force on every history
of up to 10 entrants. Pairing by weights rather than by search within score groups means the
pairer never gives up while a legal round exists (issue 19).

Large fields. The blossom takes about cubic time: 400 entrants with every legal pair as an edge
need seconds. Fields above :data:`EXACT_LIMIT` are paired score group by score group from the
top (the order of FIDE's Dutch system), each step a maximum-weight matching on a band:

* entrants left over from the groups above meet the top of the next group (a matching over the
  leftovers and the first ``leftovers + r + 1`` entrants of the group, ``r`` = most games anyone
  has played: each leftover has then at least one partner it has not met);
* the rest of the group is folded (top half against bottom half) into blocks of at least
  ``2(r + 1)`` entrants (a smaller group is one block), each paired by its own matching; by
  Dirac's theorem a block of ``m ≥ 2(r + 1)`` entrants, each of whom has met at most ``r`` of the
  others, always has a repeat-free pairing, so such blocks do not fail. Whoever a block leaves
  unpaired (an odd group's lowest entrant, by the weights) floats down to the next group.

What this keeps exact: legality and the bye, always — when the banded pass leaves anybody
unpaired at the bottom, the band widens: the last 1, 2, 4, … score groups are paired together as
one exact matching, up to the whole field, so ``no_legal_pairing`` still means no legal round exists. Score
differences: every group pairs inside itself except for the one floater its parity forces, so the
result meets the lower bound of criterion 3 (:func:`score_lower_bound`, pairing the sorted field
neighbour with neighbour, legal or not) and is therefore optimal in it; ``bench/bench_swiss.py``
prints the check. Only when repeats force extra floaters does the top-down pass trade the global
optimum of 3 for FIDE's rule that higher score groups are paired as well as possible first.
Placement (4) is optimal within each block and approximated across blocks — the part that costs
nothing a player can object to: every entrant still meets someone on equal points wherever
the field allows it.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from math import lcm

import networkx as nx

EXACT_LIMIT = 128
BLOCK = 64
FLOAT = "\0float"  # the matching partner of the entrant who floats down out of an odd block


class NoLegalPairing(Exception):
    """Every arrangement would repeat a pairing or give somebody a second bye."""


@dataclass(frozen=True)
class SwissEntrant:
    name: str
    points: float
    seed: int


def ranked(entrants: list[SwissEntrant]) -> list[SwissEntrant]:
    return sorted(entrants, key=lambda e: (-e.points, e.seed))


def score_groups(field: list[SwissEntrant]) -> list[list[SwissEntrant]]:
    """The ranked field cut into runs of equal points."""
    return [list(group) for _, group in groupby(field, key=lambda e: e.points)]


class Costs:
    """Criteria 3 and 4 for the pairs of one ranked field, as integers."""

    def __init__(self, field: list[SwissEntrant]):
        self.rank = {e.name: i for i, e in enumerate(field)}
        self.group: dict[str, tuple[int, int, int]] = {}  # name → (group index, position, group size)
        for index, group in enumerate(score_groups(field)):
            for position, entrant in enumerate(group):
                self.group[entrant.name] = (index, position, len(group))
        fractions = {e.name: Fraction(e.points).limit_denominator(1000) for e in field}
        scale = lcm(*(f.denominator for f in fractions.values())) if fractions else 1
        self.points = {name: int(f * scale) for name, f in fractions.items()}
        n = len(field)
        self.placement_span = n ** 3 + 1  # above any round's total placement cost
        spread = max(self.points.values(), default=0) - min(self.points.values(), default=0)
        self.ceiling = (spread ** 2 + 1) * self.placement_span  # above any single pair's cost

    def score(self, a: str, b: str) -> int:
        return (self.points[a] - self.points[b]) ** 2

    def placement(self, a: str, b: str) -> int:
        if self.rank[a] > self.rank[b]:
            a, b = b, a
        group_a, position_a, size_a = self.group[a]
        group_b, position_b, _ = self.group[b]
        if group_a == group_b:
            deviation = abs(position_b - position_a - size_a // 2)
        else:
            deviation = (size_a - 1 - position_a) + position_b
        return deviation * (len(self.rank) - self.rank[a])

    def floating(self, a: str) -> int:
        """Placement cost of ``a`` floating down out of its group (the lowest floats for free)."""
        _, position, size = self.group[a]
        return (size - 1 - position) * (len(self.rank) - self.rank[a])

    def weight(self, a: str, b: str) -> int:
        return self.ceiling - (self.score(a, b) * self.placement_span + self.placement(a, b))

    def of_round(self, pairs: list[tuple[str, str]]) -> tuple[int, int]:
        """``(score cost, placement cost)`` of a round: criteria 3 and 4, lower is better."""
        return (sum(self.score(a, b) for a, b in pairs), sum(self.placement(a, b) for a, b in pairs))


def score_lower_bound(field: list[SwissEntrant]) -> int:
    """Criterion 3 of the best conceivable round, repeats allowed: neighbours in the ranked field
    pair off (squared differences are convex, so no crossing pairing does better)."""
    costs = Costs(field)
    return sum(costs.score(a.name, b.name) for a, b in zip(field[::2], field[1::2]))


def _matching(entrants: list[SwissEntrant], played: set[frozenset], costs: Costs, edges=None,
              floater: list[SwissEntrant] = ()) -> tuple[list[tuple[str, str]], list[SwissEntrant]]:
    """Maximum-weight matching among ``entrants``: ``(pairs, unpaired)``.

    ``edges`` limits the pairs considered (all legal pairs by default); ``floater`` entrants may be
    matched to the float-down slot instead of an opponent.
    """
    graph = nx.Graph()
    graph.add_nodes_from(e.name for e in entrants)
    candidates = edges if edges is not None else (
        (a, b) for i, a in enumerate(entrants) for b in entrants[i + 1:])
    for a, b in candidates:
        if frozenset((a.name, b.name)) not in played:
            graph.add_edge(a.name, b.name, weight=costs.weight(a.name, b.name))
    for entrant in floater:
        graph.add_edge(entrant.name, FLOAT, weight=costs.ceiling - costs.floating(entrant.name))
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [(a, b) for a, b in matched if FLOAT not in (a, b)]
    paired = {name for pair in pairs for name in pair}
    return pairs, [e for e in entrants if e.name not in paired]


def _exact(field: list[SwissEntrant], played: set[frozenset]) -> list[tuple[str, str]] | None:
    pairs, unpaired = _matching(field, played, Costs(field))
    return None if unpaired else pairs


def _fold(members: list[SwissEntrant], half_block: int) -> list[list[SwissEntrant]]:
    """Blocks of a score group: the i-th run of its top half with the i-th run of its bottom half."""
    half = len(members) // 2
    top, bottom = members[:half], members[half:]
    count = max(1, half // half_block)
    blocks = [top[i * half_block:(i + 1) * half_block] + bottom[i * half_block:(i + 1) * half_block]
              for i in range(count - 1)]
    blocks.append(top[(count - 1) * half_block:] + bottom[(count - 1) * half_block:])
    return blocks


def _banded(groups: list[list[SwissEntrant]], played: set[frozenset], reach: int, half_block: int):
    """The top-down pass over ``groups``: ``(pairs, entrants left over at the bottom)``."""
    pairs: list[tuple[str, str]] = []
    carry: list[SwissEntrant] = []
    for group in groups:
        members = group
        if carry:
            head, members = members[:len(carry) + reach], members[len(carry) + reach:]
            edges = [(a, b) for i, a in enumerate(carry) for b in carry[i + 1:] + head]
            found, unpaired = _matching(carry + head, played, Costs(carry + head), edges)
            pairs += found
            carry = [e for e in unpaired if e in carry]
            members = [e for e in unpaired if e not in carry] + members
        for block in _fold(members, half_block) if members else []:
            found, unpaired = _matching(block, played, Costs(block), floater=block if len(block) % 2 else ())
            pairs += found
            carry += unpaired
    return pairs, carry


def _large(field: list[SwissEntrant], played: set[frozenset], block: int) -> list[tuple[str, str]] | None:
    groups = score_groups(field)
    met: dict[str, int] = {}
    for pair in played:
        for name in pair:
            met[name] = met.get(name, 0) + 1
    reach = max((met.get(e.name, 0) for e in field), default=0) + 1
    half_block = max(block // 2, reach)
    tail = 0
    while True:
        pairs, carry = _banded(groups[:len(groups) - tail], played, reach, half_block)
        rest = carry + [e for group in groups[len(groups) - tail:] for e in group]
        if not rest:
            return pairs
        if tail:
            closing = _exact(rest, played)
            if closing is not None:
                return pairs + closing
        if tail >= len(groups):
            return None
        tail = min(len(groups), max(1, tail * 2))


def pair_field(field: list[SwissEntrant], played: set[frozenset], exact_limit: int = EXACT_LIMIT,
               block: int = BLOCK) -> list[tuple[str, str]] | None:
    """Pairs of an even ranked field, the better-placed entrant first, in ranking order; None if
    no repeat-free pairing exists."""
    pairs = _exact(field, played) if len(field) <= exact_limit else _large(field, played, block)
    if pairs is None:
        return None
    rank = {e.name: i for i, e in enumerate(field)}
    ordered = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in pairs]
    return sorted(ordered, key=lambda pair: rank[pair[0]])


def pair_round(entrants: list[SwissEntrant], played: set[frozenset], had_bye: set[str],
               exact_limit: int = EXACT_LIMIT, block: int = BLOCK):
    """``(pairs, bye)`` for the next round; raises :class:`NoLegalPairing`."""
    field = ranked(entrants)
    candidates = [None]
    if len(field) % 2:
        candidates = [e for e in reversed(field) if e.name not in had_bye]
    for bye in candidates:
        pairs = pair_field([e for e in field if e is not bye], played, exact_limit, block)
        if pairs is not None:
            return pairs, (bye.name if bye else None)
    raise NoLegalPairing("no pairing without a repeat or a second bye")
