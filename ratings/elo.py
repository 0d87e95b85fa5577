"""Elo maths, pure Python with no Django (docs/rules/service.md, "Ratings").

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

Games of 3–5 players (Duel in the Dark §9.3) are rated as Board Game Arena rates multi-player
games: one virtual duel between every two players, scored 1 / ½ / 0 by their finishing places,
all with the ratings from before the game. A player's change is ``K/(N−1) · Σ (S − E)`` over
their N−1 duels, i.e. ``K · (mean S − mean E)``: a 2-player game is exactly the Elo above, and a
table of five moves a player no further than one opponent could. The game counts once towards
the player's games (K by game count, not duel count).

A rating is **provisional** while its player has fewer than ``PROVISIONAL_GAMES`` rated games
in the system (FIDE publishes a first rating after 5 games, Lichess marks it with "?" while the
deviation is high — ten games here): the pages and the API mark it so.
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
PROVISIONAL_GAMES = 10


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


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


def duel_score(placing: int, other: int) -> float:
    """A virtual duel of a multi-player game: the better finishing place wins it."""
    return WIN if placing < other else (DRAW if placing == other else LOSS)


def rate_table(placings: list[tuple], states: dict) -> list[tuple]:
    """Rate one game of N ≥ 2 players, ``placings`` = ``[(player, place), ...]`` (1 = first,
    equal places tie), updating ``states``. Returns per player, in the given order,
    ``(rating, games, peak, k, mean score, mean expected, new rating)`` (the first values before).
    """
    before = []
    for player, _ in placings:
        state = states.get(player)
        if state is None:
            state = states[player] = new_state()
        before.append(tuple(state))
    others = len(placings) - 1
    changes = []
    for i, (_, place) in enumerate(placings):
        rating, games, peak = before[i]
        score = expected = 0.0
        for j, (_, other_place) in enumerate(placings):
            if j != i:
                score += duel_score(place, other_place)
                expected += expected_score(rating, before[j][0])
        score, expected = score / others, expected / others
        k = k_factor(games, peak)
        changes.append((rating, games, peak, k, score, expected, rating + k * (score - expected)))
    for (player, _), change in zip(placings, changes):
        new = change[6]
        states[player] = [new, change[1] + 1, max(change[2], new)]
    return changes
