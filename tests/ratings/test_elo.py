"""Elo maths (docs/rules/service.md, "Ratings": start 1500; K 40 / 20 / 10; E = 1/(1+10^((Rb−Ra)/400))).

Hand-computed values: E for a rating gap g is 1/(1+10^(−g/400)); each step is written out.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings import elo

NO_SHIFT = 0.0


def approx(value):
    return pytest.approx(value, abs=1e-9)


@pytest.mark.parametrize("rating, opponent, expected", [
    (1500, 1500, 0.5),
    (1900, 1500, 1 / (1 + 10 ** -1)),  # 400 points above: 10/11
    (1500, 1900, 1 / 11),
    (1520, 1480, 1 / (1 + 10 ** -0.1)),  # 0.557311633...
])
def test_expected_score_formula(rating, opponent, expected):
    assert elo.expected_score(rating, opponent) == approx(expected)


@pytest.mark.parametrize("games_before, peak_before, k", [
    (0, 1500, 40),       # first game
    (29, 1500, 40),      # 30th game: still in the first 30
    (30, 1500, 20),      # 31st game
    (30, 2399.99, 20),   # just below 2400
    (30, 2400, 10),      # "from 2400": at 2400 exactly
    (200, 2400.5, 10),   # reached 2400 once (peak) → stays 10
    (29, 2450, 40),      # FIDE order: the first-30-games rule comes first
])
def test_k_factor_reading(games_before, peak_before, k):
    assert elo.k_factor(games_before, peak_before) == k


def test_two_new_players_hand_computed_sequence():
    """1500 v 1500, A wins: E=0.5, K=40 → 1520 / 1480. Then B wins:
    E_A = 1/(1+10^((1480−1520)/400)) = 0.5573116338; A = 1520 − 40·0.5573116338 = 1497.7075346;
    B = 1480 + 40·0.5573116338 = 1502.2924654."""
    states, changes = elo.fold([("A", "B", elo.WIN, NO_SHIFT), ("A", "B", elo.LOSS, NO_SHIFT)])
    assert changes[0][-2:] == (1520.0, 1480.0)
    assert changes[1][8] == approx(0.5573116337622928)
    assert states["A"] == [approx(1497.7075346495083), 2, 1520.0]
    assert states["B"] == [approx(1502.2924653504917), 2, approx(1502.2924653504917)]


def test_k_drops_from_40_to_20_after_the_30th_game():
    """X has 29 games, Y 30, both 1600. X wins: E=0.5, K_X=40 → 1620, K_Y=20 → 1590.
    X (now 30 games) wins again: E_X = 1/(1+10^(−30/400)) = 0.5430664920, K=20 for both →
    X = 1620 + 20·0.4569335080 = 1629.1386702, Y = 1590 − 20·0.4569335080 = 1580.8613298."""
    states = {"X": [1600.0, 29, 1600.0], "Y": [1600.0, 30, 1600.0]}
    states, changes = elo.fold([("X", "Y", elo.WIN, NO_SHIFT), ("X", "Y", elo.WIN, NO_SHIFT)], states)
    (ra, ga, pa, ka, rb, gb, pb, kb, ea, na, nb), second = changes
    assert (ka, kb, na, nb) == (40.0, 20.0, 1620.0, 1590.0)
    assert second[3] == 20.0 and second[7] == 20.0
    assert states["X"][0] == approx(1629.1386701595557)
    assert states["Y"][0] == approx(1580.8613298404443)


def test_k_drops_to_10_from_2400_and_stays_there():
    """T and O at 2390 (50 games). T wins: K=20 → T 2400 (peak reached), O 2380.
    O wins: E_T = 1/(1+10^(−20/400)) = 0.5287505639; T (K=10) = 2400 − 10·E_T = 2394.7124944;
    O (K=20) = 2380 + 20·E_T = 2390.5750113. T wins, now below 2400 but K stays 10:
    E_T = 0.5059540353 → T = 2394.7124944 + 10·0.4940459647 = 2399.6529540."""
    states = {"T": [2390.0, 50, 2390.0], "O": [2390.0, 50, 2390.0]}
    results = [("T", "O", elo.WIN, NO_SHIFT), ("T", "O", elo.LOSS, NO_SHIFT), ("T", "O", elo.WIN, NO_SHIFT)]
    states, changes = elo.fold(results, states)
    assert [c[3] for c in changes] == [20.0, 10.0, 10.0]
    assert [c[7] for c in changes] == [20.0, 20.0, 20.0]
    assert changes[1][9] == approx(2394.7124943610775)
    assert changes[1][10] == approx(2390.5750112778455)
    assert states["T"] == [approx(2399.6529540076963), 53, 2400.0]
    assert states["O"][0] == approx(2380.694091984608)


def test_a_new_player_is_rated_with_40_for_exactly_30_games():
    results = [("new", f"opponent-{i}", elo.WIN, NO_SHIFT) for i in range(32)]
    _, changes = elo.fold(results)
    assert [c[3] for c in changes] == [40.0] * 30 + [20.0] * 2


def test_a_draw_between_equals_changes_nothing():
    states, _ = elo.fold([("A", "B", elo.DRAW, NO_SHIFT)])
    assert states["A"][0] == states["B"][0] == elo.START_RATING


one_result = st.tuples(st.sampled_from("ABCDE"), st.sampled_from("ABCDE"),
                       st.sampled_from([elo.WIN, elo.DRAW, elo.LOSS])).filter(lambda r: r[0] != r[1])
results_strategy = st.lists(one_result, max_size=60)


@settings(max_examples=60, deadline=None)
@given(results_strategy, st.integers(0, 60))
def test_folding_in_two_parts_equals_folding_at_once(results, cut):
    """The basis of "rebuild equals incremental": continuing from saved states is exact."""
    games = [(a, b, s, NO_SHIFT) for a, b, s in results]
    whole, _ = elo.fold(games)
    first, _ = elo.fold(games[:cut])
    resumed, _ = elo.fold(games[cut:], {p: list(s) for p, s in first.items()})
    assert resumed == whole


@settings(max_examples=60, deadline=None)
@given(st.lists(one_result, max_size=elo.NEW_PLAYER_GAMES))
def test_rating_points_are_conserved_between_players_with_equal_k(results):
    """With equal K (here everyone new, fewer than 30 games) one player's gain is the other's loss."""
    states, _ = elo.fold((a, b, s, NO_SHIFT) for a, b, s in results)
    assert sum(r for r, _, _ in states.values()) == pytest.approx(elo.START_RATING * len(states))
    assert all(peak >= rating for rating, _, peak in states.values())
