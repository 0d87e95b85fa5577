"""Ground-unit expansions and British units (spec §9.2, §9.6–§9.11): railway flak, quad flak,
acoustic mirror, silver/gold ace gunners, British QF guns and searchlights, "Walls have ears"."""
import pytest

from systems.duel.rules import SYSTEM
from systems.duel.rules.board import load_board
from systems.duel.rules.emitter import Emitter
from systems.duel.rules.expansions import ace_gunners
from systems.duel.rules.scoring import fighter_combat, flak_combat, mosquito_combat, target_bombing
from systems.duel.rules.templates import mosquito_drop

from .support import EMDEN_PLAN, apply, layout, rejected, to_duel
from .test_advanced_rules import advance, to_bomber_turn, with_options
from .test_scoring import HEX, position

BOARD = load_board()


def special(face, hex_id, others=()):
    """A 40-tile layout where tile t01 shows the expansion ``face`` in ``hex_id``."""
    units = layout(list(others))
    free = next(p for p in units if p["hex"] == 43)
    free.update(face=face, hex=hex_id)
    return units


# §9.6 railway flak ----------------------------------------------------------------------------

def test_railway_flak_fires_like_a_flak_with_low_and_searchlight_bonuses():
    state = position(units=[("searchlight", HEX)], bomber_altitude="LOW")
    tid = next(t for t, u in state["tiles"].items() if u["hex"] == 43 and u["face"] == "flak")
    state["tiles"][tid] = dict(state["tiles"][tid], face="railway_flak", hex=HEX)
    assert flak_combat(state, HEX)[0] == 1 + 2 + 1
    assert flak_combat(state, HEX, ordinary_only=True) is None  # no ace medals from it


def test_railway_flak_placement_and_movement():
    setup = {"railway_flak": True}
    state = to_duel(setup, units=special("railway_flak", 12))
    tid = next(t for t, u in state["tiles"].items() if u["face"] == "railway_flak")
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    far = next(h for h in BOARD.hex_ids if BOARD.dist(12, h) == 2)
    assert rejected(state, "german", {"type": "MoveRailwayFlak", "tile": tid, "to": far}).code == "not_adjacent"
    brit = next((h for h in BOARD.grid.neighbours(12).values() if h in BOARD.brit_hexes), None)
    if brit is not None:
        assert rejected(state, "german", {"type": "MoveRailwayFlak", "tile": tid, "to": brit}).code \
            == "ground_unit_forbidden_hex"
    state, _ = apply(state, "german", {"type": "MoveRailwayFlak", "tile": tid, "to": 11})
    assert state["tiles"][tid]["hex"] == 11
    assert rejected(state, "german", {"type": "MoveRailwayFlak", "tile": tid, "to": 12}).code \
        == "railway_flak_already_moved"


def test_expansion_faces_need_their_option_and_are_unique():
    assert rejected(_phase4({}), "german",
                    {"type": "PlaceGroundUnits", "placements": special("railway_flak", 12)}).code == "tile_face_invalid"
    units = special("quad_flak", 12)
    second = next(p for p in units if p["hex"] == 43)
    second.update(face="quad_flak", hex=13)
    assert rejected(_phase4({"quad_flak": True}), "german",
                    {"type": "PlaceGroundUnits", "placements": units}).code == "tile_face_invalid"


def _phase4(setup):
    setup = dict(setup, weather_card=12)
    state = SYSTEM.initial_state(setup, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters",
                                       "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    state, _ = apply(state, "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN))
    return state


# §9.7 quad flak -------------------------------------------------------------------------------

def quad_state():
    state = to_duel({"quad_flak": True}, units=special("quad_flak", 12))
    state["mosquito"].update(state="airborne", hex=11, altitude="HIGH")
    return state


def test_quad_flak_hits_a_low_mosquito_entering_once_per_turn():
    """§9.7 / A-82, A-83: +2 German when the LOW Mosquito enters; once per Mosquito turn."""
    state = quad_state()
    state, events = apply(state, "british", {"type": "MoveMosquito", "to": 12, "altitude": "LOW"})
    vp = [e.payload for e in events if e.type == "VictoryPoints"]
    assert [(v["side"], v["amount"], v["occasion"]) for v in vp] == [("german", 2, "quad flak")]
    tid = next(t for t, u in state["tiles"].items() if u["face"] == "quad_flak")
    state, events = apply(state, "british", {"type": "DropTokens", "bombs": [{"target": tid, "count": 1}]})
    assert not [e for e in events if e.type == "QuadFlakFired"]  # already fired this turn
    assert state["tiles"][tid]["destroyed"]


def test_quad_flak_ignores_a_high_mosquito_but_fires_at_a_bombing():
    state = quad_state()
    state, events = apply(state, "british", {"type": "MoveMosquito", "to": 12, "altitude": "HIGH"})
    assert not [e for e in events if e.type == "QuadFlakFired"]
    state["mosquito"]["altitude"] = "LOW"  # bombs need LOW: the altitude was chosen this turn
    tid = next(t for t, u in state["tiles"].items() if u["face"] == "quad_flak")
    state, events = apply(state, "british", {"type": "DropTokens", "bombs": [{"target": tid, "count": 1}]})
    types = [e.type for e in events]
    assert types.index("QuadFlakFired") < types.index("UnitDestroyed")  # scores before it is destroyed


def test_quad_flak_has_no_effect_on_the_bomber():
    state = position()
    tid = next(t for t, u in state["tiles"].items() if u["hex"] == 43)
    state["tiles"][tid] = dict(state["tiles"][tid], face="quad_flak", hex=HEX)
    assert flak_combat(state, HEX) is None


# §9.8 acoustic mirror ------------------------------------------------------------------------

def test_acoustic_mirror_costs_one_at_the_target_and_blocks_sabotage():
    state = position()
    base = target_bombing(state, BOARD, HEX)[0]
    tid = next(t for t, u in state["tiles"].items() if u["hex"] == 43)
    state["tiles"][tid] = dict(state["tiles"][tid], face="acoustic_mirror", hex=HEX)
    assert target_bombing(state, BOARD, HEX)[0] == base - 1
    state = to_duel({"medals": True, "acoustic_mirror": True},
                    units=special("acoustic_mirror", 11, [("flak", 11), ("radar", 11)]))
    state, _ = advance(state, 2)
    state = to_bomber_turn(state)
    state["medals"]["british"] = 2
    flak = next(t for t, u in state["tiles"].items() if u["hex"] == 11 and u["face"] == "flak")
    radar = next(t for t, u in state["tiles"].items() if u["hex"] == 11 and u["face"] == "radar")
    offered = next(a for a in SYSTEM.legal_actions(state, "british") if a["type"] == "AdvanceBomber" and a.get("template"))
    assert [u["tile"] for u in offered["choices"]["sabotage_units"]] == [radar]  # the page offers no blocked sabotage
    assert rejected(state, "british", {"type": "AdvanceBomber", "sabotage": [flak]}).code \
        == "acoustic_mirror_blocks_medals"
    mosquito_here = dict(state, mosquito=dict(state["mosquito"], hex=11))
    assert mosquito_drop(mosquito_here, BOARD)["choices"]["medals_markers_only_on"] == ["flak", "searchlight"]
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "sabotage": [radar]})  # radar is not protected
    assert state["tiles"][radar]["destroyed"]


def test_acoustic_mirror_requires_medals():
    assert SYSTEM.validate_setup({"acoustic_mirror": True}).code == "acoustic_mirror_requires_advanced_rules"


# §9.9 ace gunners ----------------------------------------------------------------------------

@pytest.mark.parametrize("units, altitude, grade", [
    ([("flak", HEX)] * 2, "HIGH", None),                              # 2 VP: nothing
    ([("flak", HEX)] * 3, "HIGH", "silver"),                          # 3 VP: silver
    ([("flak", HEX)] * 2 + [("searchlight", HEX)], "HIGH", "gold"),   # 2 × (1 + 1) = 4: gold
    ([("flak", HEX), ("searchlight", HEX)] * 2, "HIGH", "gold"),      # 2 × (1 + 2) = 6: gold
    ([("flak", HEX)], "LOW", "silver"),                               # 1 + 2 (LOW) = 3: silver
])
def test_ace_medal_award_thresholds(units, altitude, grade):
    """§9.9: ordinary flak ≥ 3 VP in one hex → silver, ≥ 4 → gold."""
    state = with_options(position(units=units, bomber_altitude=altitude), ace_gunners=True)
    em = Emitter(state)
    ace_gunners.award_after_flak(em, HEX)
    awarded = [e.payload["grade"] for e in em.events if e.type == "AceMedalAwarded"]
    assert awarded == ([grade] if grade else [])


def test_placed_ace_scores_two_base_with_bonuses_and_gold_fires_once_per_round():
    """§9.9 / A-88: base 2, LOW +2, +1 per searchlight; gold: Bomber or Mosquito once a round."""
    state = with_options(position(units=[("searchlight", HEX)], bomber_altitude="LOW"), ace_gunners=True)
    state["round"] = 3
    state["aces"] = {"ace1": {"grade": "gold", "hex": HEX, "active_round": 3, "fired_round": None}}
    assert flak_combat(state, HEX)[0] == 2 + 2 + 1
    state["mosquito"].update(state="airborne", hex=HEX, altitude="LOW")
    assert ace_gunners.gold_aces_facing_mosquito(state) == []  # only at a HIGH Mosquito
    state["mosquito"]["altitude"] = "HIGH"
    em = Emitter(state)
    ace_gunners.fire_at_mosquito(em)
    assert [e.payload["amount"] for e in em.events if e.type == "VictoryPoints"] == [1]
    assert flak_combat(em.state, HEX) is None  # already fired this round
    em.state["round"] = 4
    assert flak_combat(em.state, HEX)[0] == 5


@pytest.mark.parametrize("fire, vp", [(True, [1]), (False, [])])
def test_german_decides_whether_the_gold_ace_fires_at_the_mosquito(fire, vp):
    """A-89: the Mosquito ends its move HIGH in a gold ace's hex → the German chooses."""
    state = to_duel({"ace_gunners": True})
    state["aces"] = {"ace1": {"grade": "gold", "hex": 16, "active_round": 0, "fired_round": None}}
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 16, "altitude": "HIGH"})
    assert state["step"] == "gold_ace" and SYSTEM.to_move(state) == ["german"]
    state, events = apply(state, "german", {"type": "FireGoldAce", "fire": fire})
    assert [e.payload["amount"] for e in events if e.type == "VictoryPoints"] == vp
    assert state["step"] == "mosquito_drop" and (state["aces"]["ace1"]["fired_round"] is not None) is fire


def test_ace_placement_rules():
    state = to_duel({"ace_gunners": True})
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    assert rejected(state, "german", {"type": "PlaceAceMedal", "grade": "gold", "hex": 12}).code == "ace_medal_not_held"
    state["ace_medals"]["gold"], state["ace_fresh"]["gold"] = 1, 1
    assert rejected(state, "german", {"type": "PlaceAceMedal", "grade": "gold", "hex": 12}).code \
        == "ace_placement_window_closed"
    state["ace_fresh"]["gold"] = 0
    assert rejected(state, "german", {"type": "PlaceAceMedal", "grade": "gold", "hex": 9}).code \
        == "ground_unit_forbidden_hex"
    state, events = apply(state, "german", {"type": "PlaceAceMedal", "grade": "gold", "hex": 12})
    ace = state["aces"]["ace1"]
    assert ace["active_round"] == state["round"] + 1 and state["ace_medals"]["gold"] == 0  # gold: next round
    state["ace_medals"]["silver"] = 1
    state, _ = apply(state, "german", {"type": "PlaceAceMedal", "grade": "silver", "hex": 12})
    assert state["aces"]["ace2"]["active_round"] == state["round"]  # silver: before this Bomber move


def test_friendly_flak_counts_railway_flak_and_aces():
    """A-55: railway flak and ace gunners are flak for rule 6."""
    state = with_options(position(units=[("flak", HEX)], fighters=[("red", HEX, "HIGH"), ("blue", HEX, "HIGH")]),
                         friendly_flak=True)
    assert fighter_combat(state, HEX)[0] == 4
    state["aces"] = {"ace1": {"grade": "silver", "hex": HEX, "active_round": 0, "fired_round": None}}
    assert fighter_combat(state, HEX)[0] == 3
    tid = next(t for t, u in state["tiles"].items() if u["hex"] == 43)
    state["tiles"][tid] = dict(state["tiles"][tid], face="railway_flak", hex=HEX)
    assert fighter_combat(state, HEX)[0] == 2


# §9.10 / §9.11 British units ------------------------------------------------------------------

def _to_british_units(setup):
    state = _phase4(setup)
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": layout([])})
    assert state["step"] == "british_units"
    return state


def test_british_units_placement_and_extra_german_units():
    state = _to_british_units({"british_qf_guns": 1, "british_searchlights": 1})
    assert rejected(state, "british", {"type": "PlaceBritishGroundUnits", "qf": [12], "searchlights": [8]}).code \
        == "british_unit_forbidden_hex"
    state, _ = apply(state, "british", {"type": "PlaceBritishGroundUnits", "qf": [9], "searchlights": [8]})
    assert state["step"] == "extra_units" and SYSTEM.to_move(state) == ["german"]
    five = [{"kind": "flak", "hex": 12}] * 5
    assert rejected(state, "german", {"type": "PlaceExtraGermanUnits", "placements": five}).code == "extra_units_exceeded"
    assert rejected(state, "german", {"type": "PlaceExtraGermanUnits",
                                      "placements": [{"kind": "civil_shelter", "hex": 12}] * 4}).code == "tile_face_invalid"
    state, _ = apply(state, "german", {"type": "PlaceExtraGermanUnits", "placements": [{"kind": "flak", "hex": 12}] * 4})
    assert sum(1 for u in state["tiles"].values() if u["hex"] == 12 and u["face"] == "flak") == 4
    assert state["step"] == "deploy"


def test_british_searchlights_in_fights():
    """§9.11 / C-30: −1 per British searchlight to the fighters' total; Mosquito +min(L, N)."""
    state = position(fighters=[("red", HEX, "HIGH"), ("blue", HEX, "HIGH")], mosquito=(HEX, "HIGH"))
    state["british_units"] = {"qf": [], "searchlights": [HEX, HEX, HEX]}
    assert fighter_combat(state, HEX)[0] == 4 - 3
    assert mosquito_combat(state, ["red"])[0] == 1 + 1         # 1 fighter, 3 lights → +1
    assert mosquito_combat(state, ["red", "blue"])[0] == 2 + 2  # 2 fighters, 3 lights → +2


def test_qf_gun_costs_an_airborne_fighter_in_its_hex_one_line():
    """§9.10 / A-93: at the end of the German turn each QF hits one fighter (least fuel first)."""
    state = _to_british_units({"british_qf_guns": 1})
    state, _ = apply(state, "british", {"type": "PlaceBritishGroundUnits", "qf": [9]})
    state, _ = apply(state, "german", {"type": "PlaceExtraGermanUnits", "placements": [{"kind": "flak", "hex": 12}] * 2})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    state["fighters"]["red"].update(state="airborne", hex=9, altitude="HIGH", fuel=6, acted=True)
    state["fighters"]["blue"].update(state="airborne", hex=9, altitude="HIGH", fuel=4, acted=True)
    state, events = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["step"] == "qf_fire" and SYSTEM.to_move(state) == ["british"]
    assert rejected(state, "british", {"type": "AllocateQFHits", "hits": []}).code == "qf_allocation_incomplete"
    assert rejected(state, "british", {"type": "AllocateQFHits", "hits": [{"qf": 1, "fighter": "green"}]}).code \
        == "qf_target_not_in_hex"
    assert SYSTEM.legal_actions(state, "british")[0] == {"type": "AllocateQFHits",
                                                          "hits": [{"qf": 1, "fighter": "blue"}]}
    state, events = apply(state, "british", {"type": "AllocateQFHits", "hits": [{"qf": 1, "fighter": "red"}]})
    hits = [e.payload for e in events if e.type == "QFHit"]
    assert hits == [{"qf": 1, "hex": 9, "fighter": "red", "fuel_after": 5}]
    assert state["fighters"]["red"]["fuel"] == 5 and state["fighters"]["blue"]["fuel"] == 4
    assert state["step"] == "bomber"


# §9.2 Walls have ears --------------------------------------------------------------------------

def _to_crests(setup=None):
    state = _phase4(dict({"walls_have_ears": True}, **(setup or {})))
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": layout([("flak", 12)])})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    assert state["step"] == "hand_crests"
    return state


def test_walls_crests_handed_and_five_repositions():
    state = _to_crests()
    assert rejected(state, "british", {"type": "HandCrests", "cities": [5, 12, 13, 19, 22]}).code == "crest_set_invalid"
    state, events = apply(state, "british", {"type": "HandCrests", "cities": [11, 12, 13, 19, 22]})
    assert events[0].visibility == "public" and events[0].payload == {"cities": [11, 12, 13, 19, 22]}
    assert SYSTEM.to_move(state) == ["german"]
    tiles = sorted(t for t, u in state["tiles"].items() if u["face"] == "flak")[:6]
    six = [{"tile": t, "hex": 13} for t in tiles]
    assert rejected(state, "german", {"type": "RepositionUnits", "moves": six}).code == "too_many_repositions"
    assert rejected(state, "german", {"type": "RepositionUnits", "moves": [{"tile": tiles[0], "hex": 9}]}).code \
        == "ground_unit_forbidden_hex"
    state, _ = apply(state, "german", {"type": "RepositionUnits", "moves": six[:5]})
    assert sum(1 for u in state["tiles"].values() if u["hex"] == 13) == 5
    assert state["step"] == "mosquito"


def test_walls_random_target_is_drawn_secretly_and_binds_the_plan():
    state = SYSTEM.initial_state({"walls_have_ears": True, "walls_random_target": True, "weather_card": 12}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters",
                                       "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    assert SYSTEM.legal_actions(state, "british") == [{"type": "DrawTargetCrest"}]
    state, events = apply(state, "british", {"type": "DrawTargetCrest"})
    assert [e.visibility for e in events] == ["british"]
    assert "crest_draws" not in (SYSTEM.view(state, "german")["plan"] or {})
    state, _ = apply(state, "british", {"type": "RedrawTargetCrest"})
    assert rejected(state, "british", {"type": "RedrawTargetCrest"}).code == "wrong_phase"
    drawn = state["crest_draws"][-1]
    plans = [a for a in SYSTEM.legal_actions(state, "british") if a["type"] == "CommitRoute" and not a.get("template")]
    assert plans and all(p["target"] == drawn for p in plans)
    if drawn != EMDEN_PLAN["target"]:
        assert rejected(state, "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN)).code == "target_not_drawn"


def test_qf_gun_also_hits_a_fighter_that_crossed_its_hex():
    """A-93 / §4.3.5: the middle hex of a 2-hex move counts."""
    state = _to_british_units({"british_qf_guns": 1})
    state, _ = apply(state, "british", {"type": "PlaceBritishGroundUnits", "qf": [17]})
    state, _ = apply(state, "german", {"type": "PlaceExtraGermanUnits", "placements": [{"kind": "flak", "hex": 12}] * 2})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    state["weather"]["wind"] = "E"
    state["fighters"]["red"].update(state="airborne", hex=16, altitude="HIGH", fuel=6)
    assert BOARD.step(16, "E") == 17 and BOARD.step(17, "E") == 18  # crosses the QF's hex 17
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E", "E"], "altitude": "HIGH"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["step"] == "qf_fire"
    state, events = apply(state, "british", {"type": "AllocateQFHits", "hits": [{"qf": 1, "fighter": "red"}]})
    assert state["fighters"]["red"]["fuel"] == 6 - 2 - 1
