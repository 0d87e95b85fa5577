"""``initial_state``: tokens on their start hexes, round marker at 1 (docs/rules/303.md "Forces and board")."""
from __future__ import annotations

from systems.kit.emitter import Emitter
from .board import Board, default_board
from .events import apply
from .parameters import parameters_from_setup
from .rules import BOMBER, BOMBER_ID, FIGHTER, INTACT, LUFTWAFFE, RAF, REPAIR
from .sequence import advance

# 303/2: the state names the default board by None instead of carrying a copy of it.
RULESET_VERSION = "303/2"


def _token(token_id: str, side: str, kind: str, hex_id: int) -> dict:
    return {"id": token_id, "side": side, "kind": kind, "hex": int(hex_id), "status": INTACT}


def initial_state(setup: dict | None, rng=None) -> dict:
    """The state before the first command; no dice are drawn."""
    setup = dict(setup or {})
    params = parameters_from_setup(setup)
    own_board = setup.get("board")
    board = Board(own_board) if own_board else default_board()
    board.validate()
    start = board.data["start"]
    tokens = {BOMBER_ID: _token(BOMBER_ID, LUFTWAFFE, BOMBER, start[LUFTWAFFE]["bomber"])}
    for i, hex_id in enumerate(start[LUFTWAFFE]["fighters"], 1):
        tokens[f"lw{i}"] = _token(f"lw{i}", LUFTWAFFE, FIGHTER, hex_id)
    raf_fighters = start[RAF]["fighters"]
    for i, hex_id in enumerate(raf_fighters, 1):
        tokens[f"raf{i}"] = _token(f"raf{i}", RAF, FIGHTER, hex_id)
    first_reserve = len(raf_fighters) + 1
    state = {
        "system": "303",
        "ruleset_version": RULESET_VERSION,
        "parameters": params,
        "board": own_board or None,
        "round": 1,
        "side": LUFTWAFFE,
        "phase": REPAIR,
        "tokens": tokens,
        "reserve": [f"raf{i}" for i in range(first_reserve, first_reserve + int(start[RAF].get("reserve", 0)))],
        "moved": [],
        "declared": [],
        "bomber_hits": 0,
        "last_dice": [],
        "outcome": None,
    }
    em = Emitter(state, apply)
    advance(em, board)  # skips phase A when nothing can be repaired; the result is deterministic
    return em.state
