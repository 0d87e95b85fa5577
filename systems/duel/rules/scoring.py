"""Scoring (spec §5): every function returns ``(amount, reasons)`` with each term named by a
code (:func:`term`), so a ``VictoryPoints`` event shows why every point was scored — in words
of the viewer's language (systems/duel/score_words.py).  Counts are of intact units."""
from __future__ import annotations

from .board import Board
from .ground_units import (ACOUSTIC_MIRROR, BALLOON, FIRE_ENGINE, FLAK, RADAR, RAILWAY_FLAK, SEARCHLIGHT, SHELTER,
                           SMOKE, count, units_in_hex)
from .state import HIGH, LOW, airborne_fighters
from .weather import FULL, NEW, cloud, fog, moon, storm, summer_active
from .advanced.friendly_flak import friendly_flak_malus
from .advanced.shroud import searchlight_factor
from .advanced.stronger_mosquito import target_malus


def term(code: str, value: int, per: dict | None = None, **params) -> dict:
    """One term: ``code`` names the rule ("5.1:radar" — section and term, worded by the
    presentation layer in the viewer's language), ``per`` the unit it counts for (e.g.
    ``{"unit": "fighter", "id": "red"}``), ``params`` the values its words need (a city's name)."""
    out = {"code": code, "value": value}
    if per is not None:
        out["per"] = per
    if params:
        out["params"] = params
    return out


def per_unit(unit: str, unit_id: str, **more) -> dict:
    return {"unit": unit, "id": unit_id, **more}


def fighter_combat(state: dict, hex_id: int, evasion: int = 0,
                   badge_fighter: str | None = None) -> tuple[int, list[dict]] | None:
    """§5.1: the Bomber enters a hex with airborne fighters → German VP (floors A-41), with the
    shroud (§7.6), German medals and British evasion medals (§7.5), friendly flak (§7.7);
    ``badge_fighter`` ignores its cloud malus (Ju 88 observer badge, §9.1)."""
    fighters = airborne_fighters(state, hex_id)
    if not fighters:
        return None
    options = state["setup"]
    floor = options["fighter_combat_floor"]
    radar = count(state, hex_id, RADAR)
    searchlights = count(state, hex_id, SEARCHLIGHT)
    bomber_high = state["bomber"]["altitude"] == HIGH
    move_no = state["bomber"]["moves_done"]
    reasons, total = [], 0
    for fid in fighters:
        per = per_unit("fighter", fid)
        parts = [term("5.1:base", 2, per)]
        if radar:
            parts.append(term("5.1:radar", radar, per))
        if moon(state) == FULL:
            parts.append(term("5.1:full_moon", 1, per))
        if summer_active(state, move_no):
            parts.append(term("5.1:summer", 1, per))
        if cloud(state, hex_id) and fid != badge_fighter:
            parts.append(term("5.1:cloud", -1, per))
        if storm(state, hex_id):
            parts.append(term("5.1:storm", -options["fighter_storm_malus"], per))
        if bomber_high and state["fighters"][fid]["altitude"] == LOW:
            parts.append(term("5.1:fighter_lower", -1, per))
        value = sum(t["value"] for t in parts)
        if floor and value < 0:
            parts.append(term("5.1:fighter_floor", -value, per))
            value = 0
        reasons.extend(parts)
        total += value
    if searchlights:
        factor = searchlight_factor(state, hex_id, searchlights)
        code = "7.6:searchlights_shroud" if factor > 1 else "5.1:searchlights"
        reasons.append(term(code, factor * searchlights))
        total += factor * searchlights
    lights = state["british_units"]["searchlights"].count(hex_id)
    if lights:
        reasons.append(term("9.11:british_searchlights", -lights))
        total -= lights
    medals = state["medals_on_board"].get(str(hex_id), 0)
    if medals:
        reasons.append(term("7.5:german_medals", medals))
        total += medals
    if floor and total < 0:
        reasons.append(term("5.1:total_floor", -total))
        total = 0
    if evasion:
        cut = min(evasion, max(total, 0))
        reasons.append(term("7.5:evasion_medals", -cut))
        total -= cut
    malus = friendly_flak_malus(state, hex_id)
    if malus:
        cut = malus if options["friendly_flak_can_score_british"] or not floor else min(malus, total)
        reasons.append(term("7.7:friendly_flak", -cut))
        total -= cut
    return total, reasons


ACE_BASE = 2  # §9.9: an ace gunner scores 2 instead of 1


def flak_combat(state: dict, hex_id: int, ordinary_only: bool = False) -> tuple[int, list[dict]] | None:
    """§5.2: German += F × (1 + 2·low + S); no weather modifiers (C-29).  Railway flak (§9.6) fires
    like a flak; placed ace gunners (§9.9) fire with base 2.  ``ordinary_only``: flak tiles only
    (the ace-medal award, A-86)."""
    guns = [(per_unit("flak", t), 1) for t in units_in_hex(state, hex_id, FLAK)]
    if not ordinary_only:
        guns += [(per_unit("railway_flak", t), 1) for t in units_in_hex(state, hex_id, RAILWAY_FLAK)]
        guns += [(per_unit("ace", aid, grade=a["grade"]), ACE_BASE) for aid, a in sorted(state["aces"].items())
                 if a["hex"] == hex_id and a["active_round"] <= state["round"] and a["fired_round"] != state["round"]]
    if not guns:
        return None
    searchlights = count(state, hex_id, SEARCHLIGHT)
    low = state["bomber"]["altitude"] == LOW
    reasons, total = [], 0
    for per, base in guns:
        reasons.append(term("5.2:base" if base == 1 else "9.9:ace_base", base, per))
        if low:
            reasons.append(term("5.2:bomber_low", 2, per))
        if searchlights:
            reasons.append(term("5.2:searchlights", searchlights, per))
        total += base + (2 if low else 0) + searchlights
    return total, reasons


def target_bombing(state: dict, board: Board, hex_id: int, extra_markers: int = 0) -> tuple[int, list[dict]]:
    """§5.3: British VP for bombing the target city (no floor, A-44)."""
    city = board.cities[hex_id]
    reasons = [term("5.3:city_value", int(city["vp"]), city=city["name"])]
    if moon(state) == FULL:
        reasons.append(term("5.3:full_moon", 3))
    elif moon(state) == NEW:
        reasons.append(term("5.3:new_moon", -3))
    markers = state["markers"].get(str(hex_id), 0) + extra_markers
    if markers:
        reasons.append(term("5.3:markers", markers))
    if state["bomber"]["altitude"] == LOW:
        reasons.append(term("5.3:bomber_low", 4))
    for face, code, each in ((SEARCHLIGHT, "5.3:searchlights", -1),
                             (FIRE_ENGINE, "5.3:fire_engines", -1),
                             (SMOKE, "5.3:smoke", -1),
                             (SHELTER, "5.3:shelters", -2)):
        n = count(state, hex_id, face)
        if n:
            reasons.append(term(code, each * n))
    near = sum(count(state, h, FIRE_ENGINE) for h, d in board.distances[hex_id].items() if 1 <= d <= 2)
    if near // 2:
        reasons.append(term("5.3:fire_engines_near", -(near // 2)))
    if fog(state, hex_id):
        reasons.append(term("5.3:fog", -3))
    if cloud(state, hex_id):
        reasons.append(term("5.3:cloud", -5))
    if storm(state, hex_id):
        reasons.append(term("5.3:storm", -7))
    mirrors = count(state, hex_id, ACOUSTIC_MIRROR)
    if mirrors:
        reasons.append(term("9.8:acoustic_mirror", -mirrors))
    if target_malus(state):
        reasons.append(term("7.1:stronger_mosquito", target_malus(state)))
    return sum(t["value"] for t in reasons), reasons


def mosquito_combat(state: dict, fighters: list[str]) -> tuple[int, list[dict]]:
    """§5.4: British += max(0, min(N,2) + moon + summer − cloud − 2·storm − low); once per turn."""
    m = state["mosquito"]
    hex_id = m["hex"]
    counted = min(len(fighters), 2)
    reasons = [term("5.4:fighter", 1, per_unit("fighter", fid)) for fid in fighters[:counted]]
    if moon(state) == FULL:
        reasons.append(term("5.4:full_moon", 1))
    if state["weather"]["summer"] and state["bomber"]["moves_done"] >= state["setup"]["summer_from_move"]:
        reasons.append(term("5.4:summer", 1))
    if cloud(state, hex_id):
        reasons.append(term("5.4:cloud", -1))
    if storm(state, hex_id):
        reasons.append(term("5.4:storm", -2))
    if m["altitude"] == LOW:
        reasons.append(term("5.4:mosquito_low", -1))
    lights = state["british_units"]["searchlights"].count(hex_id)
    if lights:
        reasons.append(term("9.11:searchlight_pairs", min(lights, len(fighters))))
    total = sum(t["value"] for t in reasons)
    if total < 0:
        reasons.append(term("5.4:floor", -total))
        total = 0
    return total, reasons


def airfield_penalty(state: dict, hex_id: int, fighter: str, what: str) -> tuple[int, list[dict]]:
    """§5.5: British VP for a fighter taking off / landing (``what``) in ``hex_id``."""
    per = per_unit("fighter", fighter, when=what)
    reasons = []
    if fog(state, hex_id):
        reasons.append(term("5.5:fog", 1, per))
    if storm(state, hex_id):
        reasons.append(term("5.5:storm", 1, per))
    bombs = effective_airfield_bombs(state, hex_id)
    if bombs:
        reasons.append(term("5.5:bombed_airfield", bombs, per))
    m = state["mosquito"]
    if m["state"] == "airborne" and m["hex"] == hex_id and m["altitude"] == LOW and not count(state, hex_id, BALLOON):
        reasons.append(term("5.5:mosquito_low", 1, per))
    return sum(t["value"] for t in reasons), reasons


def effective_airfield_bombs(state: dict, hex_id: int) -> int:
    bombs = state["airfield_bombs"].get(str(hex_id), 0)
    if state["setup"]["smoke_absorbs_airfield_bombs"]:
        bombs -= count(state, hex_id, SMOKE)
    return max(0, bombs)


def emergency_landing(board: Board, hex_id: int, fighter: str) -> tuple[int, list[dict], str]:
    """§5.6 / §4.3.7: +2 on German soil (out for the night), +4 in Britain/at sea (out for the game)."""
    if hex_id in board.brit_hexes:
        return 4, [term("5.6:ditching", 4, per_unit("fighter", fighter))], "game"
    return 2, [term("5.6:german_soil", 2, per_unit("fighter", fighter))], "night"


def balloon_barrages(state: dict, hex_id: int, destroyed: set[str]) -> tuple[int, list[dict]] | None:
    """§5.8: German +1 per intact balloon barrage not destroyed by this bombing action."""
    alive = [t for t in units_in_hex(state, hex_id, BALLOON) if t not in destroyed]
    if not alive:
        return None
    return len(alive), [term("5.8:balloon", 1, per_unit("balloon", t)) for t in alive]
