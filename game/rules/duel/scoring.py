"""Scoring (spec §5): every function returns ``(amount, reasons)`` with each term named, so a
``VictoryPoints`` event shows why every point was scored.  Counts are of intact units."""
from __future__ import annotations

from .board import Board
from .ground_units import (ACOUSTIC_MIRROR, BALLOON, FIRE_ENGINE, FLAK, RADAR, RAILWAY_FLAK, SEARCHLIGHT, SHELTER,
                           SMOKE, count, units_in_hex)
from .state import HIGH, LOW, airborne_fighters
from .weather import FULL, NEW, cloud, fog, moon, storm, summer_active
from .advanced.friendly_flak import friendly_flak_malus
from .advanced.shroud import searchlight_factor
from .advanced.stronger_mosquito import target_malus


def term(rule: str, value: int, per: str | None = None) -> dict:
    out = {"rule": rule, "value": value}
    if per is not None:
        out["per"] = per
    return out


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
        per = f"fighter {fid}"
        parts = [term("§5.1 base", 2, per)]
        if radar:
            parts.append(term("§5.1 radar", radar, per))
        if moon(state) == FULL:
            parts.append(term("§5.1 full moon", 1, per))
        if summer_active(state, move_no):
            parts.append(term("§5.1 summer (from move 8)", 1, per))
        if cloud(state, hex_id) and fid != badge_fighter:
            parts.append(term("§5.1 cloud", -1, per))
        if storm(state, hex_id):
            parts.append(term("§5.1 storm (C-01)", -options["fighter_storm_malus"], per))
        if bomber_high and state["fighters"][fid]["altitude"] == LOW:
            parts.append(term("§5.1 fighter lower than the Bomber", -1, per))
        value = sum(t["value"] for t in parts)
        if floor and value < 0:
            parts.append(term("A-41 fighter floor 0", -value, per))
            value = 0
        reasons.extend(parts)
        total += value
    if searchlights:
        factor = searchlight_factor(state, hex_id, searchlights)
        rule = "§7.6 German searchlights doubled by the shroud" if factor > 1 else \
            "§5.1 German searchlights (once for the hex)"
        reasons.append(term(rule, factor * searchlights))
        total += factor * searchlights
    lights = state["british_units"]["searchlights"].count(hex_id)
    if lights:
        reasons.append(term("§9.11 British searchlights (C-30)", -lights))
        total -= lights
    medals = state["medals_on_board"].get(str(hex_id), 0)
    if medals:
        reasons.append(term("§7.5 German medals in the hex", medals))
        total += medals
    if floor and total < 0:
        reasons.append(term("A-41 total floor 0", -total))
        total = 0
    if evasion:
        cut = min(evasion, max(total, 0))
        reasons.append(term("§7.5 British evasion medals (floor 0)", -cut))
        total -= cut
    malus = friendly_flak_malus(state, hex_id)
    if malus:
        cut = malus if options["friendly_flak_can_score_british"] or not floor else min(malus, total)
        reasons.append(term("§7.7 friendly flak (F − 1, in total)", -cut))
        total -= cut
    return total, reasons


ACE_BASE = 2  # §9.9: an ace gunner scores 2 instead of 1


def flak_combat(state: dict, hex_id: int, ordinary_only: bool = False) -> tuple[int, list[dict]] | None:
    """§5.2: German += F × (1 + 2·low + S); no weather modifiers (C-29).  Railway flak (§9.6) fires
    like a flak; placed ace gunners (§9.9) fire with base 2.  ``ordinary_only``: flak tiles only
    (the ace-medal award, A-86)."""
    guns = [(f"flak {t}", 1) for t in units_in_hex(state, hex_id, FLAK)]
    if not ordinary_only:
        guns += [(f"railway flak {t}", 1) for t in units_in_hex(state, hex_id, RAILWAY_FLAK)]
        guns += [(f"{a['grade']} ace {aid}", ACE_BASE) for aid, a in sorted(state["aces"].items())
                 if a["hex"] == hex_id and a["active_round"] <= state["round"] and a["fired_round"] != state["round"]]
    if not guns:
        return None
    searchlights = count(state, hex_id, SEARCHLIGHT)
    low = state["bomber"]["altitude"] == LOW
    reasons, total = [], 0
    for per, base in guns:
        reasons.append(term("§5.2 base" if base == 1 else "§9.9 ace gunner base 2", base, per))
        if low:
            reasons.append(term("§5.2 Bomber LOW", 2, per))
        if searchlights:
            reasons.append(term("§5.2 German searchlights", searchlights, per))
        total += base + (2 if low else 0) + searchlights
    return total, reasons


def target_bombing(state: dict, board: Board, hex_id: int, extra_markers: int = 0) -> tuple[int, list[dict]]:
    """§5.3: British VP for bombing the target city (no floor, A-44)."""
    city = board.cities[hex_id]
    reasons = [term(f"§5.3 city value ({city['name']})", int(city["vp"]))]
    if moon(state) == FULL:
        reasons.append(term("§5.3 full moon", 3))
    elif moon(state) == NEW:
        reasons.append(term("§5.3 new moon", -3))
    markers = state["markers"].get(str(hex_id), 0) + extra_markers
    if markers:
        reasons.append(term("§5.3 target markers", markers))
    if state["bomber"]["altitude"] == LOW:
        reasons.append(term("§5.3 Bomber LOW", 4))
    for face, rule, each in ((SEARCHLIGHT, "§5.3 German searchlights in the target hex", -1),
                             (FIRE_ENGINE, "§5.3 fire engines in the target hex", -1),
                             (SMOKE, "§5.3 smoke screens in the target hex", -1),
                             (SHELTER, "§5.3 civil shelters in the target hex", -2)):
        n = count(state, hex_id, face)
        if n:
            reasons.append(term(rule, each * n))
    near = sum(count(state, h, FIRE_ENGINE) for h, d in board.distances[hex_id].items() if 1 <= d <= 2)
    if near // 2:
        reasons.append(term("§5.3 fire engines within 2 hexes (per pair)", -(near // 2)))
    if fog(state, hex_id):
        reasons.append(term("§5.3 fog over the target (C-16)", -3))
    if cloud(state, hex_id):
        reasons.append(term("§5.3 cloud over the target", -5))
    if storm(state, hex_id):
        reasons.append(term("§5.3 storm over the target", -7))
    mirrors = count(state, hex_id, ACOUSTIC_MIRROR)
    if mirrors:
        reasons.append(term("§9.8 acoustic mirror in the target hex (A-43)", -mirrors))
    if target_malus(state):
        reasons.append(term("§7.1 stronger Mosquito", target_malus(state)))
    return sum(t["value"] for t in reasons), reasons


def mosquito_combat(state: dict, fighters: list[str]) -> tuple[int, list[dict]]:
    """§5.4: British += max(0, min(N,2) + moon + summer − cloud − 2·storm − low); once per turn."""
    m = state["mosquito"]
    hex_id = m["hex"]
    counted = min(len(fighters), 2)
    reasons = [term("§5.4 per attacking fighter (max 2)", 1, f"fighter {fid}") for fid in fighters[:counted]]
    if moon(state) == FULL:
        reasons.append(term("§5.4 full moon", 1))
    if state["weather"]["summer"] and state["bomber"]["moves_done"] >= state["setup"]["summer_from_move"]:
        reasons.append(term("§5.4 summer (after move 8, C-11)", 1))
    if cloud(state, hex_id):
        reasons.append(term("§5.4 cloud", -1))
    if storm(state, hex_id):
        reasons.append(term("§5.4 storm", -2))
    if m["altitude"] == LOW:
        reasons.append(term("§5.4 Mosquito LOW (C-09)", -1))
    lights = state["british_units"]["searchlights"].count(hex_id)
    if lights:
        reasons.append(term("§9.11 British searchlight / fighter pairs", min(lights, len(fighters))))
    total = sum(t["value"] for t in reasons)
    if total < 0:
        reasons.append(term("§5.4 floor 0", -total))
        total = 0
    return total, reasons


def airfield_penalty(state: dict, hex_id: int, fighter: str, what: str) -> tuple[int, list[dict]]:
    """§5.5: British VP for a fighter taking off / landing (``what``) in ``hex_id``."""
    per = f"fighter {fighter} {what}"
    reasons = []
    if fog(state, hex_id):
        reasons.append(term("§5.5 fog", 1, per))
    if storm(state, hex_id):
        reasons.append(term("§5.5 storm", 1, per))
    bombs = effective_airfield_bombs(state, hex_id)
    if bombs:
        reasons.append(term("§5.5 bombed airfield (per effective bomb, A-28)", bombs, per))
    m = state["mosquito"]
    if m["state"] == "airborne" and m["hex"] == hex_id and m["altitude"] == LOW and not count(state, hex_id, BALLOON):
        reasons.append(term("§5.5 Mosquito LOW over the airfield (C-08)", 1, per))
    return sum(t["value"] for t in reasons), reasons


def effective_airfield_bombs(state: dict, hex_id: int) -> int:
    bombs = state["airfield_bombs"].get(str(hex_id), 0)
    if state["setup"]["smoke_absorbs_airfield_bombs"]:
        bombs -= count(state, hex_id, SMOKE)
    return max(0, bombs)


def emergency_landing(board: Board, hex_id: int, fighter: str) -> tuple[int, list[dict], str]:
    """§5.6 / §4.3.7: +2 on German soil (out for the night), +4 in Britain/at sea (out for the game)."""
    if hex_id in board.brit_hexes:
        return 4, [term("§5.6 emergency landing / ditching in Britain or at sea", 4, f"fighter {fighter}")], "game"
    return 2, [term("§5.6 emergency landing on German soil", 2, f"fighter {fighter}")], "night"


def balloon_barrages(state: dict, hex_id: int, destroyed: set[str]) -> tuple[int, list[dict]] | None:
    """§5.8: German +1 per intact balloon barrage not destroyed by this bombing action."""
    alive = [t for t in units_in_hex(state, hex_id, BALLOON) if t not in destroyed]
    if not alive:
        return None
    return len(alive), [term("§5.8 balloon barrage", 1, f"balloon {t}") for t in alive]
