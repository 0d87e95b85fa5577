"""Setup options of a Duel in the Dark game (docs/rules/duel-in-the-dark.md §1.5, §1.6, §8, §12).

Every option is recorded in the state (``state["setup"]``).  Assumptions of spec §12 that
change play are parameters whose default is the spec's value; the A-/C- id is in the comment.
Call :func:`validate_setup` before :func:`initial_state` — unknown or ill-typed options are
reported there as a RuleViolation (``initial_state`` raises ValueError on a bad setup).
"""
from __future__ import annotations

from systems.kit.contract import RuleViolation
from .board import load_board

MODES = ("standard", "swap", "solo")

DEFAULT_OPTIONS: dict = {
    "nights": 1,                      # §1.5 agreed number of nights
    "mode": "standard",               # standard | swap (§1.6) | solo (§8)
    "weather_card": None,             # force night 1's weather card id (tournament rematch)
    "solo_mosquito_heuristic": False,  # §8.6 H1 (unofficial), solo only
    "board": None,                    # a full board dict; None = the default board
    "max_route_cards": 14,            # §3.4 R8
    "mosquito_tokens": 6,             # §4.2.1 T1
    "summer_from_move": 8,            # §5.1 / C-12: summer counts from bomber move 8
    "fighter_storm_malus": 2,         # C-01
    "bomber_fog_landing_vp": 2,       # C-02
    "crosswind_fuel_cost": 2,
    "fighter_combat_floor": True,     # each fighter and the total >= 0
    "mosquito_attacks_remaining_fighters": False,  # A-39 / C-10
    "smoke_absorbs_airfield_bombs": True,          # penalty counts bombs - smoke
    "emergency_landed_fighters_return": True,      # back next night
    "mosquito_anti_stall": True,
    "fighter_anti_stall": True,
    "markers_only_on_cities": True,
    "max_rounds_per_night": 60,       # §4.7 hard safety net
    "red_faces_only": False,          # §2.6 beginners' game: basic (red) faces only
    "fuel_max": None,                 # {fighter id: lines} overrides the board's gauges (§2.3)
    "compass_inventory": None,        # {"red"|"green": {dir: count}}; None = unlimited
    "solo_ground_units": 40,          # §8.6 H2 harder solo: fewer units
    "solo_ignore_turn_limit": False,  # §8.6 H2 / C-46
    # §7 advanced rules — each an independent option; none allowed in solo (§8)
    "stronger_mosquito": False,       # §7.1 rule 1: 8 tokens, −2 VP at the target
    "weather_changes": False,         # §7.2 rule 2
    "reroute_after_weather_change": False,  # §7.3 rule 3a (needs weather_changes)
    "reroute_after_bombing": False,   # §7.4 rule 3b
    "medals": False,                  # §7.5 rule 4
    "shroud": False,                  # §7.6 rule 5
    "friendly_flak": False,           # §7.7 rule 6
    "mw50": False,                    # §7.8 rule 7
    "friendly_flak_can_score_british": False,  # §5.11 [IT-T3] reading of rule 6
    "medal_supply": None,             # C-47: None = unlimited, else medals in the box (16)
    "wind_change_cards": None,        # §7.2 / A-47: relative notches; None = the board's
    # §9 expansions
    "ju88": False,                    # §9.1 Ju 88 (replaces one fighter) with observer badge
    "ju88_replaces": "yellow",        # §9.1 which fighter the Ju 88 replaces
    "players": 2,                     # §9.3 3–5 player variant: 3, 4 or 5 seats
    "window": False,                  # §9.4 Window / Wilde Sau
    "window_multi_night": False,      # §9.4 optional allocations for 2 or 3 nights
    "window_cancels_fighters": False,  # C-44: Window also cancels the fighter fight in its hex
    "walls_have_ears": False,         # §9.2 five city crests, five German re-placements
    "walls_random_target": False,     # §9.2 optional rule: the target crest is drawn
    "railway_flak": False,            # §9.6 one tile becomes a railway flak
    "quad_flak": False,               # §9.7 one tile becomes a quad flak
    "acoustic_mirror": False,         # §9.8 one tile becomes an acoustic mirror (needs medals)
    "ace_gunners": False,             # §9.9 silver and gold ace-gunner medals
    "british_qf_guns": 0,             # §9.10 number of British 3.7-inch QF guns (count UNKNOWN)
    "british_searchlights": 0,        # §9.11 number of British searchlights (count UNKNOWN)
}

ADVANCED_RULES = ("stronger_mosquito", "weather_changes", "reroute_after_weather_change",
                  "reroute_after_bombing", "medals", "shroud", "friendly_flak", "mw50")
PLAYER_COUNTS = (2, 3, 4, 5)
EXPANSIONS = ("ju88", "window", "walls_have_ears", "railway_flak", "quad_flak", "acoustic_mirror", "ace_gunners",
              "british_qf_guns", "british_searchlights")

_BOOL = {k for k, v in DEFAULT_OPTIONS.items() if isinstance(v, bool)}
_INT = {k for k, v in DEFAULT_OPTIONS.items() if isinstance(v, int) and not isinstance(v, bool)}
_COUNTS = ("british_qf_guns", "british_searchlights")  # may be 0 (= off)
_INT -= set(_COUNTS)


def normalise(setup: dict | None) -> dict:
    options = dict(DEFAULT_OPTIONS)
    options.update(setup or {})
    if options["mode"] == "swap" and "nights" not in (setup or {}):
        options["nights"] = 2
    if options["stronger_mosquito"] and "mosquito_tokens" not in (setup or {}):
        options["mosquito_tokens"] = STRONGER_MOSQUITO_TOKENS
    return options


STRONGER_MOSQUITO_TOKENS = 8  # §7.1


def validate_setup(setup: dict | None) -> RuleViolation | None:
    """None if ``setup`` is a valid options dict, else a RuleViolation naming the problem."""
    setup = setup or {}
    if not isinstance(setup, dict):
        return RuleViolation("malformed_command", "setup must be an object")
    for key in setup:
        if key not in DEFAULT_OPTIONS:
            return RuleViolation("unknown_option", f"unknown setup option {key!r}")
    options = normalise(setup)
    for key in _BOOL:
        if not isinstance(options[key], bool):
            return RuleViolation("invalid_option", f"{key} must be true or false")
    for key in _INT:
        if not isinstance(options[key], int) or isinstance(options[key], bool) or options[key] < 1:
            return RuleViolation("invalid_option", f"{key} must be a positive integer")
    if options["medal_supply"] is not None and (not isinstance(options["medal_supply"], int)
                                                or isinstance(options["medal_supply"], bool)
                                                or options["medal_supply"] < 0):
        return RuleViolation("invalid_option", "medal_supply must be null or a count >= 0")
    if options["players"] not in PLAYER_COUNTS:
        return RuleViolation("invalid_player_count", f"players must be one of {PLAYER_COUNTS}")
    conflict = _conflict(options, setup)
    if conflict is not None:
        return conflict
    for key in _COUNTS:
        if not isinstance(options[key], int) or isinstance(options[key], bool) or not 0 <= options[key] <= 9:
            return RuleViolation("invalid_option", f"{key} must be an integer 0–9")
    if options["mode"] not in MODES:
        return RuleViolation("invalid_option", f"mode must be one of {MODES}")
    if options["mode"] == "swap" and options["nights"] != 2:
        return RuleViolation("options_conflict", "mode 'swap' is played over exactly 2 nights (§1.6)")
    if options["solo_mosquito_heuristic"] and options["mode"] != "solo":
        return RuleViolation("options_conflict", "solo_mosquito_heuristic needs mode 'solo'")
    if options["board"] is not None and not (isinstance(options["board"], dict) and "hexes" in options["board"]):
        return RuleViolation("invalid_option", "board must be a board dict with 'hexes'")
    try:
        board = load_board(options["board"])
    except (KeyError, TypeError, ValueError) as exc:
        return RuleViolation("invalid_option", f"board cannot be read: {exc}")
    card = options["weather_card"]
    if card is not None and card not in board.weather_cards:
        return RuleViolation("invalid_option", f"weather card {card!r} is not on this board")
    if len(board.weather_cards) < options["nights"] and options["mode"] != "swap":
        return RuleViolation("invalid_option", "more nights than weather cards")
    fuel = options["fuel_max"]
    if fuel is not None:
        ids = {f["id"] for f in board.fighters}
        if not isinstance(fuel, dict) or any(k not in ids or not isinstance(v, int) or v < 1 for k, v in fuel.items()):
            return RuleViolation("invalid_option", "fuel_max must map fighter ids to positive integers")
    if options["ju88"] and options["ju88_replaces"] not in {f["id"] for f in board.fighters}:
        return RuleViolation("invalid_option", "ju88_replaces must name a fighter of the board")
    cards = options["wind_change_cards"]
    if cards is not None and (not isinstance(cards, list) or len(cards) < 1
                              or any(not isinstance(c, int) or isinstance(c, bool) for c in cards)):
        return RuleViolation("invalid_option", "wind_change_cards must be a non-empty list of notches")
    if options["solo_ground_units"] > 40:
        return RuleViolation("invalid_option", "solo_ground_units is at most 40")
    return None


def _conflict(options: dict, setup: dict) -> RuleViolation | None:
    """Options that cannot be combined (§7 A-56, §8, §9.3); the code names both options."""
    if options["mode"] == "solo":
        for key in ADVANCED_RULES:
            if options[key]:
                return RuleViolation("option_not_allowed_in_solo",
                                     f"mode 'solo' and {key} cannot be combined: the advanced rules "
                                     "cannot be used in the solo mission (§8)")
        if options["players"] != 2:
            return RuleViolation("option_not_allowed_in_solo",
                                 "mode 'solo' and players cannot be combined: the solo mission has one player")
        for key in EXPANSIONS:
            if options[key]:
                return RuleViolation("option_not_allowed_in_solo",
                                     f"mode 'solo' and {key} cannot be combined: the expansions are not "
                                     "defined for the automatic British side (§8, engine ruling)")
    if options["reroute_after_weather_change"] and not options["weather_changes"]:
        return RuleViolation("options_conflict",
                             "reroute_after_weather_change needs weather_changes (rule 3a follows rule 2, §7.3)")
    if options["stronger_mosquito"] and options["mosquito_tokens"] != STRONGER_MOSQUITO_TOKENS:
        return RuleViolation("options_conflict",
                             f"stronger_mosquito and mosquito_tokens: rule 1 gives {STRONGER_MOSQUITO_TOKENS} tokens")
    if options["friendly_flak_can_score_british"] and not options["friendly_flak"]:
        return RuleViolation("options_conflict", "friendly_flak_can_score_british needs friendly_flak")
    if options["players"] != 2 and options["mode"] == "swap":
        return RuleViolation("options_conflict", "players and mode 'swap': swapping sides needs 2 players")
    if options["medal_supply"] is not None and not options["medals"]:
        return RuleViolation("options_conflict", "medal_supply needs medals (rule 4)")
    if options["wind_change_cards"] is not None and not options["weather_changes"]:
        return RuleViolation("options_conflict", "wind_change_cards needs weather_changes (rule 2)")
    if options["window_multi_night"] and not options["window"]:
        return RuleViolation("options_conflict", "window_multi_night needs window")
    if options["window_multi_night"] and options["nights"] not in (2, 3):
        return RuleViolation("options_conflict", "window_multi_night and nights: the tables are for 2 or 3 nights")
    if options["window_cancels_fighters"] and not options["window"]:
        return RuleViolation("options_conflict", "window_cancels_fighters needs window")
    if options["acoustic_mirror"] and not options["medals"]:
        return RuleViolation("acoustic_mirror_requires_advanced_rules",
                             "acoustic_mirror needs medals: the mirror is played only with the advanced rules (§9.8)")
    if options["walls_random_target"] and not options["walls_have_ears"]:
        return RuleViolation("options_conflict", "walls_random_target needs walls_have_ears")
    if "ju88_replaces" in setup and not options["ju88"]:
        return RuleViolation("options_conflict", "ju88_replaces needs ju88")
    return None
