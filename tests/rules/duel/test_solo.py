"""Spec §8: the solo mission — automatic British side driven by seeded decks (A-57), barred hexes,
start hexes from the weather card, hex 31 → 23, target ordinal, unused tokens as markers, and the
optional H1 Mosquito bombing heuristic (§8.6, A-68)."""
import pytest

from systems.duel.rules import SYSTEM
from systems.duel.rules.board import load_board
from systems.duel.rules.emitter import Emitter
from systems.duel.rules.solo import heuristic_bombs, mosquito_turn

from .policies import play
from .support import apply, dice, layout

BOARD = load_board()


def solo_start(card=1, units=None, **setup):
    state = SYSTEM.initial_state(dict({"mode": "solo", "weather_card": card}, **setup), None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    assert state["step"] == "ground_units"  # §8.1: units before the weather in solo
    return apply(state, "german", {"type": "PlaceGroundUnits", "placements": units or layout([])})


def test_solo_setup_starts_with_the_german_turn():
    state, events = solo_start(card=3)
    types = [e.type for e in events]
    assert types.index("GroundUnitsPlaced") < types.index("WeatherDrawn") < types.index("SoloSetup")
    card = BOARD.weather_cards[3]["solo"]
    assert state["bomber"]["hex"] == card["bomber"] and state["mosquito"]["hex"] == card["mosquito"]
    assert state["solo"]["target_ordinal"] == card["target"]
    assert state["step"] == "german" and state["round"] == 1
    assert SYSTEM.to_move(state) == ["german"]
    assert SYSTEM.decide(state, {"type": "AdvanceBomber"}, "british", dice()).code == "not_your_turn"


@pytest.mark.parametrize("seed", range(8))
def test_solo_games_respect_barred_hexes_and_target_ordinal(seed):
    card = 1 + seed % 12
    state = SYSTEM.initial_state({"mode": "solo", "weather_card": card}, None)
    final, events = play(SYSTEM, state, lambda n: dice(1000 * seed + n))
    entered = [e.payload["to"] for e in events if e.type == "BomberMoved"]
    assert not set(entered) & {7, 15, 30, 43}
    cities = [e.payload["hex"] for e in events if e.type == "SoloCityOverflown"]
    bombed = [e.payload["hex"] for e in events if e.type == "TargetBombed"]
    ordinal = BOARD.weather_cards[card]["solo"]["target"]
    if bombed:
        assert bombed == [cities[ordinal - 1]]
        assert all(e.payload["accepted"] is False or e.payload["deck"] == "outbound"
                   for e in events[:[e.type for e in events].index("TargetBombed")] if e.type == "SoloCardDrawn")
    assert final["bomber"]["landed"] and final["mosquito"]["state"] == "landed"
    assert SYSTEM.outcome(final)["winner"] == ("german" if final["score"] < 0 else "british" if final["score"] > 0 else None)


def test_solo_bomber_cards_within_one_notch_except_after_target():
    state = SYSTEM.initial_state({"mode": "solo", "weather_card": 8}, None)
    _, events = play(SYSTEM, state, dice)
    moves = [e.payload for e in events if e.type == "BomberMoved"]
    homebound = next((e.payload["move_no"] for e in events if e.type == "SoloHomebound"), None)
    from systems.kit.hexgrid import steps_between
    for prev, cur in zip(moves, moves[1:]):
        if prev["move_no"] != homebound:
            assert steps_between(prev["heading"], cur["heading"]) <= 1


def test_unused_tokens_become_markers_at_the_target():
    state = SYSTEM.initial_state({"mode": "solo", "weather_card": 12}, None)
    final, events = play(SYSTEM, state, dice)
    bombed = [e for e in events if e.type == "TargetBombed"]
    if bombed:
        drops = [e for e in events if e.type == "TokensDropped" and e.payload.get("rule")]
        markers = next((r["value"] for r in bombed[0].payload["breakdown"] if r["code"] == "5.3:markers"), 0)
        assert drops and drops[0].payload["markers"] == markers and final["mosquito"]["tokens_left"] == 0


def _solo_phase6(bomber_hex, homebound=False, units=None):
    state, _ = solo_start(card=12, units=units)
    state["bomber"]["hex"] = bomber_hex
    state["solo"]["homebound"] = homebound
    return state


def test_hex_31_puts_the_mosquito_on_23():
    em = Emitter(_solo_phase6(31))
    mosquito_turn(em, BOARD)
    assert em.state["mosquito"]["hex"] == 23


def test_mosquito_east_outbound_west_homebound_and_bombs_airfields():
    em = Emitter(_solo_phase6(19))
    mosquito_turn(em, BOARD)
    assert em.state["mosquito"]["hex"] == 20 and em.state["airfield_bombs"] == {"20": 1}
    em = Emitter(_solo_phase6(19, homebound=True))
    mosquito_turn(em, BOARD)
    assert em.state["mosquito"]["hex"] == 18 and em.state["airfield_bombs"] == {}
    em = Emitter(_solo_phase6(22))  # no hex East of Berlin: the Mosquito stays
    start = em.state["mosquito"]["hex"]
    mosquito_turn(em, BOARD)
    assert em.state["mosquito"]["hex"] == start


@pytest.mark.parametrize("units, expected_faces", [
    ([("flak", 20)] * 6, []),                                               # example 1: each flak worth 1
    ([("flak", 20)] * 6 + [("searchlight", 20)] * 2, ["searchlight", "searchlight"]),  # example 2: 6 VP each
    ([("smoke_screen", 20), ("searchlight", 20)] + [("flak", 20)] * 3, ["searchlight"]),  # 3 VP for 2 bombs
])
def test_heuristic_h1_examples(units, expected_faces):
    state = _solo_phase6(19, units=layout(units))
    state["mosquito"]["hex"] = 20
    bombs = heuristic_bombs(state, 20)
    assert [state["tiles"][b["target"]]["face"] for b in bombs] == expected_faces


def test_heuristic_switch_used_by_the_solo_mosquito():
    state = _solo_phase6(19, units=layout([("flak", 20)] * 6 + [("searchlight", 20)] * 2))
    state["setup"]["solo_mosquito_heuristic"] = True
    em = Emitter(state)
    mosquito_turn(em, BOARD)
    destroyed = sorted(t["face"] for t in em.state["tiles"].values() if t["destroyed"])
    assert destroyed == ["searchlight", "searchlight"] and em.state["airfield_bombs"] == {"20": 1}
    assert em.state["mosquito"]["tokens_left"] == 3
