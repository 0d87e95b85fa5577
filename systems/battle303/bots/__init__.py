"""Practice opponents for 303 (kit/bots.py): a Luftwaffe and an RAF bot at every level.

Levels 1–3 pick from the scores of luftwaffe.py / raf.py (policy.py) with fewer slips as they
rise; level 4 looks ahead over sampled dice with the engine (search.py). ``elo`` is each
level's rating from ``calibration.ladder`` (anchor: the random-legal player = 0; run of
``bench/bench_303_bots.py``: 200 games a side for the steps up to level 3, 80 for 4 over 3).
"""
from __future__ import annotations

from systems.battle303.rules.board import Board
from systems.battle303.rules.parameters import parameters_from_setup
from systems.battle303.rules.rules import SIDES
from systems.kit.contract import RuleViolationError
from .policy import Style, pick
from .search import lookahead
from .world import decision_rng, state_from_view

LEVELS: dict[int, dict] = {
    1: {"label": "beginner", "budget_seconds": 0.05, "elo": 536},
    2: {"label": "cadet", "budget_seconds": 0.1, "elo": 745},
    3: {"label": "pilot", "budget_seconds": 0.2, "elo": 964},
    4: {"label": "ace", "budget_seconds": 2.0, "elo": 1038},
}
STYLES = {
    1: Style(blunder=0.5, temperature=1.0, straight_bomber=True),
    2: Style(blunder=0.08, temperature=0.25),
    3: Style(),
}
# Look-ahead budgets: (candidate commands, sampled dice worlds).
SEARCHES = {4: (3, 4)}


class Bot303:
    """One side's bot at one level; it sees only what :meth:`choose` is handed."""

    def __init__(self, side: str, level: int, seed: str):
        self.side, self.level, self.seed = side, level, seed

    def choose(self, view: dict, legal: list[dict]) -> dict:
        rng = decision_rng(self.seed, view, legal)
        state = state_from_view(view)
        if self.level in SEARCHES:
            candidates, worlds = SEARCHES[self.level]
            return lookahead(state, self.side, legal, rng, candidates=candidates, worlds=worlds)
        return pick(state, self.side, legal, rng, STYLES[self.level])


def refusal(side: str, level: int, setup: dict) -> str | None:
    """``unknown_side``, ``unknown_level`` or ``invalid_setup`` (a set-up the engine itself
    refuses); every option and board the engine accepts is played."""
    if side not in SIDES:
        return "unknown_side"
    if level not in LEVELS:
        return "unknown_level"
    try:
        parameters_from_setup(dict(setup or {}))
        if (setup or {}).get("board"):
            Board(setup["board"]).validate()
    except RuleViolationError:
        return "invalid_setup"
    return None


def make_bot(side: str, level: int, setup: dict, seed: str) -> Bot303:
    code = refusal(side, level, setup)
    if code:
        raise ValueError(code)
    return Bot303(side, level, seed)


__all__ = ["LEVELS", "make_bot", "refusal"]
