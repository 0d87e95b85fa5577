"""Window / Wilde Sau (spec §9.4; C-40, C-42, C-43, A-45, A-76–A-79): the Window VP formula, the
overflow penalty, hidden positions, Wilde Sau interception conditions and allocations."""
import pytest

from systems.duel.rules import SYSTEM
from systems.duel.rules.board import load_board
from systems.duel.rules.emitter import Emitter
from systems.duel.rules.expansions.wilde_sau import interception
from systems.duel.rules.expansions.window import allocation, window_effect

from .support import EMDEN_PLAN, apply, layout, rejected
from .test_advanced_rules import advance
from .test_scoring import HEX, position

WINDOW = {"window": True}
BOARD = load_board()


def window_state(**kwargs):
    state = position(**kwargs)
    state["plan"] = dict(state["plan"], target=11)  # HEX (27) is not the target
    return state


@pytest.mark.parametrize("kwargs, expected", [
    ({}, 2),                                                          # base
    ({"moon": "full"}, 3),                                            # +1 full moon
    ({"summer": True, "move_no": 1}, 3),                              # +1 summer, no move-8 condition
    ({"units": [("searchlight", HEX)] * 3}, 5),                       # +1 per searchlight outside the target
    ({"clouds": [HEX]}, 0),                                           # −2 cloud
    ({"clouds": [HEX], "moon": "full", "summer": True}, 2),           # 2 + 1 + 1 − 2
    ({"storms": [HEX], "moon": "full"}, 0),                           # no effect in a storm
])
def test_window_vp_formula(kwargs, expected):
    assert window_effect(window_state(**kwargs), HEX)[0] == expected


def test_window_in_the_target_hex_gets_two_and_no_searchlight_bonus():
    state = window_state(units=[("searchlight", HEX)] * 2, moon="full")
    state["plan"]["target"] = HEX
    assert window_effect(state, HEX)[0] == 2 + 2 + 1


def _to_window_step(setup, units):
    """The Emden night at the Window announcement (phase 5 end)."""
    setup = dict(WINDOW, **(setup or {}))
    setup.setdefault("weather_card", 12)
    state = SYSTEM.initial_state(setup, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters",
                                        "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    state, _ = apply(state, "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN))
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": units or layout([])})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    assert state["step"] == "window"
    return state


def test_window_declaration_is_public_positions_are_british_and_committed():
    state = _to_window_step(None, None)
    assert rejected(state, "british", {"type": "DeclareWindow", "use": True, "positions": [2, 3]}).code \
        == "window_allocation_exceeded"  # A-76: one card in a single night
    assert rejected(state, "british", {"type": "DeclareWindow", "use": True, "positions": [7]}).code \
        == "window_position_invalid"
    state, events = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [2]})
    vis = {e.type: e.visibility for e in events}
    assert vis["WindowDeclared"] == "public" and vis["WindowCardsInserted"] == "british"
    assert vis["WindowCommitted"] == "public"
    assert all("positions" not in e.payload for e in events if e.visibility == "public")
    assert "positions" not in SYSTEM.view(state, "german")["window"]
    assert SYSTEM.view(state, "british")["window"]["positions"] == [2]
    assert state["step"] == "wild_sau" and SYSTEM.to_move(state) == ["german"]


def test_window_scores_when_its_card_is_revealed():
    state = _to_window_step({"weather_card": 12}, layout([("searchlight", 11)]))
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [3]})
    state, _ = apply(state, "german", {"type": "PlaceWildSau", "hexes": [4, 18]})
    state, _ = advance(state, 2)
    state, events = advance(state)  # move 3 enters Emden, the target: 2 + 2 (searchlight not counted)
    window = [e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "Window"]
    assert window[0]["amount"] == 4 and window[0]["side"] == "british"
    assert any(e.type == "WindowRevealed" and e.payload["move_no"] == 3 for e in events)


def test_window_overflow_costs_four_per_card_beyond_the_limit():
    """§9.4 / A-78: 4 × max(0, compass + Window − 14), when the Bomber lands."""
    state = _to_window_step({"max_route_cards": 6}, None)  # the 6-card Emden route fills the limit
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [5]})
    state, _ = apply(state, "german", {"type": "PlaceWildSau", "hexes": [4, 18]})
    state, events = advance(state, 6)
    penalty = [e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "Window overflow penalty"]
    assert len(penalty) == 1 and penalty[0]["side"] == "german" and penalty[0]["amount"] == 4
    types = [e.type for e in events]
    assert types.index("BomberLanded") < max(i for i, e in enumerate(events) if e.type == "VictoryPoints")


def test_no_window_skips_wilde_sau():
    state = _to_window_step(None, None)
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": False})
    assert state["step"] == "mosquito" and state["wild_sau"] == {}


def wilde_sau_at(hex_id, units=None, clouds=(), storms=()):
    state = _to_window_step(None, units)
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [6]})
    state, _ = apply(state, "german", {"type": "PlaceWildSau", "hexes": [4, 18]})
    state, _ = advance(state, 2)  # next move (3) enters Emden (11)
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    state["wild_sau"]["ws1"]["hex"] = 12
    state, _ = apply(state, "german", {"type": "MoveWildSau", "token": "ws1", "to": hex_id})
    state["weather"].update(clouds=list(clouds), storms=list(storms))
    return state


@pytest.mark.parametrize("hex_id, units, clouds, storms, vp", [
    (11, None, (), (), 2),                                  # the target hex
    (11, None, (11,), (), 0),                               # cloud: no interception
    (11, None, (), (11,), 0),                               # storm: no interception
])
def test_wilde_sau_interception_conditions(hex_id, units, clouds, storms, vp):
    """C-42: (target hex OR ≥ 1 searchlight) AND no cloud AND no storm → German +2 (A-79)."""
    state = wilde_sau_at(hex_id, units, clouds, storms)
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, events = apply(state, "british", {"type": "AdvanceBomber"})
    ws = [e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "Wilde Sau"]
    assert sum(p["amount"] for p in ws) == vp
    assert "ws1" not in state["wild_sau"]  # leaves after the Bomber move either way


@pytest.mark.parametrize("units, vp", [(layout([("searchlight", 12)]), 2), (None, 0)])
def test_wilde_sau_outside_the_target_needs_a_searchlight(units, vp):
    """C-42: away from the target (Emden, 11) a German searchlight in the hex is needed."""
    state = _to_window_step(None, units)
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [6]})
    state, _ = apply(state, "german", {"type": "PlaceWildSau", "hexes": [4, 18]})
    state["wild_sau"]["ws1"].update(hex=12, moved=True)
    em = Emitter(state)
    interception(em, 12)
    assert sum(e.payload["amount"] for e in em.events if e.type == "VictoryPoints") == vp


def test_wilde_sau_moves_at_most_two_once_and_blocks_its_airfield():
    state = _to_window_step(None, None)
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [6]})
    state, _ = apply(state, "german", {"type": "PlaceWildSau", "hexes": [18, 4]})
    state["mosquito"].update(state="airborne", hex=18, altitude="LOW")
    state["step"] = "mosquito_drop"
    assert rejected(state, "british", {"type": "DropTokens", "bombs": [{"target": "airfield", "count": 1}]}).code \
        == "target_indestructible"
    state["step"] = "german"
    far = next(h for h in BOARD.hex_ids if BOARD.dist(18, h) == 3)
    assert rejected(state, "german", {"type": "MoveWildSau", "token": "ws1", "to": far}).code == "wild_sau_too_far"
    state, _ = apply(state, "german", {"type": "MoveWildSau", "token": "ws1", "to": 18})
    assert rejected(state, "german", {"type": "MoveWildSau", "token": "ws1", "to": 18}).code == "wild_sau_already_used"


@pytest.mark.parametrize("nights, night, expected", [
    (2, 1, (2, 1)), (2, 2, (1, 2)), (3, 1, (2, 0)), (3, 2, (1, 1)), (3, 3, (0, 2)),
])
def test_multi_night_allocations(nights, night, expected):
    """§9.4 optional tables (British Window cards, German Wilde Sau tokens)."""
    state = SYSTEM.initial_state({"window": True, "window_multi_night": True, "nights": nights}, None)
    state["night"] = night
    assert allocation(state) == expected
    assert allocation(SYSTEM.initial_state({"window": True}, None)) == (1, 2)


@pytest.mark.parametrize("cancels, fight", [(False, True), (True, False)])
def test_window_and_the_fighter_fight_C44(cancels, fight):
    """C-44: by default Window only adds British VP; ``window_cancels_fighters`` cancels the fight."""
    state = _to_window_step({"window_cancels_fighters": cancels}, None)
    state, _ = apply(state, "british", {"type": "DeclareWindow", "use": True, "positions": [2]})
    state, _ = apply(state, "german", {"type": "PlaceWildSau", "hexes": [4, 18]})
    state, _ = advance(state)
    from .test_advanced_rules import to_bomber_turn
    state = to_bomber_turn(state)
    state["fighters"]["red"].update(state="airborne", hex=10, altitude="HIGH")
    state, events = advance(state)
    occasions = [e.payload["occasion"] for e in events if e.type == "VictoryPoints"]
    assert ("fighter combat" in occasions) is fight and "Window" in occasions
