"""Provably fair randomness (docs/rules/service.md, "Provably fair randomness").

Every draw is ``HMAC-SHA256(seed, "stream:seq:index")`` reduced to the asked range, so
anyone holding the revealed seed can re-derive every roll of a replay. Engines only see the
small :class:`Dice` interface; the store records each draw as ``[index, n, value]``.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Sequence, TypeVar

T = TypeVar("T")


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def derive(seed: str, stream: str, seq: int, index: int, n: int) -> int:
    """The draw ``index`` of the command appended at ``seq``: an integer in ``0..n-1``."""
    digest = hmac.new(seed.encode(), f"{stream}:{seq}:{index}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % n  # 256-bit source: modulo bias below 2**-240


class Dice:
    """Base class: subclasses provide ``_draw(n) -> 0..n-1``; draws are logged."""

    def __init__(self) -> None:
        self.draws: list[list[int]] = []

    def _draw(self, n: int) -> int:
        raise NotImplementedError

    def randbelow(self, n: int) -> int:
        if n < 1:
            raise ValueError("randbelow needs n >= 1")
        value = self._draw(n)
        self.draws.append([len(self.draws), n, value])
        return value

    def roll(self, sides: int = 6) -> int:
        """A die showing 1..sides."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Fisher–Yates on a copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def token(self) -> str:
        """A 128-bit hex nonce (four 32-bit draws)."""
        return "".join(f"{self.randbelow(2**32):08x}" for _ in range(4))


class SeededDice(Dice):
    """Live draws for the command that will be appended at ``seq`` of ``stream``."""

    def __init__(self, seed: str, stream: str, seq: int):
        super().__init__()
        self.seed, self.stream, self.seq = seed, stream, seq

    def _draw(self, n: int) -> int:
        return derive(self.seed, self.stream, self.seq, len(self.draws), n)


class RecordedDice(Dice):
    """Replays draws recorded earlier (used when folding ``GameCreated``)."""

    def __init__(self, draws: Sequence[Sequence[int]]):
        super().__init__()
        self._recorded = [list(d) for d in draws]

    def _draw(self, n: int) -> int:
        index = len(self.draws)
        if index >= len(self._recorded) or self._recorded[index][1] != n:
            raise ValueError(f"recorded draw {index} does not match a draw below {n}")
        return self._recorded[index][2]


class ScriptedDice(Dice):
    """Test rig: returns the given die faces (1-based for ``roll``) in order."""

    def __init__(self, faces: Sequence[int]):
        super().__init__()
        self._faces = list(faces)

    def _draw(self, n: int) -> int:
        if not self._faces:
            raise AssertionError("ScriptedDice ran out of faces")
        face = self._faces.pop(0)
        if not 1 <= face <= n:
            raise AssertionError(f"scripted face {face} outside 1..{n}")
        return face - 1


class NoDice(Dice):
    """For callers that promise not to roll (e.g. ``legal_actions``)."""

    def _draw(self, n: int) -> int:
        raise AssertionError("this call may not draw random numbers")


def verify_draws(seed: str, stream: str, seq: int, draws: Sequence[Sequence[int]]) -> list[int]:
    """Indexes of recorded draws that do not match the seed (empty = all verified)."""
    return [i for i, n, value in draws if derive(seed, stream, seq, i, n) != value]
