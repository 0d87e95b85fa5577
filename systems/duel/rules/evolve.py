"""Folding events into the state (contract: ``evolve`` never mutates its input).

Every event's outcome (draws, fuel after, VP) is in its payload, so folding needs no dice.
:func:`apply` mutates a private copy; :func:`evolve` copies first.  The ground-unit tiles (two
thirds of a state) and the setup options are shared between a state and its successor unless the
event changes them: states are values — never mutate one in place.

This module folds the base game's events; each advanced rule (``advanced/``) and expansion
(``expansions/``) folds its own next to the rules that emit them, in its ``EVOLVE`` table (and
``TILE_EVENTS`` when it writes to the tiles).  :func:`tables` joins them on first use, not at
import: some of those modules reach the emitter (through the turn order), which imports this one.
"""
from __future__ import annotations

import json
from functools import cache

from .board import board_of
from .ground_units import SHELTER
from .state import (F_AIRBORNE, F_GROUND, F_OUT_GAME, F_OUT_NIGHT, GROUND, HIGH, M_AIRBORNE, M_LANDED,
                    begin_night)

# the base game's events whose handlers write to state["tiles"]
BASE_TILE_EVENTS = frozenset({"NightStarted", "GroundUnitsPlaced", "UnitDestroyed"})
SHARED_PARTS = ("tiles", "setup")
# events that only record what happened (the state follows from the events around them)
RECORD_ONLY = frozenset({"TurnEnded", "MosquitoWaited", "MosquitoCombat", "SoloCardDrawn", "WildSauInterception"})


def copy_state(state: dict, share_tiles: bool = False) -> dict:
    """A deep copy (JSON round trip); with ``share_tiles`` the tiles and setup are shared."""
    if not share_tiles:
        return json.loads(json.dumps(state))
    new = json.loads(json.dumps({k: v for k, v in state.items() if k not in SHARED_PARTS}))
    for key in SHARED_PARTS:
        new[key] = state[key]
    return new


def evolve(state: dict, event) -> dict:
    new = copy_state(state, share_tiles=event.type not in tables()[1])
    apply(new, event)
    return new


def apply(state: dict, event) -> None:
    """Folds one event into ``state`` in place; types of other layers (service framework events)
    leave the state as is."""
    handler = tables()[0].get(event.type)
    if handler is not None:
        handler(state, event.payload)


@cache
def tables() -> tuple[dict, frozenset]:
    """(event type → handler, the event types whose handlers write to the tiles) of the base game,
    every advanced rule and every expansion."""
    from .advanced import medals, mw50, weather_change
    from .expansions import (ace_gunners, british_units, ju88, multiplayer, quad_flak, railway_flak,
                             walls_have_ears, wilde_sau, window)

    handlers, tile_events = dict(BASE_EVOLVE), set(BASE_TILE_EVENTS)
    for module in (medals, mw50, weather_change, ace_gunners, british_units, ju88, multiplayer, quad_flak,
                   railway_flak, walls_have_ears, wilde_sau, window):
        twice = handlers.keys() & module.EVOLVE.keys()
        if twice:
            raise RuntimeError(f"{module.__name__} folds events folded elsewhere: {sorted(twice)}")
        handlers.update(module.EVOLVE)
        tile_events |= getattr(module, "TILE_EVENTS", frozenset())
    return handlers, frozenset(tile_events)


def __getattr__(name: str):
    """``HANDLERS`` and ``TILE_EVENTS``: the joined tables, read as module attributes (PEP 562)."""
    if name == "HANDLERS":
        return tables()[0]
    if name == "TILE_EVENTS":
        return tables()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _night_started(s, p):
    begin_night(s, board_of(s), p["night"])
    if s["setup"]["mode"] == "swap":
        s["score"] = 0  # §1.6 / A-11: each swapped night is scored from 0
        s["night_start_score"] = 0
        # §1.5: medals are kept only by a side that keeps its side
        s["medals"] = {"british": 0, "german": 0}
        s["ace_medals"] = {"silver": 0, "gold": 0}


def _phase_started(s, p):
    s["phase"], s["step"] = p["phase"], p["step"]


def _fighters_placed(s, p):
    for fid, hex_id in p["placements"].items():
        f = s["fighters"][fid]
        f.update(state=F_GROUND, hex=hex_id, altitude=GROUND, fuel=f["fuel_max"])


def _weather_drawn(s, p):
    s["weather"] = dict(p)
    if p["card_id"] not in s["used_weather_cards"]:
        s["used_weather_cards"].append(p["card_id"])


def _plan_committed(s, p):
    if p.get("reroute"):  # §7.3/§7.4: the superseded plan is kept for the end-of-night reveal
        s["plan_history"].append({"plan": s["plan"], "nonce": s["nonce"], "hash": s["commitment"]})
        s["rerouted_this_turn"] = True
    s["plan"], s["nonce"] = p["plan"], p["nonce"]


def _route_committed(s, p):
    s["commitment"] = p["hash"]
    s["commitments"].append({"night": p["night"], "hash": p["hash"], "verified": None})


def _ground_units_placed(s, p):
    for pl in p["placements"]:
        s["tiles"][pl["tile"]].update(face=pl["face"], hex=pl["hex"], destroyed=False)
        if pl["face"] == SHELTER:
            s["shelters"][pl["tile"]] = pl["hex"]


def _british_deployed(s, p):
    s["bomber"]["hex"] = p["bomber"]
    s["mosquito"]["hex"] = p["mosquito"]
    s["public_plan"].update(takeoff_bomber=p["bomber"], takeoff_mosquito=p["mosquito"])


def _round_started(s, p):
    s["round"] = p["round"]


def _turn_started(s, p):
    s["phase"], s["step"] = 6, p["actor"]
    s["medals_fresh"] = {"british": 0, "german": 0}  # §7.5: "not in the turn received"
    s["weather_changed_this_turn"] = False
    s["rerouted_this_turn"] = False
    if p["actor"] == "german":
        for f in s["fighters"].values():
            f["acted"] = False
        s["german_turn"] = {"triggered": [], "ended": [], "railway_moved": []}
    s["quad_fired"] = []
    s["ace_fresh"] = {"silver": 0, "gold": 0}


def _mosquito_moved(s, p):
    m = s["mosquito"]
    m.update(hex=p["to"], altitude=p["altitude"], state=M_AIRBORNE)
    if p.get("then_drop", True):
        s["step"] = "mosquito_drop"


def _mosquito_landed(s, p):
    s["mosquito"].update(hex=p["hex"], altitude=GROUND, state=M_LANDED)
    s["public_plan"]["landing_mosquito"] = p["hex"]


def _mosquito_must_return(s, p):
    s["mosquito"]["must_return"] = True


def _tokens_dropped(s, p):
    s["mosquito"]["tokens_left"] = p["tokens_left"]


def _unit_destroyed(s, p):
    s["tiles"][p["tile"]]["destroyed"] = True


def _airfield_bombed(s, p):
    s["airfield_bombs"][str(p["hex"])] = p["bombs_total"]


def _markers_dropped(s, p):
    s["markers"][str(p["hex"])] = p["total"]


def _fighter_took_off(s, p):
    s["fighters"][p["fighter"]].update(state=F_AIRBORNE)


def _fighter_moved(s, p):
    f = s["fighters"][p["fighter"]]
    visited = s["german_turn"].setdefault("visited", {}).setdefault(p["fighter"], [])
    for hex_id in [f["hex"]] + list(p["path"]):  # §4.3.5: both hexes of a 2-hex move (QF fire, A-93)
        if hex_id not in visited:
            visited.append(hex_id)
    f.update(hex=p["path"][-1] if p["path"] else f["hex"], altitude=p["altitude"], fuel=p["fuel_after"], acted=True)


def _fighter_landed(s, p):
    f = s["fighters"][p["fighter"]]
    f.update(state=F_GROUND, hex=p["hex"], altitude=GROUND, fuel=p["fuel_after"], acted=True)
    if f["mw50"] == "empty" and s["setup"]["players"] == 2:  # C-25: recharged on landing (2 players)
        f["mw50"] = "charged"


def _emergency_landing(s, p):
    f = s["fighters"][p["fighter"]]
    f.update(state=F_OUT_GAME if p["out_for"] == "game" else F_OUT_NIGHT, hex=p["hex"], altitude=GROUND, acted=True)
    lost = p["out_for"] == "game" or not s["setup"]["emergency_landed_fighters_return"]
    if lost and p["fighter"] not in s["fighters_lost"]:
        s["fighters_lost"].append(p["fighter"])


def _mosquito_engaged(s, p):
    s["german_turn"]["triggered"].append(p["fighter"])


def _victory_points(s, p):
    s["score"] = p["score_after"]
    s["vp_history"].append({
        "night": s["night"], "round": s["round"], "occasion": p["occasion"], "side": p["side"],
        "amount": p["amount"], "reasons": p["reasons"], "score_after": p["score_after"],
    })


def _card_revealed(s, p):
    s["bomber"]["revealed_cards"].append({"move_no": p["move_no"], "dir": p["dir"], "colour": p["colour"]})


def _bomber_took_off(s, p):
    s["bomber"].update(taken_off=True, altitude=p["altitude"])


def _bomber_moved(s, p):
    s["bomber"].update(hex=p["to"], heading=p["heading"], moves_done=p["move_no"])


def _target_bombed(s, p):
    s["bomber"]["target_bombed"] = True
    if s["observer_badge"] == "outbound":  # §9.1: the badge turns over at the bombing
        s["observer_badge"] = "return"
    s["public_plan"]["target"] = p["hex"]


def _bomber_landed(s, p):
    s["bomber"].update(landed=True, altitude=GROUND, hex=p["hex"])
    s["observer_badge"] = None  # §9.1: removed when the Bomber lands
    s["public_plan"]["landing_bomber"] = p["hex"]


def _night_ended(s, p):
    s["night_margins"].append(p["margin"])
    s["step"] = "night_over"


def _plan_revealed(s, p):
    s["plan_revealed"] = True


def _commitment_verified(s, p):
    for c in s["commitments"]:
        if c["night"] == p["night"] and c["hash"] == p["hash"]:
            c["verified"] = p["ok"]


def _game_ended(s, p):
    s["over"], s["result"], s["step"] = True, dict(p), "game_over"


def _solo_setup(s, p):
    s["solo"] = {"target_ordinal": p["target_ordinal"], "cities_overflown": [], "homebound": False,
                 "homebound_at": None}
    s["bomber"]["hex"] = p["bomber"]
    s["bomber"]["altitude"] = HIGH
    s["mosquito"].update(hex=p["mosquito"], altitude=HIGH)
    s["public_plan"].update(takeoff_bomber=p["bomber"], takeoff_mosquito=p["mosquito"])


def _solo_city_overflown(s, p):
    s["solo"]["cities_overflown"].append(p["hex"])


def _solo_homebound(s, p):
    s["solo"]["homebound"] = True
    s["solo"]["homebound_at"] = p["move_no"]  # the next card has a free heading (§8.3)


def _solo_mosquito_placed(s, p):
    s["mosquito"].update(hex=p["to"], altitude=HIGH, state=M_AIRBORNE)


BASE_EVOLVE = {
    "NightStarted": _night_started,
    "PhaseStarted": _phase_started,
    "FightersPlaced": _fighters_placed,
    "WeatherDrawn": _weather_drawn,
    "PlanCommitted": _plan_committed,
    "RouteCommitted": _route_committed,
    "GroundUnitsPlaced": _ground_units_placed,
    "BritishDeployed": _british_deployed,
    "RoundStarted": _round_started,
    "TurnStarted": _turn_started,
    "MosquitoMoved": _mosquito_moved,
    "MosquitoLanded": _mosquito_landed,
    "MosquitoMustReturn": _mosquito_must_return,
    "TokensDropped": _tokens_dropped,
    "UnitDestroyed": _unit_destroyed,
    "AirfieldBombed": _airfield_bombed,
    "TargetMarkersDropped": _markers_dropped,
    "FighterTookOff": _fighter_took_off,
    "FighterMoved": _fighter_moved,
    "FighterLanded": _fighter_landed,
    "EmergencyLanding": _emergency_landing,
    "MosquitoEngaged": _mosquito_engaged,
    "VictoryPoints": _victory_points,
    "CompassCardRevealed": _card_revealed,
    "BomberTookOff": _bomber_took_off,
    "BomberMoved": _bomber_moved,
    "TargetBombed": _target_bombed,
    "BomberLanded": _bomber_landed,
    "NightEnded": _night_ended,
    "PlanRevealed": _plan_revealed,
    "CommitmentVerified": _commitment_verified,
    "GameEnded": _game_ended,
    "SoloSetup": _solo_setup,
    "SoloCityOverflown": _solo_city_overflown,
    "SoloHomebound": _solo_homebound,
    "SoloMosquitoPlaced": _solo_mosquito_placed,
}
