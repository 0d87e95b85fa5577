"""Spec §7 advanced rules: 1 stronger Mosquito, 2 weather changes (wrap-around A-48), 3a/3b
re-routing (V8), 5 shroud, 6 friendly flak (V6), 7 MW-50 (V7).  Medals (rule 4): test_medals.py."""
import pytest

from systems.duel.rules import SYSTEM
from systems.duel.rules.advanced.weather_change import move_element, wrap_step
from systems.duel.rules.board import load_board
from systems.duel.rules.planning import shortest_leg
from systems.duel.rules.scoring import fighter_combat, flak_combat, target_bombing

from .support import apply, dice, layout, rejected, to_duel
from .test_scoring import HEX, position

BOARD = load_board()


def with_options(state, **options):
    state["setup"] = dict(state["setup"], **options)
    return state


def to_bomber_turn(state):
    """Mosquito waits, the German ends his turn: the next Bomber turn (or the state if already there)."""
    n = 0
    while state["step"] != "bomber":
        side = "british" if state["step"] == "mosquito" else "german"
        cmd = {"type": "WaitMosquito"} if side == "british" else {"type": "EndGermanTurn"}
        state, _ = apply(state, side, cmd, dice(n))
        n += 1
    return state


def advance(state, n=1, **extra):
    events = []
    for _ in range(n):
        state = to_bomber_turn(state)
        cmd = {"type": "AdvanceBomber", **extra}
        if not state["bomber"]["taken_off"]:
            cmd["altitude"] = "HIGH"
        state, evs = apply(state, "british", cmd)
        events += evs
    return state, events


# Rule 1 ----------------------------------------------------------------------------------------

def test_rule1_stronger_mosquito_costs_two_vp_at_the_target():
    """§7.1: the bombing of the target city scores 2 VP less."""
    base = target_bombing(position(), BOARD, HEX)[0]
    stronger = with_options(position(), stronger_mosquito=True)
    amount, reasons = target_bombing(stronger, BOARD, HEX)
    assert amount == base - 2
    assert ("7.1:stronger_mosquito", -2) in [(r["code"], r["value"]) for r in reasons]


# Rule 5 — shroud -------------------------------------------------------------------------------

SHROUD = dict(units=[("searchlight", HEX), ("searchlight", HEX)], clouds=[HEX])


@pytest.mark.parametrize("kwargs, expected", [
    (dict(SHROUD, fighters=[("red", HEX, "HIGH")]), 1 + 2 * 2),          # all conditions: 2 per light
    (dict(SHROUD, fighters=[("red", HEX, "LOW")]), 0 + 2),               # no HIGH fighter: 1 per light
    (dict(SHROUD, fighters=[("red", HEX, "HIGH")], bomber_altitude="LOW"), 1 + 2),  # Bomber LOW
    (dict(units=SHROUD["units"], fighters=[("red", HEX, "HIGH")]), 2 + 2),          # no cloud
    (dict(units=[("searchlight", HEX)], clouds=[HEX], fighters=[("red", HEX, "HIGH")]), 1 + 1),  # 1 light
])
def test_rule5_shroud_doubles_the_fighters_searchlight_term(kwargs, expected):
    """§7.6 (C-41): Bomber HIGH, cloud, ≥1 HIGH fighter, ≥2 searchlights → +2 per searchlight."""
    state = with_options(position(**kwargs), shroud=True)
    assert fighter_combat(state, HEX)[0] == expected


def test_rule5_shroud_off_and_flak_not_doubled():
    kwargs = dict(SHROUD, fighters=[("red", HEX, "HIGH")])
    assert fighter_combat(position(**kwargs), HEX)[0] == 1 + 2
    units = SHROUD["units"] + [("flak", HEX)]
    state = with_options(position(units=units, clouds=[HEX], fighters=[("red", HEX, "HIGH")]), shroud=True)
    assert flak_combat(state, HEX)[0] == 1 + 2  # flak keeps +1 per searchlight


# Rule 6 — friendly flak ------------------------------------------------------------------------

@pytest.mark.parametrize("flak, expected", [(1, 6), (2, 5), (3, 4)])
def test_rule6_friendly_flak_V6(flak, expected):
    """V6 / §7.7: F ≥ 2 flak → the fighters' total loses F − 1 (3 flak → −2); flak VP unchanged."""
    fighters = [("red", HEX, "HIGH"), ("green", HEX, "HIGH"), ("blue", HEX, "HIGH")]
    state = with_options(position(units=[("flak", HEX)] * flak, fighters=fighters), friendly_flak=True)
    assert fighter_combat(state, HEX)[0] == expected
    assert flak_combat(state, HEX)[0] == flak


def test_rule6_total_floor_and_british_reading():
    """A-41 keeps the fighters' total ≥ 0; ``friendly_flak_can_score_british`` ([IT-T3]) does not."""
    fighters = [("red", HEX, "LOW")]  # 2 − 1 (lower) = 1
    state = with_options(position(units=[("flak", HEX)] * 4, fighters=fighters), friendly_flak=True)
    assert fighter_combat(state, HEX)[0] == 0
    with_options(state, friendly_flak_can_score_british=True)
    assert fighter_combat(state, HEX)[0] == 1 - 3


def test_rule6_negative_fight_scores_for_the_british_through_decide():
    state = to_duel({"friendly_flak": True, "friendly_flak_can_score_british": True},
                    units=layout([("flak", 11)] * 4))
    state, _ = advance(state, 2)
    state = to_bomber_turn(state)
    state["fighters"]["red"].update(state="airborne", hex=11, altitude="LOW")
    state, events = advance(state)
    vp = {e.payload["occasion"]: e.payload for e in events if e.type == "VictoryPoints"}
    assert vp["flak combat"]["side"] == "german" and vp["flak combat"]["amount"] == 4  # flak unchanged
    assert vp["fighter combat"]["side"] == "british" and vp["fighter combat"]["amount"] == 2  # 1 − 3


# Rule 7 — MW-50 --------------------------------------------------------------------------------

def mw50_state(wind="E"):
    state = to_duel({"mw50": True}, fighters={"red": 18, "green": 4, "yellow": 24, "blue": 11})
    state["weather"]["wind"] = wind
    assert state["fighters"]["green"]["mw50"] == "charged"  # default: the first Me 110 by id
    state["fighters"]["green"]["mw50"] = None
    state["fighters"]["red"]["mw50"] = "charged"
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    return state


@pytest.mark.parametrize("path, lines", [
    (["NE", "SE"], 4),   # normal + normal (wind E)
    (["E", "E"], 2),     # tail + tail
    (["W", "W"], 6),     # head + head: above the 3-line cap
    (["E", "NE"], 3),    # tail + normal
])
def test_rule7_mw50_double_move_costs_V7(path, lines):
    """V7 / §7.8: each step at its wind cost, any two directions, no cap; ends LOW on take-off (A-29)."""
    state = mw50_state()
    state, events = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": path,
                                            "altitude": "LOW", "use_mw50": True})
    moved = next(e for e in events if e.type == "FighterMoved")
    assert moved.payload["cost"] == lines and len(moved.payload["path"]) == 2
    assert state["fighters"]["red"]["mw50"] == "empty"


def test_rule7_mw50_rules():
    state = mw50_state()
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["NE", "SE"],
                                      "altitude": "HIGH", "use_mw50": True}).code == "takeoff_climb_not_allowed"
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "green", "path": ["E", "E"],
                                      "altitude": "LOW", "use_mw50": True}).code == "mw50_not_available"
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["NE", "SE"],
                                      "altitude": "LOW"}).code == "two_hex_move_needs_tailwind"
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E", "E"],
                                       "altitude": "LOW", "use_mw50": True})
    assert state["fighters"]["red"]["mw50"] == "empty"


def test_rule7_mw50_assignment_and_recharge_on_landing():
    """§7.8: only an Me 110 (never the Do 217); C-25: the token is recharged when the fighter lands."""
    state = SYSTEM.initial_state({"mw50": True, "weather_card": 12}, None)
    placements = {"red": 18, "green": 4, "yellow": 24, "blue": 11}
    assert rejected(state, "german", {"type": "PlaceFighters", "placements": placements,
                                      "mw50_fighter": "blue"}).code == "mw50_not_eligible"
    state, events = apply(state, "german", {"type": "PlaceFighters", "placements": placements,
                                            "mw50_fighter": "green"})
    assert next(e for e in events if e.type == "MW50Assigned").payload == {"fighters": ["green"]}
    assert state["fighters"]["green"]["mw50"] == "charged" and state["fighters"]["red"]["mw50"] is None
    state["fighters"]["green"].update(state="airborne", mw50="empty", hex=4, fuel=5)
    state["step"], state["phase"] = "german", 6
    state["weather"] = {"wind": "E", "clouds": [], "storms": [], "fog": [], "moon": "none", "summer": False,
                        "changes_before": [], "card_id": 12, "solo": None}
    state["mosquito"]["state"] = "waiting"
    state, _ = apply(state, "german", {"type": "LandFighter", "fighter": "green"})
    assert state["fighters"]["green"]["mw50"] == "charged"


def test_rule7_off_rejects_mw50_commands():
    state = to_duel()
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E", "E"],
                                      "altitude": "LOW", "use_mw50": True}).code == "option_not_enabled"


# Rule 2 — weather changes ----------------------------------------------------------------------

def far_end(hex_id, direction):
    while BOARD.step(hex_id, direction) is not None:
        hex_id = BOARD.step(hex_id, direction)
    return hex_id


def test_rule2_weather_moves_two_hexes_with_wrap_around():
    """§7.2 3b–3c / A-48: two steps in the new wind; off the edge → far end of the same line."""
    assert wrap_step(BOARD, 7, "E") == 1          # row 1 ends at 7: re-enters at 1 (same row, west end)
    assert move_element(BOARD, 6, "E") == 1       # 6 → 7 → wrap to 1
    assert move_element(BOARD, 14, "E") == 8      # 14 → 15 → wrap to 8
    assert move_element(BOARD, 20, "W") == 18     # inside the board: plain 2 steps
    assert wrap_step(BOARD, 2, "NE") == far_end(2, "SW")   # top edge: far end of the SW–NE line
    assert move_element(BOARD, 2, "NE") == BOARD.step(far_end(2, "SW"), "NE")


def test_rule2_weather_change_before_move_5():
    """§7.2: before move 5 a wind card is drawn (here −1 = one notch clockwise, §0.4: NW → NE),
    every cloud/storm/fog moves 2 hexes NE, wrapping at the top edge (A-48)."""
    state = to_duel({"weather_changes": True, "wind_change_cards": [-1]})
    state["weather"].update(clouds=[20], storms=[8], fog=[12])
    state, _ = advance(state, 3)
    assert state["weather"]["wind"] == "NW"
    state, _ = advance(state, 1)  # move 4 — the change comes at the start of the 5th Bomber turn
    assert state["weather_changes_done"] == []
    state = to_bomber_turn(state)
    assert state["weather_changes_done"] == [5]
    assert state["weather"]["wind"] == "NE"
    assert state["weather"]["clouds"] == [6]                   # 20 → 13 → 6
    assert state["weather"]["storms"] == [far_end(1, "SW")]    # 8 → 1 → off the top: far end SW of 1
    assert state["weather"]["fog"] == [far_end(5, "SW")]       # 12 → 5 → off the top: far end SW of 5


def test_rule2_draw_is_seeded_and_recorded():
    state = to_duel({"weather_changes": True})
    state, _ = advance(state, 4)
    state = to_bomber_turn(state)
    assert len(state["weather_change_draws"]) == 1
    cards = [-2, -1, -1, 1, 1, 2]
    assert cards[state["weather_change_draws"][0]] in (-2, -1, 1, 2)


# Rules 3a / 3b — re-routing --------------------------------------------------------------------

BERLIN_PLAN = {"takeoff_bomber": 16, "takeoff_mosquito": 23, "target": 22, "landing_bomber": 16,
               "landing_mosquito": 8, "route": [{"dir": "E", "colour": "red"}] * 6 + [{"dir": "W", "colour": "green"}] * 6}


def test_rule3a_reroute_after_weather_change_new_target_within_budget_V8():
    """V8 / §7.3: change before move 5 → 4 cards executed → at most 10 new cards; new target allowed."""
    state = to_duel({"weather_changes": True, "reroute_after_weather_change": True, "wind_change_cards": [1]},
                    plan=BERLIN_PLAN)
    state, _ = advance(state, 4)
    state = to_bomber_turn(state)
    assert state["bomber"]["hex"] == 20 and state["weather_changed_this_turn"]
    too_long = [{"dir": "E", "colour": "red"}] * 2 + [{"dir": "W", "colour": "green"}] * 9
    assert rejected(state, "british", {"type": "ReRoute", "route": too_long}).code == "route_too_long"
    sharp = [{"dir": "W", "colour": "red"}]
    assert rejected(state, "british", {"type": "ReRoute", "route": sharp + too_long[-4:]}).code \
        == "direction_change_too_sharp"
    ok = {"type": "ReRoute", "target": 22, "landing_bomber": 16,
          "route": [{"dir": "E", "colour": "red"}] * 2 + [{"dir": "W", "colour": "green"}] * 6}
    state, events = apply(state, "british", ok)
    assert [(e.type, e.visibility) for e in events] == [("PlanCommitted", "british"), ("RouteCommitted", "public")]
    assert "route" not in events[1].payload and events[1].payload["reroute"] == "3a"
    assert len(state["plan"]["route"]) == 4 + 8
    assert rejected(state, "british", ok).code == "reroute_not_allowed"  # once per Bomber turn


def test_rule3a_new_target_is_bombed_instead():
    state = to_duel({"weather_changes": True, "reroute_after_weather_change": True, "wind_change_cards": [1]},
                    plan=BERLIN_PLAN)
    state, _ = advance(state, 4)
    state = to_bomber_turn(state)
    out = shortest_leg(BOARD, 20, 34, "E", 34)  # from 20, heading E, to Leipzig (34)
    home = shortest_leg(BOARD, 34, 16, None, None)
    assert len(out) + len(home) <= 10
    cmd = {"type": "ReRoute", "target": 34, "route": [{"dir": d, "colour": "red"} for d in out] +
           [{"dir": d, "colour": "green"} for d in home]}
    state, _ = apply(state, "british", cmd)
    state, events = advance(state, len(out))
    bombed = next(e for e in events if e.type == "TargetBombed")
    assert bombed.payload["hex"] == 34 and state["public_plan"]["target"] == 34


def test_rule3b_reroute_after_bombing_green_only():
    """§7.4: after the bombing, any later Bomber turn; green cards only; budget 14 − executed."""
    state = to_duel({"reroute_after_bombing": True})
    state = to_bomber_turn(state)
    home = [{"dir": "NW", "colour": "green"}, {"dir": "W", "colour": "green"}]
    assert rejected(state, "british", {"type": "ReRoute", "route": home}).code == "reroute_not_allowed"
    state, _ = advance(state, 3)  # Emden bombed at move 3, Bomber in 11 heading E (free after bombing)
    state = to_bomber_turn(state)
    red = [{"dir": "NW", "colour": "red"}, {"dir": "W", "colour": "green"}]
    assert rejected(state, "british", {"type": "ReRoute", "route": red}).code == "red_cards_after_bombing"
    assert rejected(state, "british", {"type": "ReRoute", "route": home, "landing_bomber": 8}).code \
        == "same_landing_airfield"
    state, events = apply(state, "british", {"type": "ReRoute", "route": [
        {"dir": "NW", "colour": "green"}, {"dir": "W", "colour": "green"}, {"dir": "W", "colour": "green"}]})
    assert len(state["plan"]["route"]) == 6 and len(state["plan_history"]) == 1
    assert events[0].visibility == "british" and events[1].payload["reroute"] == "3b"


def test_rerouted_plans_are_all_revealed_and_verified_at_night_end():
    """§7.3 / §10.2: every superseded plan and its nonce are revealed; each commitment verifies."""
    state = to_duel({"reroute_after_bombing": True})
    state, _ = advance(state, 3)
    state = to_bomber_turn(state)
    state, _ = apply(state, "british", {"type": "ReRoute", "route": [
        {"dir": "NW", "colour": "green"}, {"dir": "W", "colour": "green"}, {"dir": "W", "colour": "green"}]})
    from .policies import POLICIES
    events, n = [], 0
    while SYSTEM.to_move(state):
        side = SYSTEM.to_move(state)[0]
        cmd = POLICIES[side](SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        state, evs = apply(state, side, cmd, dice(n))
        events += evs
        n += 1
    revealed = next(e for e in events if e.type == "PlanRevealed")
    assert len(revealed.payload["superseded"]) == 1
    verified = [e.payload for e in events if e.type == "CommitmentVerified"]
    assert len(verified) == 2 and all(v["ok"] for v in verified)
    assert all(c["verified"] for c in state["commitments"])


def test_rule2_swap_night_two_repeats_the_wind_draws():
    """A-10: in the swap variant night 2 uses night 1's wind-change draws."""
    from systems.kit.dice import ScriptedDice
    from systems.duel.rules.advanced.weather_change import resolve
    from systems.duel.rules.emitter import Emitter
    state = to_duel({"weather_changes": True, "mode": "swap"})
    state["night"], state["weather_change_draws"] = 2, [5]
    em = Emitter(state)
    resolve(em, BOARD, 5, ScriptedDice([1, 1, 1]))  # a fresh draw would give index 0
    change = em.events[0].payload
    assert change["card_index"] == 5 and change["notches"] == 2 and not change["record_draw"]
    state["night"], state["weather_change_draws"] = 1, []
    em = Emitter(state)
    resolve(em, BOARD, 5, ScriptedDice([1]))
    assert em.events[0].payload["card_index"] == 0 and em.state["weather_change_draws"] == [0]
