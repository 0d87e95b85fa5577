"""Solo mission: the automatic British side (spec §8; A-57–A-68, RULING C-31).

The German is the only player.  The Bomber draws from the outbound deck (NE, E, SE) until it
has attacked, then from the return deck (NW, W, SW); without card inventory data each draw is
a uniform seeded draw among the deck's three directions (A-57).  Cards that turn two notches or
more (unless the first card or the first after the target, or ``solo_ignore_turn_limit``), leave
the board or enter a barred hex are set aside and redrawn (A-58).  The Mosquito is placed East
of the Bomber outbound, West on the way home (C-31), and bombs German airfields it is placed on.
"""
from __future__ import annotations

from systems.kit.hexgrid import steps_between
from .board import Board
from .bomber import land, move_and_resolve, take_off
from .emitter import Emitter
from .ground_units import INDESTRUCTIBLE, SMOKE, count
from .mosquito import execute_drop
from .scoring import fighter_combat, flak_combat
from .state import HIGH, M_LANDED

OUTBOUND = ("NE", "E", "SE")
RETURN = ("NW", "W", "SW")


def deploy(em: Emitter, board: Board) -> None:
    """§8.1 item 3: start hexes and the target ordinal come from the weather card."""
    solo = em.state["weather"]["solo"]
    em.emit("SoloSetup", {"bomber": solo["bomber"], "mosquito": solo["mosquito"], "target_ordinal": solo["target"]})


def british_turn(em: Emitter, board: Board, actor: str, rng) -> None:
    if actor == "bomber":
        bomber_turn(em, board, rng)
    else:
        mosquito_turn(em, board)


def _legal(state: dict, board: Board, direction: str, free: bool) -> bool:
    b = state["bomber"]
    nxt = board.step(b["hex"], direction)
    if nxt is None or nxt in board.solo_barred:
        return False
    return free or state["setup"]["solo_ignore_turn_limit"] or steps_between(b["heading"], direction) <= 1


def bomber_turn(em: Emitter, board: Board, rng) -> None:
    s = em.state
    b, solo = s["bomber"], s["solo"]
    free = not b["taken_off"] or solo.get("homebound_at") == b["moves_done"]
    homebound = solo["homebound"]
    deck = RETURN if homebound else OUTBOUND
    legal = [d for d in deck if _legal(s, board, d, free)]
    if not legal and not homebound:
        em.emit("SoloHomebound", {"move_no": b["moves_done"], "reason": "no legal outbound card (A-61)"})
        s = em.state
        homebound, deck, free = True, RETURN, True
        legal = [d for d in deck if _legal(s, board, d, free)]
    if not legal and homebound:
        legal = [d for d in deck if _legal(s, board, d, True)]  # the one-notch limit is waived
        if not legal:
            land(em, b["hex"])
            _mosquito_lands(em)
            return
    name = "return" if homebound else "outbound"
    while True:
        direction = deck[rng.randbelow(len(deck))]
        accepted = direction in legal
        em.emit("SoloCardDrawn", {"deck": name, "dir": direction, "accepted": accepted})
        if accepted:
            break
    s = em.state
    em.emit("CompassCardRevealed", {"move_no": s["bomber"]["moves_done"] + 1, "dir": direction,
                                    "colour": "green" if homebound else "red"})
    if not s["bomber"]["taken_off"]:
        take_off(em, HIGH)
    to = board.step(em.state["bomber"]["hex"], direction)
    target = None
    if not homebound and board.is_city(to) and to not in em.state["solo"]["cities_overflown"]:
        em.emit("SoloCityOverflown", {"hex": to, "count": len(em.state["solo"]["cities_overflown"]) + 1})
        if len(em.state["solo"]["cities_overflown"]) == em.state["solo"]["target_ordinal"]:
            target = to
    lands = homebound and to in board.british_airfields
    unused = em.state["mosquito"]["tokens_left"] if target is not None else 0
    move_and_resolve(em, board, direction, target, lands, extra_markers=unused)
    if target is not None:
        if unused:
            em.emit("TokensDropped", {"hex": to, "bombs": [], "markers": unused, "tokens_left": 0,
                                      "rule": "§8.4: unused tokens count as target markers"})
        em.emit("SoloHomebound", {"move_no": em.state["bomber"]["moves_done"], "reason": "target attacked"})
    if lands:
        _mosquito_lands(em)


def _mosquito_lands(em: Emitter) -> None:
    """A-66: the solo Mosquito leaves play when the Bomber lands."""
    m = em.state["mosquito"]
    if m["state"] != M_LANDED:
        em.emit("MosquitoLanded", {"hex": m["hex"], "rule": "A-66"})


def mosquito_turn(em: Emitter, board: Board) -> None:
    s = em.state
    b, m = s["bomber"], s["mosquito"]
    homebound = s["solo"]["homebound"]
    dest = board.solo_mosquito_fallback.get(b["hex"])
    if dest is None:
        dest = board.step(b["hex"], "W" if homebound else "E")
    if dest is None:
        dest = m["hex"]
    em.emit("SoloMosquitoPlaced", {"from": m["hex"], "to": dest, "side_of_bomber": "W" if homebound else "E"})
    if homebound or em.state["mosquito"]["tokens_left"] == 0:
        return
    bombs = heuristic_bombs(em.state, dest) if em.state["setup"]["solo_mosquito_heuristic"] else []
    left = em.state["mosquito"]["tokens_left"] - sum(b_["count"] for b_ in bombs)
    need = 1 + count(em.state, dest, SMOKE)
    if board.has_german_airfield(dest) and left >= need:
        bombs.append({"target": "airfield", "count": need})
    if bombs:
        execute_drop(em, {"hex": dest, "bombs": bombs, "markers": 0, "total_bombs": sum(x["count"] for x in bombs)})


def german_vp_if_bomber_entered(state: dict, hex_id: int, destroyed: set[str]) -> int:
    """A-68: German VP of §5.1–5.2 if the Bomber (HIGH) entered ``hex_id`` now."""
    hyp = dict(state)
    hyp["bomber"] = dict(state["bomber"], altitude=HIGH)
    hyp["tiles"] = {tid: (dict(t, destroyed=True) if tid in destroyed else t) for tid, t in state["tiles"].items()}
    return sum(r[0] for r in (fighter_combat(hyp, hex_id), flak_combat(hyp, hex_id)) if r)


def heuristic_bombs(state: dict, hex_id: int) -> list[dict]:
    """§8.6 H1: bomb the unit that saves the most VP while VP saved per bomb exceeds 1."""
    need = 1 + count(state, hex_id, SMOKE)
    tokens, destroyed, bombs = state["mosquito"]["tokens_left"], set(), []
    while tokens >= need:
        base = german_vp_if_bomber_entered(state, hex_id, destroyed)
        best, best_saved = None, 0
        for tid, t in sorted(state["tiles"].items()):
            if t["hex"] != hex_id or t["destroyed"] or tid in destroyed or t["face"] in INDESTRUCTIBLE:
                continue
            saved = base - german_vp_if_bomber_entered(state, hex_id, destroyed | {tid})
            if saved > best_saved:
                best, best_saved = tid, saved
        if best is None or best_saved <= need:  # ratio VP saved : bombs must be better than 1 : 1
            break
        destroyed.add(best)
        bombs.append({"target": best, "count": need})
        tokens -= need
    return bombs
