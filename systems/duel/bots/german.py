"""The German practice opponent (spec §2.6 ground units, §3.2 fighters, §4.3 German turn, §5).

It never sees the British plan: it samples plans consistent with its view (belief.py) and
places fighters and ground units where the sampled routes run thickest (flak with searchlights
on the busiest hexes, §5.2; from level 3 every tile, either face, by defences.py so that no
city that may be the target is left bare), then each turn moves every fighter to the move that best meets the
sampled Bomber paths (search.py).  ``noise`` is the share of random legal moves, ``samples`` the
plans drawn, ``lookahead`` how many best candidates are replayed on the engine.
"""
from __future__ import annotations

import random

from systems.duel.rules.ground_units import FLAK, RADAR, SEARCHLIGHT
from .belief import board_for, future_hexes, sample_plans
from .defences import place
from .common import accepted, complete, decision_rng, strip, template_of
from .search import Model, engine_value, sample_states

UNIT_FACES = (FLAK, SEARCHLIGHT, RADAR)
SETUP_SAMPLES = 120
PLANNED_DEFENCES_FROM = 3  # levels below place units by the routes' traffic alone
DEFENCE_SAMPLES = 120
SETUP_NOISE_FROM = 0.4  # plans drawn to map the likely routes before any card is revealed


class GermanBot:
    def __init__(self, side: str, level: int, seed: str, noise: float, samples: int, lookahead: int):
        self.side, self.level, self.seed = side, level, seed
        self.noise, self.samples, self.lookahead = noise, samples, lookahead

    def choose(self, view: dict, legal: list[dict]) -> dict:
        rng = decision_rng(self.seed, self.side, self.level, view, legal)
        options = complete(legal)
        kinds = {a["type"] for a in legal}
        # a beginner's random picks reach the set-up too; the stronger levels err in flight only
        setup = bool(kinds & {"PlaceFighters", "PlaceGroundUnits"})
        if rng.random() < (self.noise if not setup or self.noise >= SETUP_NOISE_FROM else 0.0):
            random_pick = self._random(view, legal, options, rng)
            if random_pick is not None:
                return random_pick
        board = board_for(view)
        if "PlaceFighters" in kinds:
            return self._fighters(view, board, legal, options, rng)
        if "PlaceGroundUnits" in kinds:
            return self._units(view, board, legal, options, rng)
        if "EndGermanTurn" in kinds:
            return self._turn(view, board, legal, options, rng)
        if "FireGoldAce" in kinds:
            return next((a for a in options if a.get("fire")), options[0])
        return options[0] if options else strip(legal[0].get("example") or legal[0])

    def _random(self, view, legal, options, rng):
        """A beginner's move: a random legal one (the turn's moves from the fighters' template)."""
        moves = template_of(legal, "MoveFighter")
        if moves is not None:
            pool = [m["command"] for f in moves["choices"]["fighters"].values() for m in f["moves"]]
            pool += [a for a in options if a["type"] != "MoveFighter"]
            return rng.choice(pool) if pool else None
        return rng.choice(options) if options else None

    def _traffic(self, view: dict, board, rng: random.Random) -> dict[int, float]:
        """How often the sampled routes enter each hex (targets count double: entered surely)."""
        traffic: dict[int, float] = {}
        n = max(self.samples * 5, 10) if self.samples < SETUP_SAMPLES // 5 else SETUP_SAMPLES
        for plan in sample_plans(view, board, rng, n):
            for h in future_hexes(view, board, plan):
                traffic[h] = traffic.get(h, 0) + 1
            traffic[plan["target"]] = traffic.get(plan["target"], 0) + 1
        return traffic

    # phase 1 — fighters on airfields
    def _fighters(self, view, board, legal, options, rng) -> dict:
        template = template_of(legal, "PlaceFighters")
        fallback = [a for a in options if a["type"] == "PlaceFighters"]
        if template is None:
            return fallback[0]
        choices = template["choices"]
        traffic = self._traffic(view, board, rng)
        score = {a: sum(t for h, t in traffic.items() if board.dist(a, h) <= 3) for a in choices["hexes"]}
        fields = sorted(choices["hexes"], key=lambda a: (-score[a], a))
        if len(fields) < len(choices["fighters"]):
            return fallback[0] if fallback else strip(template.get("example") or template)
        command = {"type": "PlaceFighters", "placements": dict(zip(choices["fighters"], fields))}
        if choices.get("mw50_fighters"):
            command["mw50_fighter"] = choices["mw50_fighters"][0]
        if accepted(view, self.side, command, None):
            return command
        return fallback[0] if fallback else strip(template["example"])

    # phase 4 — ground units where the routes run
    def _units(self, view, board, legal, options, rng) -> dict:
        base = next(a for a in options if a["type"] == "PlaceGroundUnits")
        template = template_of(legal, "PlaceGroundUnits")
        if template is None:
            return base
        choices = template["choices"]
        if self.level >= PLANNED_DEFENCES_FROM:
            plans = sample_plans(view, board, rng, DEFENCE_SAMPLES)
            placed = place(choices, [future_hexes(view, board, p) for p in plans], [p["target"] for p in plans])
            if placed is not None:
                command = {"type": "PlaceGroundUnits", "placements": placed}
                if accepted(view, self.side, command, None):
                    return command
        traffic = self._traffic(view, board, rng)
        # every city may be the target, entered for sure: each gets a share of the units (§5.2, §5.3)
        floor = 0.35 * max(traffic.values(), default=1)
        for city in board.cities:
            traffic[city] = max(traffic.get(city, 0), floor)
        fighters = {f["hex"] for f in view["fighters"].values() if f["hex"] is not None}
        near_fighters = {h: sum(1 for f in fighters if board.dist(h, f) <= 4) for h in traffic}
        flak: dict[int, int] = {}
        lights: dict[int, int] = {}
        stacked: dict[int, int] = {}
        placements = []
        order = {FLAK: 0, SEARCHLIGHT: 1, RADAR: 2}
        movable = sorted((p for p in base["placements"] if p["face"] in UNIT_FACES),
                         key=lambda p: (order[p["face"]], p["tile"]))
        fixed = [p for p in base["placements"] if p["face"] not in UNIT_FACES]
        for p in movable:
            allowed = choices["hexes_by_face"].get(p["face"], [])

            def gain(h: int) -> float:
                t = traffic.get(h, 0) * (0.8 ** stacked.get(h, 0))
                if p["face"] == FLAK:
                    return t * (1 + lights.get(h, 0) + 1)
                if p["face"] == SEARCHLIGHT:
                    return t * (flak.get(h, 0) + 0.5 * near_fighters.get(h, 0) + 0.3)
                return t * (0.5 * near_fighters.get(h, 0) + 0.1)
            h = max(allowed, key=lambda x: (gain(x), -x)) if allowed else p["hex"]
            stacked[h] = stacked.get(h, 0) + 1
            if p["face"] == FLAK:
                flak[h] = flak.get(h, 0) + 1
            elif p["face"] == SEARCHLIGHT:
                lights[h] = lights.get(h, 0) + 1
            placements.append({"tile": p["tile"], "face": p["face"], "hex": h})
        command = {"type": "PlaceGroundUnits", "placements": sorted(fixed + placements, key=lambda p: p["tile"])}
        return command if accepted(view, self.side, command, None) else base

    # phase 6 — the German turn
    def _turn(self, view, board, legal, options, rng) -> dict:
        extras = [a for a in options if a["type"] in ("UseMedal", "MoveWildSau", "MoveRailwayFlak", "PlaceAceMedal")]
        if extras:
            return self._extra(view, board, extras, rng)
        template = template_of(legal, "MoveFighter")
        fighters = template["choices"]["fighters"] if template else {}
        if not fighters:
            return {"type": "EndGermanTurn"}
        plans = sample_plans(view, board, rng, self.samples)
        futures = [future_hexes(view, board, p) for p in plans]
        model = Model(view, board, futures)
        states = sample_states(view, plans) if self.lookahead else []
        best, best_gain = None, 0.0
        for fid, f in sorted(fighters.items()):
            scored = sorted(((model.value(m, f), i, m) for i, m in enumerate(f["moves"])),
                            key=lambda x: (-x[0], x[1]))
            if not scored:
                continue
            if self.lookahead:
                top = scored[:self.lookahead]
                scored = sorted(((v + engine_value(self.side, m["command"], states, futures), i, m)
                                 for v, i, m in top), key=lambda x: (-x[0], x[1]))
            stay = 0.3 * model._reach(f["hex"], ground=True) if f["state"] == "ground" else None
            value, _, move = scored[0]
            gain = value - stay if stay is not None else 100 + value  # airborne fighters always act
            if best is None or gain > best_gain:
                best, best_gain = move["command"], gain
        return dict(best) if best is not None and best_gain > 0 else {"type": "EndGermanTurn"}

    def _extra(self, view, board, extras, rng) -> dict:
        """Medals, Wilde Sau, railway flak and aces: spent where the fighters are or the Bomber heads."""
        plans = sample_plans(view, board, rng, max(self.samples, 4))
        traffic: dict[int, int] = {}
        for p in plans:
            for h in future_hexes(view, board, p)[:4]:
                traffic[h] = traffic.get(h, 0) + 1

        def where(a: dict) -> int:
            return a.get("to") or a.get("hex") or 0
        return max(extras, key=lambda a: (traffic.get(where(a), 0), -extras.index(a)))
