"""Elo with a fitted per-side offset, pure Python (issue 6, "side-aware insight").

Plain Elo assumes both sides of a game are equally strong. In 303 or Duel in the Dark one
side may win more often whoever plays it. The variant adds ``d/2`` Elo points to the first
side and ``−d/2`` to the second inside the expectation only:
``E_first = 1/(1+10^((R_second − R_first − d)/400))``.

``d`` is fitted by alternating two steps until it settles: rate all games with the current
``d``; then choose ``d`` so the expected total score of the first side equals its observed
total (the maximum-likelihood condition for the offset of a logistic model, holding the
pre-game ratings fixed; solved by bisection — the left side grows with ``d``).
"""
from __future__ import annotations

from . import elo

MAX_OFFSET = 800.0  # one side winning every game pushes the fit to this bound
TOLERANCE = 0.01
MAX_ROUNDS = 20
BISECTION_STEPS = 60


def offset_for(differences: list[float], observed: float) -> float:
    """``d`` with Σ E(difference + d) = observed; differences are first − second, pre-game."""
    low, high = -MAX_OFFSET, MAX_OFFSET
    scale = elo.ELO_SCALE
    for _ in range(BISECTION_STEPS):
        middle = (low + high) / 2.0
        expected = sum(1.0 / (1.0 + 10.0 ** (-(x + middle) / scale)) for x in differences)
        if expected < observed:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def fit(results: list[tuple]) -> tuple[float, dict]:
    """Fit ``d`` for ``results`` = ``[(first_player, second_player, first_score), ...]`` in order.

    Returns ``d`` and the players' states (``[rating, games, peak]``) under the variant.
    """
    if not results:
        return 0.0, {}
    observed = sum(score for _, _, score in results)
    offset, states = 0.0, {}
    for _ in range(MAX_ROUNDS):
        states, changes = elo.fold((a, b, score, offset) for a, b, score in results)
        refitted = offset_for([change[0] - change[4] for change in changes], observed)
        settled = abs(refitted - offset) < TOLERANCE
        offset = refitted
        if settled:
            break
    states, _ = elo.fold((a, b, score, offset) for a, b, score in results)
    return offset, states
