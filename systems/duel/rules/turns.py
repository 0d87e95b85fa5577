"""Phase 6 round skeleton, end of night and end of game (spec §1.3, §1.4, §4.1, §4.7).

Round order Mosquito → German → Bomber; a landed British aircraft's turns are skipped (A-03);
the German turn is never skipped.  The solo mission starts with the German turn (§8.2) and its
British turns run automatically inside the same ``decide`` call.  Commands end a turn with
``TurnEnded``; :mod:`.sequence` then calls :func:`advance` — the phases never call back here.
"""
from __future__ import annotations

from .board import Board
from .emitter import Emitter
from .planning import commitment, window_commitment
from .scoring import airfield_penalty, emergency_landing
from .ground_units import airfield_capacity
from .state import M_AIRBORNE, M_LANDED, airborne_fighters, grounded_fighters, is_solo
from . import solo
from .advanced import medals, weather_change
from .expansions.multiplayer import is_multiplayer, multiplayer_result

ORDER = ("mosquito", "german", "bomber")


def start_duel(em: Emitter, board: Board, rng) -> None:
    em.emit("PhaseStarted", {"phase": 6, "step": "duel"})
    advance(em, board, None, rng)


def night_over(state: dict) -> bool:
    """§1.4: Bomber landed, Mosquito down (or never up, A-04), no fighter airborne."""
    return (state["bomber"]["landed"] and state["mosquito"]["state"] != M_AIRBORNE
            and not airborne_fighters(state))


def _skipped(state: dict, actor: str) -> bool:
    if actor == "mosquito":
        return state["mosquito"]["state"] == M_LANDED or (is_solo(state) and state["round"] == 1)
    if actor == "bomber":
        return state["bomber"]["landed"]
    return False


def advance(em: Emitter, board: Board, finished: str | None, rng) -> None:
    """Move on from the turn ``finished`` (None = start of the duel) to the next awaited turn."""
    while True:
        s = em.state
        if finished is not None and night_over(s):
            end_night(em, board)
            return
        if finished is None or finished == "bomber":
            nxt = "mosquito"
            if s["round"] + 1 > s["setup"]["max_rounds_per_night"]:
                force_end_night(em, board)
                return
            em.emit("RoundStarted", {"round": s["round"] + 1})
        else:
            nxt = ORDER[ORDER.index(finished) + 1]
        finished = nxt
        if _skipped(em.state, nxt):
            continue
        em.emit("TurnStarted", {"actor": nxt, "round": em.state["round"]})
        change = weather_change.due(em.state) if nxt == "bomber" else None
        if change is not None:
            weather_change.resolve(em, board, change, rng)
        if is_solo(em.state) and nxt != "german":
            solo.british_turn(em, board, nxt, rng)
            em.emit("TurnEnded", {"actor": nxt})
            continue
        return


def finish_german_turn(em: Emitter) -> None:
    """§4.3.11 (4)–(5): unattended German medals leave, anti-stall; the Bomber turn follows."""
    medals.remove_unattended(em)
    s = em.state
    if (s["setup"]["mosquito_anti_stall"] and s["bomber"]["landed"] and not airborne_fighters(s)
            and s["mosquito"]["state"] == M_AIRBORNE and not s["mosquito"]["must_return"]):
        em.emit("MosquitoMustReturn", {"rule": "A-05"})
    em.emit("TurnEnded", {"actor": "german"})


def land_in_place(em: Emitter, board: Board, fid: str, reason: str) -> None:
    """A forced landing where the fighter is (§4.3.7): normal if the airfield has room, else emergency."""
    s = em.state
    f = s["fighters"][fid]
    hex_id = f["hex"]
    if board.has_german_airfield(hex_id) and len(grounded_fighters(s, hex_id)) < airfield_capacity(s, hex_id):
        amount, reasons = airfield_penalty(s, hex_id, fid, "landing")
        em.emit("FighterLanded", {"fighter": fid, "hex": hex_id, "fuel_after": f["fuel_max"], "forced": reason})
        if amount:
            em.score("british", amount, reasons, "fighter landing")
        return
    amount, reasons, out_for = emergency_landing(board, hex_id, fid)
    em.emit("EmergencyLanding", {"fighter": fid, "hex": hex_id, "out_for": out_for, "reason": reason})
    em.score("british", amount, reasons, "emergency landing")


def force_end_night(em: Emitter, board: Board) -> None:
    """§4.7 ``max_rounds_per_night``: airborne fighters land in place, the Mosquito comes down."""
    for fid in airborne_fighters(em.state):
        land_in_place(em, board, fid, "max_rounds_per_night")
    m = em.state["mosquito"]
    if m["state"] == M_AIRBORNE:
        em.emit("MosquitoLanded", {"hex": m["hex"], "forced": "max_rounds_per_night"})
    end_night(em, board)


def end_night(em: Emitter, board: Board) -> None:
    """§10.2: NightEnded, the plan revealed and its commitment checked; next night or game end."""
    s = em.state
    em.emit("NightEnded", {"night": s["night"], "score": s["score"], "margin": s["score"] - s["night_start_score"]})
    if s["plan"] is not None:
        revealed = {"night": s["night"], "plan": s["plan"], "nonce": s["nonce"]}
        if s["plan_history"]:  # §7.3/§7.4: every superseded plan with its nonce
            revealed["superseded"] = [{"plan": h["plan"], "nonce": h["nonce"]} for h in s["plan_history"]]
        if s["window"]["hash"]:  # §9.4: the Window positions
            revealed["window"] = {"positions": s["window"]["positions"], "nonce": s["window"]["nonce"]}
        if s["crest_draws"]:  # §9.2 optional rule: the drawn crests (seeded draws, checkable with the seed)
            revealed["crest_draws"] = list(s["crest_draws"])
        em.emit("PlanRevealed", revealed)
        if s["window"]["hash"]:
            em.emit("CommitmentVerified", {"night": s["night"], "hash": s["window"]["hash"], "ok": window_commitment(
                s["window"]["positions"], s["window"]["nonce"]) == s["window"]["hash"]})
        for h in s["plan_history"] + [{"plan": s["plan"], "nonce": s["nonce"], "hash": s["commitment"]}]:
            em.emit("CommitmentVerified", {"night": s["night"], "hash": h["hash"],
                                            "ok": commitment(h["plan"], h["nonce"]) == h["hash"]})
    if s["night"] < s["nights_total"]:
        em.emit("NightStarted", {"night": s["night"] + 1})
        return
    em.emit("GameEnded", game_result(em.state))


def game_result(state: dict) -> dict:
    """Winner by the signed track (A-02 tie = draw); swap mode compares each seat's margins (A-11)."""
    margins = list(state["night_margins"])
    if state["setup"]["mode"] == "swap":
        seat = margins[0] - (margins[1] if len(margins) > 1 else 0)
        winner = "british" if seat > 0 else "german" if seat < 0 else None
        return {"winner": winner, "score": state["score"], "night_margins": margins,
                "reason": "swap: the seat that played British in night 1 totals "
                          f"{seat:+d} (night-1 side names the winning seat)",
                "seat_totals": {"british_in_night_1": seat, "german_in_night_1": -seat}}
    if is_multiplayer(state):
        return multiplayer_result(state)
    score = state["score"]
    winner = "british" if score > 0 else "german" if score < 0 else None
    return {"winner": winner, "score": score, "night_margins": margins, "reason": "victory points"}

