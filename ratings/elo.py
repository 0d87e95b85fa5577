"""Elo maths, pure Python with no Django (service.md, "Ratings").

Start 1500; expected score ``1/(1+10^((Rb−Ra)/400))``; new rating ``R + K·(S − E)``.

K-factor reading (FIDE Handbook B.02 §8.56 order, decided for issue 6):

* K is chosen from the player's state BEFORE the game being rated.
* ``K = 40`` while the player has played fewer than 30 rated games of this system
  (their games number 1..30 are rated with 40), whatever their rating;
* otherwise ``K = 10`` once the player has reached 2400 at any time (their peak rating,
  counting every post-game rating so far, is ≥ 2400) — it stays 10 even if they drop below;
* otherwise ``K = 20``.

Ratings are kept as unrounded floats: a fold over the same results in the same order gives
bit-identical numbers, which is what makes "rebuild equals incremental" exact.

The fold takes an optional per-game shift: Elo points added to player A's rating inside the
expectation only (the side-offset variant, see ``ratings/side_advantage.py``).
"""
from __future__ import annotations

from typing import Iterable

START_RATING = 1500.0
NEW_PLAYER_GAMES = 30
K_NEW_PLAYER = 40.0
K_ESTABLISHED = 20.0
K_TOP_PLAYER = 10.0
TOP_RATING = 2400.0
ELO_SCALE = 400.0

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


def expected_score(rating: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / ELO_SCALE))


def k_factor(games_before: int, peak_before: float) -> float:
    if games_before < NEW_PLAYER_GAMES:
        return K_NEW_PLAYER
    if peak_before >= TOP_RATING:
        return K_TOP_PLAYER
    return K_ESTABLISHED


def new_state() -> list:
    """A player's Elo state: ``[rating, games played, peak rating]`` (a list: mutated in folds)."""
    return [START_RATING, 0, START_RATING]


def fold(results: Iterable[tuple], states: dict | None = None) -> tuple[dict, list[tuple]]:
    """Rate ``results`` in order, updating ``states`` (player → ``[rating, games, peak]``).

    Each result is ``(player_a, player_b, score_a, shift_a)``; ``score_a`` is 1, 0.5 or 0.
    Returns the states and, per result, the change
    ``(rating_a, games_a, peak_a, k_a, rating_b, games_b, peak_b, k_b, expected_a, new_a, new_b)``
    where the first values are before the game. Written as one loop with local names because a full
    recompute runs it over every result ever recorded (bench/bench_ratings_rebuild.py).
    """
    states = {} if states is None else states
    changes = []
    append = changes.append
    get = states.get
    new_player, established, top = K_NEW_PLAYER, K_ESTABLISHED, K_TOP_PLAYER
    new_games, top_rating, scale, start = NEW_PLAYER_GAMES, TOP_RATING, ELO_SCALE, START_RATING
    for a, b, score_a, shift_a in results:
        sa = get(a)
        if sa is None:
            sa = states[a] = [start, 0, start]
        sb = get(b)
        if sb is None:
            sb = states[b] = [start, 0, start]
        ra, ga, pa = sa
        rb, gb, pb = sb
        ka = new_player if ga < new_games else (top if pa >= top_rating else established)
        kb = new_player if gb < new_games else (top if pb >= top_rating else established)
        ea = 1.0 / (1.0 + 10.0 ** ((rb - ra - shift_a) / scale))
        na = ra + ka * (score_a - ea)
        nb = rb + kb * (ea - score_a)  # B's score − B's expectation = (1 − S_a) − (1 − E_a)
        sa[0] = na
        sa[1] = ga + 1
        if na > pa:
            sa[2] = na
        sb[0] = nb
        sb[1] = gb + 1
        if nb > pb:
            sb[2] = nb
        append((ra, ga, pa, ka, rb, gb, pb, kb, ea, na, nb))
    return states, changes
