"""Randomness (docs/rules/nightfighter-solo.md §4, H22).

Engines draw through the service's :class:`~systems.kit.dice.Dice`; :func:`roll` writes each
accepted value into the event as ``{kind, value, j}``. :class:`Sha256CounterDice` is the §4
reference generator (TV21), for tools that open nights with the spec's own draw scheme.
"""
from __future__ import annotations

import hashlib
import struct

from systems.kit.dice import Dice


def roll(rng: Dice, kind: str, sides: int = 6, reroll: bool = False) -> dict:
    """One die of ``kind``; the record goes into the event payload."""
    value = rng.roll(sides)
    record = {"kind": kind, "value": value, "j": rng.draws[-1][0]}
    if reroll:
        record["reroll"] = True
    return record


def roll_many(rng: Dice, kind: str, count: int) -> list[dict]:
    return [roll(rng, kind) for _ in range(count)]


def values(records: list[dict]) -> list[int]:
    return [r["value"] for r in records]


def seed_commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


class Sha256CounterDice(Dice):
    """§4: x = uint32_be(sha256(seed ‖ stream ‖ 0x00 ‖ u64_be(seq) ‖ u32_be(j))[0:4]),
    accepted when x < floor(2^32/k)·k; ``j`` counts rejected raw draws too."""

    def __init__(self, seed: bytes, stream_id: str, seq: int):
        super().__init__()
        self.seed, self.stream_id, self.seq = seed, stream_id, seq
        self.raw_index = 0

    def _raw(self) -> int:
        message = self.seed + self.stream_id.encode() + b"\x00" + struct.pack(">Q", self.seq)
        digest = hashlib.sha256(message + struct.pack(">I", self.raw_index)).digest()
        self.raw_index += 1
        return int.from_bytes(digest[:4], "big")

    def randbelow(self, n: int) -> int:
        if n < 1:
            raise ValueError("randbelow needs n >= 1")
        limit = (2**32 // n) * n
        while True:
            j = self.raw_index
            x = self._raw()
            if x < limit:
                self.draws.append([j, n, x % n])
                return x % n
