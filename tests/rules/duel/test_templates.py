"""Templates for clicking clients (contract ``legal_actions`` ``"template": true``; issue 15):
each template's example is accepted as it is, and what its choices offer is what the rules allow
(§3.5 G2–G4 hexes per face, §4.3 fighter moves with their fuel cost, §4.2.1 drops)."""
import pytest

from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from systems.duel.rules.board import load_board
from systems.duel.rules.ground_units import FIRE_ENGINE, FUEL_TRUCK, TILE_MIX

from .policies import options_policy
from .support import apply, dice, to_duel
from .test_multiplayer import EVERY_OPTION

BOARD = load_board()


def templates(state: dict, seat: str) -> dict[str, dict]:
    return {a["type"]: a for a in SYSTEM.legal_actions(state, seat) if a.get("template")}


def accepted(state: dict, seat: str, command: dict, n: int = 0) -> list:
    result = SYSTEM.decide(state, command, seat, dice(n))
    assert isinstance(result, list), (command, result)
    return result


def test_ground_unit_template_names_every_tiles_faces_and_the_hexes_each_face_may_stand_on():
    """§2.6 the faces printed on each tile; G2 no British/sea hex, G3 fire engine in a city,
    G4 fuel truck at a German airfield; its example is a complete placement decide accepts."""
    state = SYSTEM.initial_state({"weather_card": 12}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 18,
                                                                              "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    plan = next(a for a in SYSTEM.legal_actions(state, "british") if a["type"] == "CommitRoute" and not a.get("template"))
    state, _ = apply(state, "british", plan)
    t = templates(state, "german")["PlaceGroundUnits"]
    choices = t["choices"]
    assert choices["count"] == 40 and len(choices["tiles"]) == 40
    assert sorted({tuple(f) for f in choices["tiles"].values()}) == sorted({(red, grey) for _, red, grey in TILE_MIX})
    german = [h for h in BOARD.hex_ids if h not in BOARD.brit_hexes]
    assert choices["hexes_by_face"]["flak"] == german
    assert choices["hexes_by_face"][FIRE_ENGINE] == sorted(BOARD.cities)
    assert choices["hexes_by_face"][FUEL_TRUCK] == BOARD.german_airfields
    assert choices["fuel_trucks_needed"] == {"18": 1}  # two fighters share airfield 18 (G5)
    accepted(state, "german", t["example"])


def test_fighter_move_template_offers_exactly_the_moves_decide_accepts_with_their_fuel_cost():
    """§4.3.2–§4.3.4: each offered move is accepted and costs what the FighterMoved event books;
    a move not offered (a 2-hex move against the wind) is refused."""
    state = to_duel()
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    moves = templates(state, "german")["MoveFighter"]["choices"]
    assert set(moves["fighters"]) == {"red", "green", "yellow", "blue"} and moves["wind"] == "NW"
    red = moves["fighters"]["red"]
    assert red["state"] == "ground" and red["fuel"] == 12
    for move in red["moves"]:
        events = accepted(state, "german", move["command"])
        moved = next(e.payload for e in events if e.type == "FighterMoved")
        assert (moved["cost"], moved["path"], moved["fuel_after"]) == (move["cost"], move["hexes"], move["fuel_after"])
    offered = {(tuple(m["command"]["path"]), m["command"].get("altitude"), m["command"]["land"]) for m in red["moves"]}
    assert (("SE", "SE"), "LOW", False) not in offered  # headwind: 2-hex moves need a tailwind (§4.3.3)
    assert SYSTEM.decide(state, {"type": "MoveFighter", "fighter": "red", "path": ["SE", "SE"], "altitude": "LOW",
                                 "land": False}, "german", dice()).code == "two_hex_move_needs_tailwind"
    assert ((), "HIGH", False) in offered and (("NW",), "HIGH", False) not in offered  # §4.3.4


def test_every_template_example_is_accepted_through_a_game_with_every_option_on():
    """Every option of test_multiplayer.EVERY_OPTION: in each step, each awaited seat's templates
    carry an example decide accepts, and every drop target offered at its minimum is accepted."""
    state = SYSTEM.initial_state(EVERY_OPTION, None)
    seen = set()
    for n in range(5000):
        awaited = SYSTEM.to_move(state)
        if not awaited:
            break
        for seat in awaited:
            for kind, t in templates(state, seat).items():
                if "example" in t:
                    accepted(state, seat, t["example"], n)
                    seen.add(kind)
                if kind == "DropTokens" and t["choices"]["bombs_allowed"]:
                    for target in t["choices"]["targets"]:
                        if target["min"] <= t["choices"]["tokens_left"]:
                            accepted(state, seat, {"type": "DropTokens", "markers": 0,
                                                   "bombs": [{"target": target["target"], "count": target["min"]}]})
        seat = awaited[0]
        command = options_policy(SYSTEM.view(state, seat), SYSTEM.legal_actions(state, seat), seat)
        for event in accepted(state, seat, command, n):
            state = SYSTEM.evolve(state, event)
    assert SYSTEM.outcome(state) is not None
    assert {"PlaceFighters", "CommitRoute", "PlaceGroundUnits", "PlaceBritishGroundUnits", "PlaceExtraGermanUnits",
            "HandCrests", "RepositionUnits", "DeclareWindow", "PlaceWildSau", "MoveFighter", "DropTokens"} <= seen


@pytest.mark.parametrize("seat, own", [("german1", {"red", "blue"}), ("german2", {"green"})])
def test_fighter_templates_of_a_seat_list_only_its_own_fighters(seat, own):
    """§9.3: each German seat places and moves only its own fighters."""
    state = SYSTEM.initial_state({"players": 4, "mw50": True, "weather_card": 12}, None)
    t = templates(state, seat)["PlaceFighters"]["choices"]
    assert set(t["fighters"]) == own and t["mw50_fighters"] == []  # 4 players: tokens are automatic
    assert t["types"] == {f: state["fighters"][f]["type"] for f in own}


def test_mw50_choice_is_offered_to_the_two_player_german():
    """§7.8 / A-16: the German chooses which Me 110 carries MW-50 (never the Do 217)."""
    state = SYSTEM.initial_state({"mw50": True}, None)
    choices = templates(state, "german")["PlaceFighters"]["choices"]
    assert choices["mw50_fighters"] == ["green", "red", "yellow"]
    accepted(state, "german", dict(templates(state, "german")["PlaceFighters"]["example"], mw50_fighter="yellow"))


def test_british_templates_carry_the_route_rules_numbers_and_only_for_the_british():
    state = SYSTEM.initial_state({"weather_card": 12, "compass_inventory": {"red": {"E": 3}, "green": {"W": 3}}}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4,
                                                                              "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"}, SeededDice("x", "duel", 1))
    choices = templates(state, "british")["CommitRoute"]["choices"]
    assert choices["max_cards"] == 14 and choices["compass_inventory"] == {"red": {"E": 3}, "green": {"W": 3}}
    assert choices["airfields"] == BOARD.british_airfields and choices["targets"] == sorted(BOARD.cities)
    assert SYSTEM.legal_actions(state, "german") == []


def test_solo_templates_ask_for_the_harder_games_fewer_units_and_offer_the_fighters_moves():
    """§8.6 H2: a harder solo game places fewer ground units; the German turn's moves are offered."""
    state = SYSTEM.initial_state({"mode": "solo", "solo_ground_units": 30}, None)
    state, _ = apply(state, "german", templates(state, "german")["PlaceFighters"]["example"])
    t = templates(state, "german")["PlaceGroundUnits"]
    assert t["choices"]["count"] == 30 and len(t["example"]["placements"]) == 30
    state, _ = apply(state, "german", t["example"])
    assert state["step"] == "german" and templates(state, "german")["MoveFighter"]["choices"]["fighters"]
