"""Where a tournament takes a player's entry rating from (docs/rules/service.md "Ratings"; seeding by rating).

Ratings sit above tournaments (they rate the tournaments' results), so a tournament may not ask
them by import: the app that keeps ratings plugs its source in at start-up (ratings/apps.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class RatingSource:
    entry_rating: Callable[[str, int], tuple[float, bool]]  # (system, player id) → (rating, provisional)
    provisional_games: int  # below this many rated games a rating is provisional


_source: list[RatingSource] = []


def provide(source: RatingSource) -> None:
    _source[:] = [source]


def source() -> RatingSource:
    if not _source:
        raise RuntimeError("no rating source: the ratings app provides one when it is ready")
    return _source[0]


def entry_rating(system: str, player_id: int) -> tuple[float, bool]:
    """``(rating, provisional)`` a tournament registers a player with."""
    return source().entry_rating(system, player_id)
