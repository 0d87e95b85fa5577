"""The British practice opponent (spec §3.4 planning, §4.2 Mosquito, §4.4 Bomber, §5 scoring).

It sees its own plan, so it plans on the truth: the route's value (city VP, the weather at the
target, fighters near the path), the Bomber's altitude from the flak and fighters on the route
it will fly, the Mosquito's raid on the units ahead of the Bomber (bombs need LOW, §4.2.1) and
its markers on the target (§5.3), then home.  ``noise`` is the share of random legal moves.
"""
from __future__ import annotations

import random

from systems.duel.rules.ground_units import FLAK, RADAR, RAILWAY_FLAK, SEARCHLIGHT
from systems.duel.rules.weather import cloud, fog, storm
from .belief import board_for, reconstruct, route_hexes
from .common import complete, decision_rng, strip
from .search import rollout

UNIT_VALUE = {FLAK: 3.0, RAILWAY_FLAK: 3.0, SEARCHLIGHT: 1.5, RADAR: 1.0}


class BritishBot:
    def __init__(self, side: str, level: int, seed: str, noise: float, rollouts: int = 0, opponent=None):
        self.side, self.level, self.seed = side, level, seed
        self.noise, self.rollouts, self.opponent = noise, rollouts, opponent

    def choose(self, view: dict, legal: list[dict]) -> dict:
        rng = decision_rng(self.seed, self.side, self.level, view, legal)
        options = complete(legal)
        if rng.random() < self.noise or not options:
            return rng.choice(options) if options else strip(legal[0].get("example") or legal[0])
        kinds = {a["type"] for a in options}
        board = board_for(view)
        if "CommitRoute" in kinds:
            return self._route(view, board, [a for a in options if a["type"] == "CommitRoute"], rng)
        if "AdvanceBomber" in kinds:
            return self._bomber(view, board, options)
        if "MoveMosquito" in kinds or "WaitMosquito" in kinds:
            return self._mosquito(view, board, options, rng)
        if "EndMosquitoTurn" in kinds:
            return self._drop(view, board, options, legal)
        if "DeclareWindow" in kinds:
            return self._window(view, board, options)
        if "DrawTargetCrest" in kinds:
            return {"type": "DrawTargetCrest"}
        return options[0]

    # phase 3 — the plan
    def _route(self, view: dict, board, plans: list[dict], rng: random.Random) -> dict:
        """The plan of best value; with ``rollouts``, the best few are flown to the end of the
        night on the engine against the German bot ``opponent`` on states rebuilt from the view
        (the German units are not placed yet: the opponent places them in each rollout)."""
        state = reconstruct(view, None)
        fighters = [f["hex"] for f in view["fighters"].values() if f["hex"] is not None]

        def value(plan: dict) -> float:
            target = plan["target"]
            hexes = route_hexes(board, plan["takeoff_bomber"], plan["route"])
            v = float(board.cities[target]["vp"]) - 0.4 * len(hexes)
            if state["weather"]:  # drawn before the plan in phase 2 (§3.3)
                v -= 3 * fog(state, target) + 5 * cloud(state, target) + 7 * storm(state, target)
                v -= sum(2 * storm(state, h) for h in hexes)
            v -= 0.6 * sum(1 for h in hexes for f in fighters if board.dist(h, f) <= 2)
            return v
        ranked = sorted(plans, key=lambda p: (-value(p), p["target"]))
        if not self.rollouts:
            return ranked[0]
        best, best_score = ranked[0], None
        for plan in ranked[:self.rollouts]:
            seed = f"{rng.random()}"
            score = rollout(reconstruct(view, None), self.side, plan, self._rollout_bot(seed), seed)
            if score is not None and (best_score is None or score > best_score):
                best, best_score = plan, score
        return best

    def _rollout_bot(self, seed: str):
        def make(side: str):
            if side == "british":
                return BritishBot(side, self.level, seed, 0.0)
            return self.opponent(side, seed)
        return make

    # phase 6 — the Bomber
    def _threat(self, view: dict, board, hexes: list[int]) -> tuple[int, int]:
        """(flak guns, searchlights) left on ``hexes`` (the rest of the route)."""
        flak = lights = 0
        for u in view["ground_units"]:
            if u["destroyed"] or u["hex"] not in hexes:
                continue
            n = hexes.count(u["hex"])
            flak += n * (u["face"] in (FLAK, RAILWAY_FLAK))
            lights += n * (u["face"] == SEARCHLIGHT)
        return flak, lights

    def _bomber(self, view: dict, board, options: list[dict]) -> dict:
        advances = [a for a in options if a["type"] == "AdvanceBomber"]
        plan = view["plan"]
        ahead = route_hexes(board, plan["takeoff_bomber"], plan["route"])[view["bomber"]["moves_done"]:]
        flak, _ = self._threat(view, board, ahead)
        low_fighters = sum(1 for f in view["fighters"].values() if f["state"] == "airborne" and f["altitude"] == "LOW")
        # §5.2: LOW adds 2 per flak shot; §5.3: +4 at the target; §5.1: HIGH over a LOW fighter −1
        prefer = "LOW" if 4 > 2 * flak + min(low_fighters, 2) else "HIGH"
        medal = [a for a in advances if a.get("sabotage") or a.get("evasion")]
        if medal:
            return medal[0]
        pick = [a for a in advances if a.get("altitude") in (None, prefer)]
        return (pick or advances)[0]

    # phase 6 — the Mosquito
    def _goal(self, view: dict, board) -> tuple[int, str] | None:
        """The hex the Mosquito should reach next and why ("bomb", "mark", "home")."""
        m, b, plan = view["mosquito"], view["bomber"], view["plan"]
        home = plan["landing_mosquito"]
        if m["must_return"] or m["tokens_left"] == 0 or b["landed"]:
            return home, "home"
        ahead = route_hexes(board, plan["takeoff_bomber"], plan["route"])[b["moves_done"]:]
        here = m["hex"] if m["hex"] is not None else plan["takeoff_mosquito"]
        best, best_value = None, 0.0
        for u in view["ground_units"]:
            if u["destroyed"] or u["face"] not in UNIT_VALUE or u["hex"] not in ahead:
                continue
            arrive = ahead.index(u["hex"]) + 1           # rounds until the Bomber enters
            turns = (board.dist(here, u["hex"]) + 1) // 2
            if turns > arrive:
                continue
            value = UNIT_VALUE[u["face"]] * (1 + (b["altitude"] == "LOW")) - 0.2 * turns
            if value > best_value:
                best, best_value = (u["hex"], "bomb"), value
        target = plan["target"]
        if best is None and not b["target_bombed"] and target in ahead:
            return target, "mark"
        return best or (home, "home")

    def _mosquito(self, view: dict, board, options: list[dict], rng: random.Random) -> dict:
        moves = [a for a in options if a["type"] == "MoveMosquito"]
        if not moves:
            return options[0]
        goal, why = self._goal(view, board)
        here = view["mosquito"]["hex"]
        if why == "home":
            landing = [a for a in moves if a.get("land") and a["to"] == goal]
            if landing and (view["bomber"]["landed"] or view["mosquito"]["must_return"] or here == goal
                            or view["mosquito"]["tokens_left"] == 0):
                return landing[0]
        flying = [a for a in moves if not a.get("land")] or moves

        def key(a: dict) -> tuple:
            d = board.dist(a["to"], goal)
            wanted = "LOW" if (why == "bomb" and d == 0) else "HIGH"
            return (d, a.get("altitude") != wanted, a["to"])
        return min(flying, key=key)

    def _drop(self, view: dict, board, options: list[dict], legal: list[dict]) -> dict:
        m, plan, b = view["mosquito"], view["plan"], view["bomber"]
        ahead = route_hexes(board, plan["takeoff_bomber"], plan["route"])[b["moves_done"]:]
        faces = {u["tile"]: u["face"] for u in view["ground_units"]}
        bombs = [a for a in options if a["type"] == "DropTokens" and a.get("bombs")
                 and a["bombs"][0]["target"] != "airfield"]
        useful = [a for a in bombs if faces.get(a["bombs"][0]["target"]) in UNIT_VALUE and m["hex"] in ahead]
        if useful:
            return max(useful, key=lambda a: UNIT_VALUE[faces[a["bombs"][0]["target"]]])
        markers = [a for a in options if a["type"] == "DropTokens" and a.get("markers") and not a.get("medals")]
        if markers and m["hex"] == plan["target"] and not b["target_bombed"]:
            return {"type": "DropTokens", "bombs": [], "markers": m["tokens_left"]}
        return {"type": "EndMosquitoTurn"}

    def _window(self, view: dict, board, options: list[dict]) -> dict:
        """§9.4: Window where the route meets the most flak and searchlights."""
        plan = view["plan"]
        hexes = route_hexes(board, plan["takeoff_bomber"], plan["route"])
        uses = [a for a in options if a.get("use")]
        if not uses:
            return options[0]
        return max(uses, key=lambda a: (sum(sum(self._threat(view, board, [hexes[p - 1]])) for p in a["positions"]),
                                        -a["positions"][0]))
