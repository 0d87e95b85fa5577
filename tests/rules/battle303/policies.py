"""Deterministic client policies for 303 (docs/rules/303.md): they see only ``view`` and ``legal_actions``.

Each policy is ``(view, legal, side) -> command`` and always returns one of ``legal``.
* ``pass_policy``: no repairs, no moves, no shots, the bomber stays → the round-8 end.
* ``bomber_rush_policy``: the Luftwaffe bomber heads straight for London, nothing else moves;
  as RAF it stays away (passes) → the London end.
* ``aggressive_raf_policy``: RAF fighters close on the bomber and shoot it with every shot
  they have; as Luftwaffe it plays ``bomber_rush_policy``.
"""
from __future__ import annotations

from collections import deque


def _first(legal: list[dict], kind: str) -> dict | None:
    return next((action for action in legal if action["type"] == kind), None)


def pass_policy(view: dict, legal: list[dict], side: str) -> dict:
    for kind, wanted in (("repair", lambda a: a["fighters"] == []),
                         ("end_moves", lambda a: True),
                         ("fire", lambda a: "bomber_target" not in a),
                         ("move_bomber", lambda a: a["path"] == [])):
        for action in legal:
            if action["type"] == kind and wanted(action):
                return action
    return legal[0]  # place_reinforcement: the first offered airfield


def _steps_from(view: dict, goals: set[int], blocked: set[int]) -> dict[int, int]:
    """Hex → steps to the nearest goal hex over the board, not through ``blocked`` hexes."""
    neighbours = {h["id"]: list(h["neighbours"].values()) for h in view["board"]["hexes"]}
    steps = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        cur = queue.popleft()
        for nxt in neighbours[cur]:
            if nxt not in steps and nxt not in blocked:
                steps[nxt] = steps[cur] + 1
                queue.append(nxt)
    return steps


def _bomber(view: dict) -> dict:
    return next(t for t in view["tokens"] if t["kind"] == "bomber")


def bomber_rush_policy(view: dict, legal: list[dict], side: str) -> dict:
    if side != "luftwaffe" or view["phase"] != "D":
        return pass_policy(view, legal, side)
    bomber = _bomber(view)
    blocked = {t["hex"] for t in view["tokens"] if not t["destroyed"] and t["id"] != bomber["id"]}
    steps = _steps_from(view, set(view["board"]["london"]), blocked)
    moves = [a for a in legal if a["type"] == "move_bomber"]
    return min(moves, key=lambda a: steps.get(a["path"][-1] if a["path"] else bomber["hex"], 10**6))


def aggressive_raf_policy(view: dict, legal: list[dict], side: str) -> dict:
    if side != "raf":
        return bomber_rush_policy(view, legal, side)
    if view["phase"] != "B":
        return pass_policy(view, legal, side) if view["phase"] != "A" else legal[0]  # A: repair everyone
    attacks = [a for a in legal if a["type"] == "move" and a.get("target") == "bomber"]
    if attacks:
        return max(attacks, key=lambda a: a["shots"])
    moves = [a for a in legal if a["type"] == "move" and "target" not in a]
    if not moves:
        return _first(legal, "end_moves")
    bomber = _bomber(view)
    blocked = {t["hex"] for t in view["tokens"] if not t["destroyed"] and t["id"] != bomber["id"]}
    steps = _steps_from(view, {bomber["hex"]}, blocked - {bomber["hex"]})
    here = {t["id"]: t["hex"] for t in view["tokens"]}
    return min(moves, key=lambda a: steps.get(a["path"][-1] if a["path"] else here[a["fighter"]], 10**6))
