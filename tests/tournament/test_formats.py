"""Bracket builders, Berger tables and the Swiss pairer (service.md, "Tournaments": formats)."""
import itertools
import math

import pytest
from hypothesis import given, settings, strategies as st

from tournament.formats import berger, elimination, groups, seeding, swiss
from tournament.formats.elimination import EMPTY, Decided


@pytest.mark.parametrize("size, expected", [
    (2, [1, 2]), (4, [1, 4, 2, 3]), (8, [1, 8, 4, 5, 2, 7, 3, 6]),
    (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
])
def test_seed_positions_put_1_v_n_and_keep_1_and_2_apart(size, expected):
    assert seeding.seed_positions(size) == expected


@pytest.mark.parametrize("n, size", [(2, 2), (5, 8), (8, 8), (13, 16), (64, 64), (65, 128)])
def test_bracket_size(n, size):
    assert seeding.bracket_size(n) == size


def names(n):
    return [f"s{i}" for i in range(1, n + 1)]


def test_single_elimination_5_gives_byes_to_the_top_three_seeds():
    bracket = elimination.SingleEliminationBuilder(5).build()
    resolved = elimination.resolve(bracket, names(5), {})
    first = {k: (v["a"], v["b"]) for k, v in resolved.items() if k.startswith("W1-")}
    assert first == {"W1-1": ("s1", EMPTY), "W1-2": ("s4", "s5"), "W1-3": ("s2", EMPTY), "W1-4": ("s3", EMPTY)}
    assert [k for k, v in resolved.items() if v["walkover"]] == ["W1-1", "W1-3", "W1-4"]
    # Round 2: seed 1 waits for the 4 v 5 winner; seeds 2 and 3 already meet.
    assert (resolved["W2-1"]["a"], resolved["W2-1"]["b"]) == ("s1", None)
    assert (resolved["W2-2"]["a"], resolved["W2-2"]["b"]) == ("s2", "s3")


def test_single_elimination_13_has_three_byes_and_12_playing_slots():
    resolved = elimination.resolve(elimination.SingleEliminationBuilder(13).build(), names(13), {})
    byes = sorted(v["a"] for k, v in resolved.items() if v["walkover"])
    assert byes == ["s1", "s2", "s3"]
    playing = [k for k, v in resolved.items() if k.startswith("W1-") and not v["walkover"]]
    assert len(playing) == 5


def test_third_place_match_takes_the_semi_final_losers():
    bracket = elimination.SingleEliminationBuilder(4, third_place=True).build()
    decided = {"W1-1": Decided("s1", "s4"), "W1-2": Decided("s3", "s2")}
    resolved = elimination.resolve(bracket, names(4), decided)
    assert (resolved["W2-1"]["a"], resolved["W2-1"]["b"]) == ("s1", "s3")
    assert (resolved["3P"]["a"], resolved["3P"]["b"]) == ("s4", "s2")


def test_double_elimination_8_routes_losers_as_drawn_by_hand():
    """WB R1 losers meet in L1; L2 brings in WB R2 losers in reverse order; L4 the WB final's loser."""
    bracket = elimination.DoubleEliminationBuilder(8).build()
    specs = bracket.by_key()
    assert specs["L1-1"].slots == ({"loser": "W1-1"}, {"loser": "W1-2"})
    assert specs["L1-2"].slots == ({"loser": "W1-3"}, {"loser": "W1-4"})
    assert specs["L2-1"].slots == ({"winner": "L1-1"}, {"loser": "W2-2"})
    assert specs["L2-2"].slots == ({"winner": "L1-2"}, {"loser": "W2-1"})
    assert specs["L3-1"].slots == ({"winner": "L2-1"}, {"winner": "L2-2"})
    assert specs["L4-1"].slots == ({"winner": "L3-1"}, {"loser": "W3-1"})
    assert specs["GF"].slots == ({"winner": "W3-1"}, {"winner": "L4-1"})
    assert specs["GF2"].reset_of == "GF"
    assert len([m for m in bracket.matches if m.stage == "losers"]) == 6


def test_grand_final_reset_only_when_the_losers_bracket_champion_wins():
    bracket = elimination.DoubleEliminationBuilder(2).build()
    won_by_wb = elimination.resolve(bracket, ["x", "y"], {"W1-1": Decided("x", "y"), "GF": Decided("x", "y")})
    assert won_by_wb["GF2"]["skipped"] and elimination.champion(bracket, won_by_wb) == "x"
    reset = elimination.resolve(bracket, ["x", "y"], {"W1-1": Decided("x", "y"), "GF": Decided("y", "x")})
    assert not reset["GF2"]["skipped"] and (reset["GF2"]["a"], reset["GF2"]["b"]) == ("x", "y")
    assert elimination.champion(bracket, reset) is None
    done = elimination.resolve(bracket, ["x", "y"], {"W1-1": Decided("x", "y"), "GF": Decided("y", "x"),
                                                     "GF2": Decided("y", "x")})
    assert elimination.champion(bracket, done) == "y"


def test_berger_table_for_four_and_six_matches_fide_c05():
    assert berger.berger_rounds(["1", "2", "3", "4"]) == [
        [("1", "4"), ("2", "3")], [("3", "4"), ("1", "2")], [("2", "4"), ("3", "1")]]
    rounds = berger.berger_rounds([str(i) for i in range(1, 7)])
    assert [set(map(frozenset, r)) for r in rounds[:2]] == [
        {frozenset("16"), frozenset("25"), frozenset("34")}, {frozenset("46"), frozenset("53"), frozenset("12")}]


@given(st.integers(min_value=2, max_value=20), st.sampled_from([1, 2]))
@settings(max_examples=40, deadline=None)
def test_berger_everybody_meets_everybody_once_per_cycle_and_plays_once_a_round(n, cycles):
    entrants = names(n)
    rounds = berger.berger_rounds(entrants, cycles)
    assert len(rounds) == cycles * (n - 1 if n % 2 == 0 else n)
    meetings = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert sorted(map(sorted, set(meetings))) == sorted(map(sorted, map(frozenset, itertools.combinations(entrants, 2))))
    assert all(meetings.count(m) == cycles for m in set(meetings))
    for r in rounds:
        seen = [x for p in r for x in p if x is not None]
        assert len(seen) == len(set(seen)) == n


def test_swiss_first_round_pairs_top_half_against_bottom_half():
    field = [swiss.SwissEntrant(f"s{i}", 0, i) for i in range(1, 9)]
    pairs, bye = swiss.pair_round(field, set(), set())
    assert pairs == [("s1", "s5"), ("s2", "s6"), ("s3", "s7"), ("s4", "s8")] and bye is None


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    field = [swiss.SwissEntrant(f"s{i}", 0, i) for i in range(1, 6)]
    _, bye = swiss.pair_round(field, set(), {"s5"})
    assert bye == "s4"


def test_swiss_backtracks_rather_than_repeat():
    field = [swiss.SwissEntrant(n, 1, i) for i, n in enumerate("abcd")]
    played = {frozenset("ac"), frozenset("bd"), frozenset("ad")}
    pairs, _ = swiss.pair_round(field, played, set())
    assert {frozenset(p) for p in pairs} == {frozenset("ab"), frozenset("cd")}
    with pytest.raises(swiss.NoLegalPairing):
        swiss.pair_round(field, played | {frozenset("ab")}, set())


@given(st.integers(min_value=2, max_value=24), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_swiss_rounds_never_repeat_and_give_at_most_one_bye(n, rnd):
    entrants = names(n)
    points = dict.fromkeys(entrants, 0)
    played, byes = set(), []
    for _ in range(max(1, min(math.ceil(math.log2(n)), n - 1))):  # the default number of rounds
        field = [swiss.SwissEntrant(e, points[e], i) for i, e in enumerate(entrants)]
        pairs, bye = swiss.pair_round(field, played, set(byes))
        for a, b in pairs:
            assert frozenset((a, b)) not in played
            played.add(frozenset((a, b)))
            points[rnd.choice((a, b))] += 3
        if bye:
            byes.append(bye)
    assert len(byes) == len(set(byes))


def test_snake_groups_and_playoff_seeds():
    assert groups.snake_groups(names(8), 2) == [["s1", "s4", "s5", "s8"], ["s2", "s3", "s6", "s7"]]
    assert groups.playoff_seeds([["a1", "a2", "a3"], ["b1", "b2", "b3"]], 2) == ["a1", "b1", "a2", "b2"]
