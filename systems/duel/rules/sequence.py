"""What follows a command in the sequence of play (spec §1.3, §3.6, §4.1).

A phase-5 sub-step's command opens the next enabled sub-step or the duel (hook order of §9.5);
a command that ends a turn (its last event ``TurnEnded``) moves on to the next awaited turn.
The sequence calls the phases; no phase calls back into it.
"""
from __future__ import annotations

from . import phase5, turns
from .board import Board
from .emitter import Emitter


def follow(em: Emitter, board: Board, step: str, rng) -> None:
    """Continue after the command just decided in ``step``."""
    if step in phase5.ORDER:
        phase5.proceed(em, board, rng, step)
    elif em.events and em.events[-1].type == "TurnEnded":
        turns.advance(em, board, em.events[-1].payload["actor"], rng)
