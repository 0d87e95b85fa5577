"""Whole tournaments of 2, 5, 8, 13 and 64 entrants in every format, driven through the pure
planner with scripted results (docs/rules/service.md, "Tournaments"), checked against hand-computed
brackets and standings. The same planner and events drive tournament/services.py."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from tournament import planner
from tournament.formats.seeding import bracket_size
from tournament.projections import bracket_of, standings_of
from tests.tournament.simulation import Sim

SIZES = [2, 5, 8, 13, 64]


def seeds(n):
    return [f"s{i:02d}" for i in range(1, n + 1)]


def favourite(pairing, leg):
    """The better seed wins every game."""
    return min(pairing["a"], pairing["b"])


def run(sim: Sim, pick=favourite) -> int:
    rounds = 0
    while True:
        try:
            sim.start_round()
        except planner.CannotStartRound as exc:
            assert exc.code in {"bracket_advances_automatically", "no_more_rounds"}
            return rounds
        rounds += 1
        sim.play_open(pick)


def played(bracket):
    return [p for r in bracket["rounds"] for p in r["pairings"] if p["id"] and not p["bye"]]


@pytest.mark.parametrize("n", SIZES)
def test_single_elimination(n):
    sim = Sim("single-elimination", seeds(n))
    run(sim)
    bracket = bracket_of(sim.state)
    assert bracket["champion"] == "s01" and sim.state.is_complete()
    assert len(played(bracket)) == n - 1  # every entrant but the champion loses exactly once
    walkovers = [p for r in bracket["rounds"] for p in r["pairings"] if p["walkover"]]
    assert sorted(p["a"] for p in walkovers) == seeds(n)[:bracket_size(n) - n]  # byes to the top seeds
    final = bracket["rounds"][-1]["pairings"][0]
    assert (final["winner"], final["loser"], final["score"], final["next"]) == \
        ("s01", "s02", [2, 0], {"winner": None, "loser": None})


@pytest.mark.parametrize("n", SIZES)
def test_double_elimination(n):
    sim = Sim("double-elimination", seeds(n))
    run(sim)
    bracket = bracket_of(sim.state)
    assert bracket["champion"] == "s01"
    assert len(played(bracket)) == 2 * n - 2  # everybody but the champion loses twice, no reset
    final = next(p for r in bracket["rounds"] for p in r["pairings"] if p["key"] == "GF")
    assert (final["a"], final["b"], final["winner"]) == ("s01", "s02", "s01")
    assert all(p["key"] != "GF2" for p in played(bracket))


def test_double_elimination_4_upsets_route_through_the_losers_bracket_and_reset():
    """Hand-drawn: s4 beats s1, s2 beats s3 and s4; s1 wins the losers bracket and both finals."""
    script = {"W1-1": "s04", "W1-2": "s02", "W2-1": "s02", "L1-1": "s01", "L2-1": "s01", "GF": "s01", "GF2": "s01"}
    sim = Sim("double-elimination", seeds(4))
    run(sim, lambda pairing, leg: script[pairing["key"]])
    by_key = {p["key"]: p for r in bracket_of(sim.state)["rounds"] for p in r["pairings"]}
    assert (by_key["L1-1"]["a"], by_key["L1-1"]["b"]) == ("s01", "s03")
    assert (by_key["L2-1"]["a"], by_key["L2-1"]["b"]) == ("s01", "s04")
    assert (by_key["GF"]["a"], by_key["GF"]["b"]) == ("s02", "s01")
    assert (by_key["GF2"]["a"], by_key["GF2"]["b"], by_key["GF2"]["winner"]) == ("s02", "s01", "s01")
    assert by_key["W1-1"]["next"] == {"winner": "W2-1", "loser": "L1-1"}
    assert bracket_of(sim.state)["champion"] == "s01"


def test_single_elimination_third_place():
    sim = Sim("single-elimination", seeds(8), third_place=True)
    run(sim)
    third = next(p for r in bracket_of(sim.state)["rounds"] for p in r["pairings"] if p["key"] == "3P")
    assert (third["a"], third["b"], third["winner"]) == ("s04", "s03", "s03")  # losers of 1v4 and 2v3


@pytest.mark.parametrize("n", SIZES)
def test_round_robin_polish(n):
    sim = Sim("round-robin", seeds(n))
    rounds = run(sim)
    assert rounds == (n - 1 if n % 2 == 0 else n)
    rows = standings_of(sim.state)["rows"]
    assert [r["entrant"] for r in rows] == seeds(n)
    assert [r["points"] for r in rows] == [3 * (n - k) for k in range(1, n + 1)]
    assert [r["games_won"] for r in rows] == [2 * (n - k) for k in range(1, n + 1)]
    assert bracket_of(sim.state)["champion"] == "s01"


def test_double_round_robin_plays_every_pair_twice():
    sim = Sim("round-robin", seeds(5), cycles=2)
    assert run(sim) == 10
    assert standings_of(sim.state)["rows"][0]["points"] == 24


def test_swiss_8_hand_computed_standings_and_tie_breaks():
    """R1 1-5 2-6 3-7 4-8; R2 1-3 2-4 5-7 6-8; R3 1-2 3-5 4-6 7-8 (better seed wins).
    s2, s3, s4 have 6: s2 beat s4 (head-to-head); s3 v s4 by Buchholz 15 v 9.
    s5, s6, s7 have 3: s5 beat s7; s6 v s7 by Buchholz 12 v 9."""
    sim = Sim("swiss", seeds(8))
    assert run(sim) == 3
    keys = [frozenset((p["a"], p["b"])) for p in sim.state.pairings.values()]
    assert keys[:4] == [frozenset(x) for x in (("s01", "s05"), ("s02", "s06"), ("s03", "s07"), ("s04", "s08"))]
    rows = standings_of(sim.state)["rows"]
    assert [(r["entrant"], r["points"]) for r in rows] == [
        ("s01", 9), ("s02", 6), ("s03", 6), ("s04", 6), ("s05", 3), ("s06", 3), ("s07", 3), ("s08", 0)]
    assert {r["entrant"]: r["buchholz"] for r in rows}["s03"] == 15
    assert {r["entrant"]: r["buchholz"] for r in rows}["s04"] == 9


def test_swiss_5_byes_floaters_and_buchholz():
    """Byes (worth 2:0 → 3) go to s5, s4, s3, the lowest placed without one (swiss.py criterion 2).
    R1 1-3 2-4; R2 on 3 points s1 s2 s5: s1-s2, and s5, the lowest of the group, floats to s3;
    R3 s1 (6) floats to the 3-point group {s2 s4 s5}: s2 is a repeat, so s4, then s2-s5.
    s2 and s3 tie on 6 and s4 and s5 on 3; Buchholz 15 v 12 separates both pairs."""
    sim = Sim("swiss", seeds(5))
    run(sim)
    byes = [p["a"] for p in sim.state.pairings.values() if p["bye"]]
    assert byes == ["s05", "s04", "s03"]
    meetings = [(p["round"], p["a"], p["b"]) for p in sim.state.pairings.values() if not p["bye"]]
    assert meetings == [(1, "s01", "s03"), (1, "s02", "s04"), (2, "s01", "s02"), (2, "s05", "s03"),
                        (3, "s01", "s04"), (3, "s02", "s05")]
    rows = standings_of(sim.state)["rows"]
    assert [(r["entrant"], r["points"], r["buchholz"]) for r in rows] == [
        ("s01", 9, 15), ("s02", 6, 15), ("s03", 6, 12), ("s04", 3, 15), ("s05", 3, 12)]


@pytest.mark.parametrize("n", SIZES)
def test_swiss_never_repeats_and_gives_one_bye_at_most(n):
    sim = Sim("swiss", seeds(n))
    rounds = run(sim)
    assert rounds == max(1, min(math.ceil(math.log2(n)), n - 1))
    meetings = [frozenset((p["a"], p["b"])) for p in sim.state.pairings.values() if not p["bye"]]
    assert len(meetings) == len(set(meetings))
    byes = [p["a"] for p in sim.state.pairings.values() if p["bye"]]
    assert len(byes) == len(set(byes)) == (rounds if n % 2 else 0)
    top = standings_of(sim.state)["rows"][0]
    assert (top["entrant"], top["points"]) == ("s01", 3 * rounds)


@pytest.mark.parametrize("n", SIZES)
def test_groups_then_playoffs(n):
    sim = Sim("groups-playoffs", seeds(n), group_count=2, advance_per_group=2)
    run(sim)
    state = sim.state
    assert state.group_rankings() == [sorted(g) for g in state.groups()]
    bracket = bracket_of(state)
    assert bracket["champion"] == "s01"
    playoff = [p for r in bracket["rounds"] for p in r["pairings"] if p["stage"] == "playoff"]
    first_round = {frozenset((p["a"], p["b"])) for p in playoff if p["round"] == min(q["round"] for q in playoff)}
    if n >= 4:  # group winners s01 (A) and s02 (B) meet the other group's runner-up
        assert first_round == {frozenset(("s01", "s03")), frozenset(("s02", "s04"))}
    groups = standings_of(state)["groups"]
    assert [g["group"] for g in groups] == ["A", "B"]


@given(st.integers(min_value=2, max_value=20), st.randoms(use_true_random=False), st.booleans())
@settings(max_examples=25, deadline=None)
def test_elimination_invariants_under_random_results(n, rnd, double):
    """Single: n − 1 pairings, the champion never loses. Double: everybody but the champion is
    out after exactly two lost pairings; the champion lost at most one (then the reset was played)."""
    fmt = "double-elimination" if double else "single-elimination"
    sim = Sim(fmt, seeds(n))
    run(sim, lambda pairing, leg: rnd.choice((pairing["a"], pairing["b"])) if leg == 1 else
        sim.state.pairings[pairing["id"]]["results"][1]["winner"])
    bracket = bracket_of(sim.state)
    champion = bracket["champion"]
    losses = {name: 0 for name in seeds(n)}
    for pairing in played(bracket):
        losses[pairing["loser"]] += 1
    assert champion is not None and sim.state.is_complete()
    if double:
        assert all(count == 2 for name, count in losses.items() if name != champion)
        reset = any(p["key"] == "GF2" for p in played(bracket))
        assert losses[champion] == (1 if reset else 0)
    else:
        assert len(played(bracket)) == n - 1 and losses[champion] == 0
