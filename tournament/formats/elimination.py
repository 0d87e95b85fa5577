"""Elimination brackets (docs/rules/service.md, "Tournaments": single and double elimination).

A bracket is a list of :class:`MatchSpec`; each slot names where its entrant comes from:
``{"seed": k}``, ``{"winner": key}`` or ``{"loser": key}``. Seeds beyond the number of
entrants are byes. :func:`resolve` fills the slots from the decided pairings; a slot whose
source is a bye (or a void match) stays empty and its opponent advances without playing.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .seeding import bracket_size, seed_positions

WINNERS, LOSERS, FINAL, THIRD_PLACE = "winners", "losers", "final", "third-place"


@dataclass(frozen=True)
class MatchSpec:
    key: str
    stage: str
    round: int
    slots: tuple
    # A grand-final reset is played only if the losers-bracket finalist won the first final.
    reset_of: str | None = None


@dataclass
class Bracket:
    matches: list[MatchSpec] = field(default_factory=list)
    champion_from: str = ""

    def by_key(self) -> dict[str, MatchSpec]:
        return {m.key: m for m in self.matches}


def _winners_of_pairs(previous: list[MatchSpec], prefix: str, bracket: str, number: int) -> list[MatchSpec]:
    """Round ``number``: the winners of neighbouring matches of the previous round meet."""
    return [
        MatchSpec(f"{prefix}{number}-{i + 1}", bracket, number,
                  ({"winner": previous[2 * i].key}, {"winner": previous[2 * i + 1].key}))
        for i in range(len(previous) // 2)
    ]


def _winners_bracket(entrants: int, prefix: str = "W") -> list[list[MatchSpec]]:
    size = bracket_size(entrants)
    positions = seed_positions(size)
    rounds: list[list[MatchSpec]] = []
    current = [
        MatchSpec(f"{prefix}1-{i + 1}", WINNERS, 1, ({"seed": positions[2 * i]}, {"seed": positions[2 * i + 1]}))
        for i in range(size // 2)
    ]
    rounds.append(current)
    number = 1
    while len(current) > 1:
        number += 1
        current = _winners_of_pairs(current, prefix, WINNERS, number)
        rounds.append(current)
    return rounds


class SingleEliminationBuilder:
    """1 v N seeding, byes to the top seeds, optional match for third place."""

    def __init__(self, entrants: int, third_place: bool = False):
        self.entrants, self.third_place = entrants, third_place

    def build(self) -> Bracket:
        rounds = _winners_bracket(self.entrants)
        matches = [m for r in rounds for m in r]
        if self.third_place and len(rounds) >= 2:
            semis = rounds[-2]
            matches.append(MatchSpec("3P", THIRD_PLACE, len(rounds),
                                     ({"loser": semis[0].key}, {"loser": semis[1].key})))
        return Bracket(matches, champion_from=rounds[-1][0].key)


class DoubleEliminationBuilder:
    """Winners bracket as in single elimination; each loser drops into the losers bracket.

    Losers-bracket rounds alternate: odd rounds pair the survivors among themselves (round 1:
    the losers of winners round 1), even rounds bring in the losers of the next winners round
    (in reverse order, so early rematches are avoided). Grand final: winners-bracket champion
    v losers-bracket champion, with an optional reset if the latter wins.
    """

    def __init__(self, entrants: int, grand_final_reset: bool = True):
        self.entrants, self.grand_final_reset = entrants, grand_final_reset

    def build(self) -> Bracket:
        wb = _winners_bracket(self.entrants)
        matches = [m for r in wb for m in r]
        lb_champion = {"loser": wb[-1][0].key}
        if len(wb) >= 2:
            first = wb[0]
            current = [
                MatchSpec(f"L1-{i + 1}", LOSERS, 1, ({"loser": first[2 * i].key}, {"loser": first[2 * i + 1].key}))
                for i in range(len(first) // 2)
            ]
            lb_rounds = [current]
            number = 1
            for dropping in wb[1:]:
                number += 1
                drops = list(reversed(dropping)) if number % 4 == 2 else list(dropping)
                current = [
                    MatchSpec(f"L{number}-{i + 1}", LOSERS, number, ({"winner": m.key}, {"loser": d.key}))
                    for i, (m, d) in enumerate(zip(current, drops))
                ]
                lb_rounds.append(current)
                if len(current) > 1:
                    number += 1
                    current = _winners_of_pairs(current, "L", LOSERS, number)
                    lb_rounds.append(current)
            matches += [m for r in lb_rounds for m in r]
            lb_champion = {"winner": lb_rounds[-1][0].key}
        final = MatchSpec("GF", FINAL, 1, ({"winner": wb[-1][0].key}, lb_champion))
        matches.append(final)
        if self.grand_final_reset:
            matches.append(MatchSpec("GF2", FINAL, 2, final.slots, reset_of="GF"))
        return Bracket(matches, champion_from="GF2" if self.grand_final_reset else "GF")


@dataclass(frozen=True)
class Decided:
    """What the bracket needs of a decided pairing: who won and who lost (None = nobody)."""

    winner: str | None
    loser: str | None


EMPTY = "empty"  # a slot that will never be filled (bye, void match, skipped reset)


def resolve(bracket: Bracket, seeds: list[str], decided: dict[str, Decided]) -> dict[str, dict]:
    """Entrants of every match: ``{key: {"a", "b", "walkover", "void", "skipped"}}``.

    ``a``/``b`` are entrant names, ``None`` while unknown, or :data:`EMPTY`. A match with one
    empty slot is a walkover for the other entrant; with two, it is void (nobody advances).
    """
    out: dict[str, dict] = {}

    def source(slot: dict):
        if "seed" in slot:
            return seeds[slot["seed"] - 1] if slot["seed"] <= len(seeds) else EMPTY
        key = slot.get("winner") or slot.get("loser")
        outcome = result_of(key)
        if outcome is None:
            return None
        picked = outcome.winner if "winner" in slot else outcome.loser
        return EMPTY if picked is None else picked

    def result_of(key: str) -> Decided | None:
        entry = out[key]
        a, b = entry["a"], entry["b"]
        if entry["skipped"] or (a == EMPTY and b == EMPTY):
            return Decided(None, None)
        if a == EMPTY or b == EMPTY:
            present = b if a == EMPTY else a
            return None if present is None else Decided(present, None)
        return decided.get(key)

    for spec in bracket.matches:
        a, b = (source(s) for s in spec.slots)
        skipped = False
        if spec.reset_of:
            first = result_of(spec.reset_of)
            if first is None:
                a = b = None
            elif first.winner is None or first.winner == out[spec.reset_of]["a"]:
                skipped = True
        out[spec.key] = {"a": a, "b": b, "skipped": skipped,
                         "walkover": not skipped and (a == EMPTY) != (b == EMPTY),
                         "void": skipped or (a == EMPTY and b == EMPTY)}
    for key, entry in out.items():
        entry["result"] = result_of(key)
    return out


def champion(bracket: Bracket, resolved: dict[str, dict]) -> str | None:
    """The bracket's winner once known (the grand final when its reset was skipped)."""
    final = resolved[bracket.champion_from]
    if final["skipped"]:
        first = resolved[bracket.by_key()[bracket.champion_from].reset_of]
        return first["result"].winner if first["result"] else None
    return final["result"].winner if final["result"] else None
