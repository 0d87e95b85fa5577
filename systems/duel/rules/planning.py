"""Phase 3 — secret British planning (spec §3.4, rules R1–R11; RULING C-07, C-27).

Commitment format (spec §3.4, §10): the public ``RouteCommitted`` event carries
``sha256(canonical_plan_bytes ‖ nonce_bytes)`` as lowercase hex, where

* ``canonical_plan_bytes`` = UTF-8 of ``json.dumps(plan, sort_keys=True, separators=(",", ":"),
  ensure_ascii=True)`` and ``plan`` is exactly
  ``{"takeoff_bomber": int, "takeoff_mosquito": int, "target": int, "landing_bomber": int,
  "landing_mosquito": int, "route": [{"dir": "E"|"NE"|…, "colour": "red"|"green"}, …]}``;
* ``nonce_bytes`` = ASCII of the 32-hex-digit nonce drawn with ``rng.token()``.

Anyone holding the revealed plan and nonce can recompute the hash with :func:`commitment`.
"""
from __future__ import annotations

import hashlib
import json
from collections import deque

from systems.kit.hexgrid import DIRECTIONS, steps_between
from .board import Board
from systems.kit.contract import reject

RED, GREEN = "red", "green"
PLAN_FIELDS = ("takeoff_bomber", "takeoff_mosquito", "target", "landing_bomber", "landing_mosquito")


def canonical_plan(plan: dict) -> dict:
    out = {k: plan[k] for k in PLAN_FIELDS}
    out["route"] = [{"dir": c["dir"], "colour": c["colour"]} for c in plan["route"]]
    return out


def commitment(plan: dict, nonce: str) -> str:
    body = json.dumps(canonical_plan(plan), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("utf-8") + nonce.encode("ascii")).hexdigest()


def window_commitment(positions: list[int], nonce: str) -> str:
    """§9.4: the Window positions are committed the same way (``{"positions": [...]}`` ‖ nonce)."""
    body = json.dumps({"positions": sorted(positions)}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode("utf-8") + nonce.encode("ascii")).hexdigest()


def parse_plan(command: dict) -> dict:
    plan = {}
    for key in PLAN_FIELDS:
        value = command.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            reject("malformed_command", f"{key} must be a hex number")
        plan[key] = value
    route = command.get("route")
    if not isinstance(route, list) or not all(isinstance(c, dict) for c in route):
        reject("malformed_command", "route must be a list of {dir, colour}")
    for card in route:
        if card.get("dir") not in DIRECTIONS or card.get("colour") not in (RED, GREEN):
            reject("malformed_command", "each card needs dir in E,NE,NW,W,SW,SE and colour red|green")
    plan["route"] = [{"dir": c["dir"], "colour": c["colour"]} for c in route]
    return plan


def validate_plan(plan: dict, board: Board, options: dict) -> list[int]:
    """Checks §3.4 (airfields, target, R2–R9, R11); returns the hexes the route enters."""
    for key in ("takeoff_bomber", "takeoff_mosquito", "landing_bomber", "landing_mosquito"):
        if plan[key] not in board.british_airfields:
            reject("not_british_airfield", f"{key} {plan[key]} is not a British airfield")
    if plan["takeoff_bomber"] == plan["takeoff_mosquito"]:
        reject("same_takeoff_airfield", "Bomber and Mosquito must take off from different airfields (C-27)")
    if plan["landing_bomber"] == plan["landing_mosquito"]:
        reject("same_landing_airfield", "Bomber and Mosquito must land on different airfields (C-27)")
    if plan["target"] not in board.cities:
        reject("not_a_city", f"hex {plan['target']} is not a German city")
    return validate_route(plan["route"], plan["takeoff_bomber"], plan["target"], plan["landing_bomber"],
                          board, options)


def validate_route(route: list[dict], start: int, target: int, landing: int, board: Board, options: dict,
                   heading: str | None = None, limit: int | None = None, returning: bool = False) -> list[int]:
    """R2–R9, R11.  Re-routes (§7.3, §7.4) pass the current ``heading`` (None = free), the card
    ``limit`` left in the budget, and ``returning`` once the target has been bombed (green only)."""
    limit = options["max_route_cards"] if limit is None else limit
    if len(route) > limit:
        reject("route_too_long", f"{len(route)} cards, at most {limit} (R8)")
    colours = [c["colour"] for c in route]
    if returning:
        if not route:
            reject("route_empty", "the return needs at least one green card (R9)")
        if RED in colours:
            reject("red_cards_after_bombing", "after the bombing only green cards may be used (§7.3, §7.4)")
        t = -2  # no free-heading card: the caller passes heading None when it is free
    else:
        if RED not in colours or GREEN not in colours:
            reject("route_empty", "the route needs at least one red and one green card (R9)")
        t = len(colours) - 1 - colours[::-1].index(RED)  # index of the last red card
    if GREEN in colours[:max(t, 0)]:
        reject("route_wrong_colour", "red (outbound) cards must all come before the green (return) cards (R5, R7)")
    _check_inventory(route, options["compass_inventory"] or board.compass_inventory)
    hexes, cur = [], start
    for k, card in enumerate(route):
        previous = route[k - 1]["dir"] if k > 0 else heading
        if previous is not None and k != t + 1 and steps_between(previous, card["dir"]) > 1:
            reject("direction_change_too_sharp",
                   f"card {k + 1} turns {previous}→{card['dir']}: at most one notch (R3, C-07, A-51)")
        nxt = board.step(cur, card["dir"])
        if nxt is None:
            reject("route_leaves_board", f"card {k + 1} ({card['dir']}) leads off the board from hex {cur} (R2)")
        hexes.append(nxt)
        cur = nxt
    if returning:
        if hexes[-1] != landing:
            reject("route_does_not_end_at_landing_airfield", f"the last card enters {hexes[-1]}, not {landing} (R7)")
        return hexes
    if target in hexes[:t]:
        reject("route_enters_target_early", "the target may be entered only by the last red card (R5, A-19)")
    if hexes[t] != target:
        reject("route_misses_target", f"the last red card enters hex {hexes[t]}, not the target {target} (R5)")
    if hexes[-1] != landing:
        reject("route_does_not_end_at_landing_airfield", f"the last card enters {hexes[-1]}, not {landing} (R7)")
    return hexes


def _check_inventory(route: list[dict], inventory: dict | None) -> None:
    if inventory is None:
        return
    used: dict[tuple[str, str], int] = {}
    for c in route:
        used[(c["colour"], c["dir"])] = used.get((c["colour"], c["dir"]), 0) + 1
    for (colour, direction), n in used.items():
        if n > inventory.get(colour, {}).get(direction, 0):
            reject("compass_cards_exhausted", f"only {inventory.get(colour, {}).get(direction, 0)} {colour} {direction} cards (R11)")


def shortest_leg(board: Board, start: int, goal: int, heading: str | None, avoid: int | None) -> list[str] | None:
    """Fewest one-notch steps from ``start`` to ``goal`` (BFS over hex × heading)."""
    queue = deque([(start, heading, [])])
    seen = {(start, heading)}
    while queue:
        cur, head, path = queue.popleft()
        for d in DIRECTIONS:
            if head is not None and steps_between(head, d) > 1:
                continue
            nxt = board.step(cur, d)
            if nxt is None or (nxt == avoid and nxt != goal):
                continue
            if nxt == goal:
                return path + [d]
            if (nxt, d) not in seen:
                seen.add((nxt, d))
                queue.append((nxt, d, path + [d]))
    return None


def find_route(board: Board, takeoff: int, target: int, landing: int, max_cards: int = 14) -> list[dict] | None:
    """A shortest legal route (for UIs and simple policies), or None if none fits ``max_cards``."""
    out = shortest_leg(board, takeoff, target, None, target)
    if out is None:
        return None
    back = shortest_leg(board, target, landing, None, None)
    if back is None or len(out) + len(back) > max_cards:
        return None
    return [{"dir": d, "colour": RED} for d in out] + [{"dir": d, "colour": GREEN} for d in back]
