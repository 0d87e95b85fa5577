"""The Bomber Phase: flight, exits, entries (docs/rules/nightfighter-solo.md §3.2 step 1, §3.3, H2, S7.0)."""
from __future__ import annotations

from .aircraft import speed_on_turn
from .entry import run_entries
from .geometry import bounds_of, cell_of, hex_id, step
from .phantoms import check_escape
from .uncertainty import occupied_hexes


def fly_tokens(journal) -> None:
    state = journal.state
    bounds = bounds_of(state)
    on_map = [t for t, tok in state["tokens"].items() if tok["state"] == "on_map"]
    order = sorted(on_map, key=lambda t: (-(state["tokens"][t]["hex"] % 100), state["tokens"][t]["hex"] // 100))
    touched = set()
    for token_id in order:  # H2: front first, so followers are not blocked by a leader about to move
        token = state["tokens"][token_id]
        bomber = state["bombers"][token["bomber"]]
        start = cell = cell_of(token["hex"])
        occupied = occupied_hexes(state, except_token=token_id)
        exited = False
        for _ in range(speed_on_turn(bomber["speed"], state["turn"])):
            nxt = step(cell, bomber["heading"])
            if not bounds.on_map(nxt):
                exited = True
                break
            if hex_id(nxt) in occupied:
                break
            cell = nxt
        if cell != start:
            journal.emit("token_moved", {"token": token_id, "from": hex_id(start), "to": hex_id(cell), "reason": "flight"})
        if exited:
            journal.emit("token_exited", {"token": token_id, "from": hex_id(cell)})
            touched.add(token["bomber"])
    for bomber_id in sorted(touched):
        check_escape(journal, bomber_id)


def run_bomber_phase(journal) -> None:
    fly_tokens(journal)
    run_entries(journal)
