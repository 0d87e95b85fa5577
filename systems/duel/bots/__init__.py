"""Practice opponents for Duel in the Dark (contract: systems/kit/bots.py).

Both sides at four levels: 1 plays mostly random legal moves with a little sense, 2 plays the
heuristics with some noise, 3 without noise and more sampled plans (the German also places its
ground defences over sampled plans, defences.py), 4 replays its best fighter moves on the engine
over sampled British plans (belief.py, search.py).  ``elo``: calibrated by
:mod:`.calibration` (anchor: random legal moves = 0).
"""
from __future__ import annotations

from .british import BritishBot
from .german import GermanBot

# elo: bench/bench_duel_bots.py, seed "ladder", load average ~8 on 2 cores; games per row: British
# 60 (L4 vs L3: 80), German 100 (L4 vs L3: 60)
LEVELS = {
    1: {"label": "Beginner", "budget_seconds": 0.2, "elo": 251},
    2: {"label": "Club player", "budget_seconds": 0.5, "elo": 570},
    3: {"label": "Veteran", "budget_seconds": 1.0, "elo": 903},
    4: {"label": "Ace", "budget_seconds": 2.0, "elo": 971},
}
# level → (share of random moves, sampled plans, engine-replayed candidates)
TUNING = {1: (0.85, 2, 0), 2: (0.4, 4, 0), 3: (0.1, 12, 0), 4: (0.0, 12, 2)}
# level → British route candidates flown to the end of the night against a German level-3 bot
ROLLOUTS = {1: 0, 2: 0, 3: 0, 4: 3}
# the expansions the bots play (options.py EXPANSIONS); others are refused
SUPPORTED_EXPANSIONS = frozenset({"ju88", "window", "walls_have_ears", "railway_flak", "quad_flak",
                                  "acoustic_mirror", "ace_gunners", "british_qf_guns", "british_searchlights"})


def refusal(side: str, level: int, setup: dict) -> str | None:
    """A refusal code, or None when the bot plays ``side`` at ``level`` in ``setup``."""
    setup = setup or {}
    from systems.duel.rules.options import DEFAULT_OPTIONS, EXPANSIONS
    if any(key not in DEFAULT_OPTIONS for key in setup):
        return "bot_unsupported_option"  # an option these bots were not written for
    if level not in LEVELS:
        return "bot_unknown_level"
    if side != "british" and not side.startswith("german"):
        return "bot_unknown_side"
    if setup.get("mode") == "solo" and side == "british":
        return "bot_unknown_side"
    if setup.get("board") is not None:
        return "bot_unsupported_board"
    for key in EXPANSIONS:
        if setup.get(key) and key not in SUPPORTED_EXPANSIONS:
            return "bot_unsupported_expansion"
    return None


def make_bot(side: str, level: int, setup: dict, seed: str):
    code = refusal(side, level, setup)
    if code is not None:
        raise ValueError(code)
    noise, samples, lookahead = TUNING[level]
    if side == "british":
        return BritishBot(side, level, seed, noise, ROLLOUTS[level], _rollout_german)
    return GermanBot(side, level, seed, noise, samples, lookahead)


def _rollout_german(side: str, seed: str) -> GermanBot:
    """The German of the British rollouts: level 3's play on fewer samples (the budget)."""
    return GermanBot(side, 3, seed, 0.0, ROLLOUT_SAMPLES, 0)


ROLLOUT_SAMPLES = 4
