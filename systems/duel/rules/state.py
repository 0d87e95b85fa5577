"""The game state and the start of a night (spec §2.9, §3.1, §1.5).

A state is a plain JSON dict.  Per-night parts are rebuilt by :func:`begin_night`; what
carries over between nights (score unless sides are swapped, civil shelters, fighters lost
for the game, weather cards already used) lives at the top level.
"""
from __future__ import annotations

from .board import Board, board_key, load_board
from .ground_units import SHELTER, new_tiles
from .options import normalise, validate_setup
from .expansions.multiplayer import german_seats, owners
from .expansions.ju88 import night_fighters

NAME = "duel-in-the-dark"
RULESET_VERSION = "duel-in-the-dark/2"  # /2: advanced rules and expansions (state shape)
SIDES = ("british", "german")
GROUND, LOW, HIGH = "GROUND", "LOW", "HIGH"
FLIGHT_LEVELS = (LOW, HIGH)

# fighter states (§2.9)
F_RESERVE, F_GROUND, F_AIRBORNE, F_OUT_NIGHT, F_OUT_GAME = "reserve", "ground", "airborne", "out_night", "out_game"
# Mosquito states; "waiting" = not yet taken off (counts as down, A-04)
M_WAITING, M_AIRBORNE, M_LANDED = "waiting", "airborne", "landed"


def initial_state(setup: dict, rng=None) -> dict:
    violation = validate_setup(setup)
    if violation is not None:
        raise ValueError(f"{violation.code}: {violation.message}")
    options = normalise(setup)
    board = load_board(options["board"])
    state = {
        "system": NAME,
        "ruleset_version": RULESET_VERSION,
        "setup": options,
        "board_key": board_key(options["board"]),
        "nights_total": options["nights"],
        "night": 1,
        "score": 0,
        "night_margins": [],
        "vp_history": [],
        "used_weather_cards": [],
        "fighters_lost": [],
        "shelters": {},
        "commitments": [],
        "medals": {"british": 0, "german": 0},          # §7.5 held medals (kept across nights)
        "medals_fresh": {"british": 0, "german": 0},    # received in the current turn (§7.5)
        "medals_awarded": 0,                            # C-47 taken from the supply
        "ace_medals": {"silver": 0, "gold": 0},         # §9.9 held, kept across nights
        "ace_fresh": {"silver": 0, "gold": 0},          # received in the current turn
        "weather_change_draws": [],                     # §7.2 / A-10: replayed in the swap night 2
        "personal_track": {seat: 0 for seat in german_seats(options)} if options["players"] != 2 else {},
        "over": False,
        "result": None,
    }
    begin_night(state, board, 1)
    return state


def is_solo(state: dict) -> bool:
    return state["setup"]["mode"] == "solo"


def begin_night(state: dict, board: Board, night: int) -> None:
    """Reset every per-night part (§3.1, §1.5 table; A-07, A-08)."""
    options = state["setup"]
    fuel_override = options["fuel_max"] or {}
    fighters = {}
    roster = night_fighters(board, options)
    for f in roster:
        fuel_max = int(fuel_override.get(f["id"], f["fuel_max"]))
        fighters[f["id"]] = {
            "type": f["type"], "hex": None, "altitude": GROUND, "fuel": fuel_max, "fuel_max": fuel_max,
            "state": F_OUT_GAME if f["id"] in state["fighters_lost"] else F_RESERVE, "acted": False,
            "mw50": None,  # §7.8: None | "charged" | "empty"
        }
    tiles = new_tiles()
    for tid, hex_id in state["shelters"].items():
        tiles[tid].update(face=SHELTER, hex=hex_id)
    state.update({
        "night": night,
        "phase": 1,
        "step": "place_fighters",
        "night_start_score": state["score"],
        "round": 0,
        "weather": None,
        "plan": None,
        "nonce": None,
        "commitment": None,
        "plan_revealed": False,
        "public_plan": {},
        "bomber": {"hex": None, "altitude": None, "heading": None, "moves_done": 0, "taken_off": False,
                   "landed": False, "target_bombed": False, "revealed_cards": []},
        "mosquito": {"hex": None, "altitude": GROUND, "state": M_WAITING,
                     "tokens_left": options["mosquito_tokens"], "must_return": False},
        "fighters": fighters,
        "tiles": tiles,
        "airfield_bombs": {},
        "markers": {},
        "german_turn": {"triggered": [], "ended": [], "railway_moved": []},
        "solo": None,
        "owners": owners(roster, options, night),
        "medals_on_board": {},          # §7.5 German bonus medals: {hex: count}
        "fuel_medal_used": False,       # C-21 once per night
        "weather_changes_done": [],     # §7.2 move numbers whose change has happened
        "weather_changed_this_turn": False,
        "rerouted_this_turn": False,
        "plan_history": [],             # §7.3/§7.4 superseded plans {plan, nonce, hash}
        "observer_badge": "outbound" if options["ju88"] else None,  # §9.1 outbound | return | None
        "window": {"declared": None, "positions": [], "nonce": None, "hash": None, "revealed": []},  # §9.4
        "wild_sau": {},                 # §9.4 {token: {hex, moved}}
        "british_units": {"qf": [], "searchlights": []},  # §9.10, §9.11 hexes
        "crests": None,                 # §9.2 the five crest cities handed over
        "crest_draws": [],              # §9.2 optional rule: drawn target crests (British-only)
        "quad_fired": [],               # §9.7 quad flak that fired in this Mosquito turn
        "aces": {},                     # §9.9 placed ace gunners {id: {grade, hex, fired_round}}
    })


def airborne_fighters(state: dict, hex_id: int | None = None) -> list[str]:
    return sorted(fid for fid, f in state["fighters"].items()
                  if f["state"] == F_AIRBORNE and (hex_id is None or f["hex"] == hex_id))


def grounded_fighters(state: dict, hex_id: int) -> list[str]:
    return sorted(fid for fid, f in state["fighters"].items() if f["state"] == F_GROUND and f["hex"] == hex_id)

