"""Elo with a fitted per-side offset (issue 6, side-aware insight)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings import elo, side_offset


def test_no_games_no_offset():
    assert side_offset.fit([]) == (0.0, {})


def test_balanced_sides_fit_no_offset():
    """Every game drawn, sides swapped: ratings stay 1500 and the first side scores 1/2 → d = 0."""
    offset, states = side_offset.fit([("A", "B", elo.DRAW), ("B", "A", elo.DRAW)] * 10)
    assert offset == pytest.approx(0.0, abs=1e-6)
    assert states["A"][0] == states["B"][0] == elo.START_RATING


def test_a_side_winning_three_in_four_between_equals_is_worth_about_191_points():
    """Players swap sides every game and each wins half, so ratings stay close to level,
    while the first side scores 3/4: d ≈ 400·log10(3) = 190.8 (E = 0.75 at a gap of d)."""
    cycle = [("A", "B", elo.WIN), ("B", "A", elo.WIN)] * 3 + [("A", "B", elo.LOSS), ("B", "A", elo.LOSS)]
    results = cycle * 10
    offset, states = side_offset.fit(results)
    assert offset == pytest.approx(190.8, abs=15)
    assert abs(states["A"][0] - states["B"][0]) < 1


def test_a_side_winning_everything_hits_the_bound():
    offset, _ = side_offset.fit([("A", "B", elo.WIN), ("B", "A", elo.WIN)] * 5)
    assert offset == pytest.approx(side_offset.MAX_OFFSET, abs=1e-6)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-600, 600), min_size=1, max_size=30), st.floats(0.05, 0.95))
def test_offset_solves_expected_equals_observed(differences, share):
    observed = share * len(differences)
    d = side_offset.offset_for(differences, observed)
    expected = sum(elo.expected_score(x + d, 0.0) for x in differences)
    assert abs(d) == side_offset.MAX_OFFSET or expected == pytest.approx(observed, abs=1e-6)
