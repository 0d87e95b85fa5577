"""Advanced rule 4 — medals (docs/rules/duel-in-the-dark.md §7.5; [IT §8.4]; C-19, C-20, C-21, C-47, A-40, A-52–A-54).

Earning (when the Bomber enters a hex): exactly 3 airborne German fighters → German 1 medal, 4 →
2; no airborne German fighter, except on the Bomber's first and last move → British 2.  A medal
cannot be used in the turn it was received (``medal_received_this_turn``); a used medal leaves
the game; the supply is unlimited unless ``medal_supply`` is set (C-47).

Uses:
* German ``UseMedal {use: "bonus", hex, count}`` (German turn): medals on a hex with airborne
  fighters; +1 each in the next Bomber fight there; removed after that fight or at the end of a
  German turn without airborne fighters in the hex (C-19).
* German ``UseMedal {use: "repair", tile}`` / ``{use: "repair", airfield: hex}`` (German turn,
  A-54): a destroyed unit back in play / all bombs off an airfield (A-53).
* German fuel: ``MoveFighter {..., use_fuel_medal: true}`` −1 line, once per night (C-21).
* British sabotage: ``AdvanceBomber {..., sabotage: [tile, …]}`` destroys red-bordered units in
  the hex the Bomber enters, one medal each, before the hex is resolved (A-40/C-48).
* British evasion: ``AdvanceBomber {..., evasion: n}`` −n German VP in that fighter fight (floor
  0), only without German medals in the hex (``german_medals_in_hex``).
* British tokens: ``DropTokens {..., medals: n}``: n of the dropped bombs/markers are medals;
  ``n ≤`` real tokens dropped (``medals_exceed_real_tokens``).
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..ground_units import FLAK, RADAR, SEARCHLIGHT
from ..expansions import acoustic_mirror

GERMAN_MEDALS_FOR = {3: 1, 4: 2}
BRITISH_MEDALS_EMPTY_HEX = 2
RED_BORDERED = (FLAK, SEARCHLIGHT, RADAR)


def enabled(state: dict) -> bool:
    return state["setup"]["medals"]


def require_enabled(state: dict) -> None:
    if not enabled(state):
        reject("option_not_enabled", "medals (advanced rule 4) are not in use")


def usable(state: dict, side: str) -> int:
    return state["medals"][side] - state["medals_fresh"][side]


def spend(state: dict, side: str, n: int) -> None:
    """Checks that ``side`` may spend ``n`` medals now."""
    require_enabled(state)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        reject("malformed_command", "the number of medals must be a positive integer")
    if state["medals"][side] < n:
        reject("not_enough_medals", f"the {side} side holds {state['medals'][side]} medals")
    if usable(state, side) < n:
        reject("medal_received_this_turn", "medals cannot be used in the turn they were received (§7.5)")


def award(em, side: str, count: int, reason: str, **params) -> None:
    """``reason`` is a code ("fighters_in_hex", "empty_hex") the presentation words, with ``params``."""
    supply = em.state["setup"]["medal_supply"]
    if supply is not None:
        count = min(count, supply - em.state["medals_awarded"])
    if count > 0:
        em.emit("MedalsAwarded", {"side": side, "count": count, "reason": reason, **params})


def award_for_entry(em, fighters_in_hex: list[str], move_no: int, last: bool) -> None:
    """§7.5 earning, evaluated when the Bomber enters a hex (A-52: Wilde Sau are not fighters)."""
    if not enabled(em.state):
        return
    n = len(fighters_in_hex)
    if n >= 3:
        award(em, "german", GERMAN_MEDALS_FOR[min(n, 4)], "fighters_in_hex", fighters=n)
    elif n == 0 and move_no != 1 and not last:
        award(em, "british", BRITISH_MEDALS_EMPTY_HEX, "empty_hex")


def sabotage_targets(state: dict, hex_id: int) -> list[str]:
    """The tiles British medals may destroy in ``hex_id``: intact red-bordered units (§7.5), but no
    flak or searchlight where an acoustic mirror stands (§9.8)."""
    mirrored = acoustic_mirror.mirrors(state, hex_id)
    return [tid for tid, t in sorted(state["tiles"].items())
            if t["hex"] == hex_id and not t["destroyed"] and t["face"] in RED_BORDERED
            and not (mirrored and t["face"] in acoustic_mirror.PROTECTED)]


def check_sabotage(state: dict, hex_id: int, tiles) -> list[str]:
    if not tiles:
        return []
    if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles) or len(set(tiles)) != len(tiles):
        reject("malformed_command", "sabotage must be a list of distinct tile ids")
    spend(state, "british", len(tiles))
    for tid in tiles:
        tile = state["tiles"].get(tid)
        if tile is None or tile["hex"] != hex_id or tile["destroyed"]:
            reject("unit_not_in_bomber_hex", f"no intact unit {tid} in the hex the Bomber enters ({hex_id})")
        if tile["face"] not in RED_BORDERED:
            reject("unit_not_red_bordered", f"{tid} is a {tile['face']}: only flak, searchlight, radar (§7.5)")
    acoustic_mirror.check_sabotage(state, hex_id, tiles)
    return list(tiles)


def check_evasion(state: dict, hex_id: int, n, fight: bool) -> int:
    if not n:
        return 0
    spend(state, "british", n)
    if not fight:
        reject("no_fighter_combat", "evasion medals need a fight with fighters in the hex entered")
    if state["medals_on_board"].get(str(hex_id), 0):
        reject("german_medals_in_hex", "evasion is not allowed in a hex holding German medals (§7.5)")
    return n


def use_medal(em, board, command: dict, rng) -> None:
    """``UseMedal`` in the German turn: ``bonus`` or ``repair``."""
    s = em.state
    use = command.get("use")
    if use == "bonus":
        hex_id, n = command.get("hex"), command.get("count", 1)
        spend(s, "german", n)
        if not any(f["state"] == "airborne" and f["hex"] == hex_id for f in s["fighters"].values()):
            reject("no_fighter_in_hex", f"no airborne German fighter in hex {hex_id}")
        em.emit("MedalsSpent", {"side": "german", "count": n, "use": "bonus"})
        em.emit("GermanMedalsPlaced", {"hex": hex_id, "count": n})
    elif use == "repair":
        spend(s, "german", 1)
        if "tile" in command:
            tile = s["tiles"].get(command["tile"])
            if tile is None or not tile["destroyed"]:
                reject("nothing_to_repair", f"{command['tile']!r} is not a destroyed unit")
            em.emit("MedalsSpent", {"side": "german", "count": 1, "use": "repair"})
            em.emit("UnitRepaired", {"tile": command["tile"], "hex": tile["hex"]})
        else:
            hex_id = command.get("airfield")
            if not s["airfield_bombs"].get(str(hex_id), 0):
                reject("nothing_to_repair", f"airfield {hex_id!r} has no bombs")
            em.emit("MedalsSpent", {"side": "german", "count": 1, "use": "repair"})
            em.emit("AirfieldRepaired", {"hex": hex_id})
    else:
        reject("malformed_command", "use must be 'bonus' or 'repair'")


def remove_unattended(em) -> None:
    """C-19: at the end of a German turn, medals leave hexes without airborne German fighters."""
    s = em.state
    for key in sorted(s["medals_on_board"], key=int):
        if not any(f["state"] == "airborne" and f["hex"] == int(key) for f in s["fighters"].values()):
            em.emit("GermanMedalsRemoved", {"hex": int(key), "reason": "no_airborne_fighter"})


def german_actions(state: dict) -> list[dict]:
    """Complete ``UseMedal`` commands the German may issue now."""
    if not enabled(state) or usable(state, "german") < 1:
        return []
    out = []
    hexes = sorted({f["hex"] for f in state["fighters"].values() if f["state"] == "airborne"})
    out += [{"type": "UseMedal", "use": "bonus", "hex": h, "count": 1} for h in hexes]
    out += [{"type": "UseMedal", "use": "repair", "tile": tid}
            for tid, t in sorted(state["tiles"].items()) if t["destroyed"]]
    out += [{"type": "UseMedal", "use": "repair", "airfield": int(h)}
            for h, n in sorted(state["airfield_bombs"].items()) if n]
    return out


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _medals_awarded(s, p):
    s["medals"][p["side"]] += p["count"]
    s["medals_fresh"][p["side"]] += p["count"]
    s["medals_awarded"] += p["count"]


def _medals_spent(s, p):
    s["medals"][p["side"]] -= p["count"]


def _german_medals_placed(s, p):
    key = str(p["hex"])
    s["medals_on_board"][key] = s["medals_on_board"].get(key, 0) + p["count"]


def _german_medals_removed(s, p):
    s["medals_on_board"].pop(str(p["hex"]), None)


def _unit_repaired(s, p):
    s["tiles"][p["tile"]]["destroyed"] = False


def _airfield_repaired(s, p):
    s["airfield_bombs"].pop(str(p["hex"]), None)


def _fuel_medal_used(s, p):
    s["fuel_medal_used"] = True


EVOLVE = {
    "MedalsAwarded": _medals_awarded,
    "MedalsSpent": _medals_spent,
    "GermanMedalsPlaced": _german_medals_placed,
    "GermanMedalsRemoved": _german_medals_removed,
    "UnitRepaired": _unit_repaired,
    "AirfieldRepaired": _airfield_repaired,
    "FuelMedalUsed": _fuel_medal_used,
}
TILE_EVENTS = frozenset({"UnitRepaired"})  # their handlers write to state["tiles"]
