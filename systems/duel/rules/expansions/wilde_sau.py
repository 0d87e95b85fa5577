"""Wilde Sau (docs/rules/duel-in-the-dark.md §9.4; C-42, A-52, A-79).

If Window was announced the German places his tokens face down on German airfields
(``PlaceWildSau {hexes: [...]}``; no effect on fighter capacity).  In German turns
``MoveWildSau {token, to}`` moves a token 0–2 hexes (no wind, no fuel) and turns it face up; it
stays until the end of the next Bomber move, then leaves (intercepting or not).  Interception:
that Bomber move enters the token's hex, and the hex is the target city hex or holds ≥ 1 German
searchlight, and it holds no cloud and no storm (C-42) → German +2 per token, no other modifiers
(A-79).  Wilde Sau are not fighters (A-52), ignore the Mosquito, and an airfield holding one
cannot be bombed.  Side-wide German decision: the designated seat in the 3–5 player variant.
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..ground_units import SEARCHLIGHT, count
from ..scoring import per_unit, term
from ..weather import cloud, storm
from .window import allocation

WILDE_SAU_VP = 2
WILDE_SAU_RANGE = 2


def place(em, board, command: dict, rng) -> None:
    hexes = command.get("hexes")
    n = allocation(em.state)[1]
    if not isinstance(hexes, list) or not all(isinstance(h, int) and not isinstance(h, bool) for h in hexes):
        reject("malformed_command", "hexes must be a list of German airfield hexes")
    if len(hexes) != n:
        reject("wrong_unit_count", f"place exactly {n} Wilde Sau token(s)")
    for h in hexes:
        if not board.has_german_airfield(h):
            reject("not_german_airfield", f"hex {h} has no German airfield")
    em.emit("WildSauPlaced", {"tokens": {f"ws{i + 1}": h for i, h in enumerate(hexes)}})


def move(em, board, command: dict, rng) -> None:
    s = em.state
    token, to = command.get("token"), command.get("to")
    ws = s["wild_sau"].get(token) if isinstance(token, str) else None
    if ws is None:
        reject("malformed_command", f"no Wilde Sau token {token!r}")
    if ws["moved"]:
        reject("wild_sau_already_used", f"{token} has already flown")
    if not isinstance(to, int) or isinstance(to, bool) or to not in board.grid:
        reject("hex_not_on_board", f"hex {to!r} is not on the board")
    if board.dist(ws["hex"], to) > WILDE_SAU_RANGE:
        reject("wild_sau_too_far", f"hex {to} is more than {WILDE_SAU_RANGE} hexes away")
    em.emit("WildSauMoved", {"token": token, "from": ws["hex"], "to": to})


def interception(em, hex_id: int) -> None:
    """§9.4 / C-42: moved tokens in the hex the Bomber enters."""
    s = em.state
    tokens = sorted(t for t, ws in s["wild_sau"].items() if ws["moved"] and ws["hex"] == hex_id)
    if not tokens:
        return
    ok = (hex_id == s["plan"]["target"] or count(s, hex_id, SEARCHLIGHT) >= 1) \
        and not cloud(s, hex_id) and not storm(s, hex_id)
    em.emit("WildSauInterception", {"hex": hex_id, "tokens": tokens, "intercepts": ok})
    if ok:
        em.score("german", WILDE_SAU_VP * len(tokens),
                 [term("9.4:wilde_sau", WILDE_SAU_VP, per_unit("wilde_sau", t)) for t in tokens], "Wilde Sau")


def remove_flown(em) -> None:
    """§4.4 step 9: tokens moved in the preceding German turn leave after this Bomber move."""
    flown = sorted(t for t, ws in em.state["wild_sau"].items() if ws["moved"])
    if flown:
        em.emit("WildSauRemoved", {"tokens": flown})


def blocks_airfield(state: dict, hex_id: int) -> bool:
    return any(not ws["moved"] and ws["hex"] == hex_id for ws in state["wild_sau"].values())


def suggestions(state: dict, board) -> list[dict]:
    out = []
    for token, ws in sorted(state["wild_sau"].items()):
        if not ws["moved"]:
            out += [{"type": "MoveWildSau", "token": token, "to": h} for h in board.within(ws["hex"], WILDE_SAU_RANGE)]
    return out


def placement_suggestions(state: dict, board) -> list[dict]:
    n = allocation(state)[1]
    fields = board.german_airfields
    return [{"type": "PlaceWildSau", "hexes": fields[:n]}, {"type": "PlaceWildSau", "hexes": fields[-n:]}]


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _wild_sau_placed(s, p):
    s["wild_sau"] = {t: {"hex": h, "moved": False} for t, h in p["tokens"].items()}


def _wild_sau_moved(s, p):
    s["wild_sau"][p["token"]].update(hex=p["to"], moved=True)


def _wild_sau_removed(s, p):
    for token in p["tokens"]:
        s["wild_sau"].pop(token, None)


EVOLVE = {
    "WildSauPlaced": _wild_sau_placed,
    "WildSauMoved": _wild_sau_moved,
    "WildSauRemoved": _wild_sau_removed,
}
