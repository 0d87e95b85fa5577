"""The German look-ahead over sampled British plans (determinisation, belief.py).

Each candidate fighter move is valued on every sample: the cheap model counts the samples in
which the Bomber enters the fighter's hex next (§5.1: the fight happens when the Bomber enters a
hex with airborne fighters) and those in which the fighter can still reach the Bomber's path,
less the fuel it needs to land (§4.3.7, §5.6) and the Mosquito fights it offers the British
(§5.4).  The strongest level then plays the best few candidates with the engine's
``decide``/``evolve`` on states rebuilt from the view and each sample, and scores the fight with
the engine's own scoring.
"""
from __future__ import annotations

from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from systems.duel.rules.board import Board
from systems.duel.rules.ground_units import RADAR, SEARCHLIGHT
from systems.duel.rules.scoring import fighter_combat
from .belief import reconstruct

FUTURE_DISCOUNT = 0.8


def unit_counts(view: dict, face: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for u in view["ground_units"]:
        if u["face"] == face and not u["destroyed"] and u["hex"] is not None:
            out[u["hex"]] = out.get(u["hex"], 0) + 1
    return out


def nearest_airfield(board: Board, hex_id: int) -> int:
    return min(board.dist(hex_id, a) for a in board.german_airfields)


class Model:
    """The samples' future Bomber hexes and what the German view shows of the hexes."""

    def __init__(self, view: dict, board: Board, futures: list[list[int]]):
        self.view, self.board, self.futures = view, board, [f for f in futures if f]
        self.radar, self.lights = unit_counts(view, RADAR), unit_counts(view, SEARCHLIGHT)
        altitude = view["bomber"]["altitude"]
        self.p_high = 1.0 if altitude == "HIGH" else 0.0 if altitude == "LOW" else 0.5
        self.mosquito = view["mosquito"]["hex"] if view["mosquito"]["state"] == "airborne" else None

    def fight_value(self, hex_id: int, altitude: str) -> float:
        value = 2 + self.radar.get(hex_id, 0) + self.lights.get(hex_id, 0)
        return value - (self.p_high if altitude == "LOW" else 0)

    def airfield_cost(self, hex_id: int) -> int:
        """§5.5: the British VP a take-off or landing at ``hex_id`` gives (fog, storm, bombs)."""
        weather = self.view["weather"] or {}
        return (hex_id in weather.get("fog", ())) + (hex_id in weather.get("storms", ())) \
            + int(self.view["airfield_bombs"].get(str(hex_id), 0))

    def value(self, move: dict, fighter: dict) -> float:
        """A fighter's prospects after ``move`` (a template move: command, hexes, fuel_after)."""
        command = move["command"]
        hex_id = move["hexes"][-1] if move["hexes"] else fighter["hex"]
        cost = self.airfield_cost(fighter["hex"]) if fighter["state"] == "ground" else 0
        if command.get("land"):
            cost += self.airfield_cost(hex_id)
            if not self.futures:
                return 1.0 - cost
            return 0.3 * self._reach(hex_id, ground=True) - cost
        if not self.futures:
            return -0.1 * nearest_airfield(self.board, hex_id) - cost
        altitude = command.get("altitude", "HIGH")
        now = sum(1 for f in self.futures if f and f[0] == hex_id) / len(self.futures)
        value = now * self.fight_value(hex_id, altitude) + 1.5 * self._reach(hex_id) - cost
        # §4.3.7, §5.6: out of fuel away from an airfield costs 2 VP (4 over Britain) and the
        # fighter; a step against the wind may cost 2 lines, and a hover 1 more
        need = 2 * nearest_airfield(self.board, hex_id) + 1
        if move["fuel_after"] < need:
            value -= 4.0 + 2.0 * (hex_id in self.board.brit_hexes)
        if move.get("engages_mosquito"):
            value -= 1.5
        return value

    def _reach(self, hex_id: int, ground: bool = False) -> float:
        if not self.futures:
            return 0.0
        total = 0.0
        for future in self.futures:
            best = 0.0
            for k, h in enumerate(future[1:], start=1):
                if self.board.dist(hex_id, h) <= k - ground:
                    best = FUTURE_DISCOUNT ** k
                    break
            total += best
        return total / len(self.futures)


def engine_value(side: str, command: dict, states: list[dict], futures: list[list[int]]) -> float:
    """The mean German gain of ``command`` over the samples, played on the engine: the VP its
    own events score (take-off penalties, Mosquito fights) plus the fight the Bomber's next move
    would meet, scored by §5.1 as the engine scores it.  ``states``: one rebuilt per sample
    (:func:`sample_states`); neither ``decide`` nor ``evolve`` changes them."""
    total = 0.0
    for state, future in zip(states, futures):
        before = state["score"]
        result = SYSTEM.decide(state, command, side, SeededDice("bot-lookahead", "duel", 1))
        if isinstance(result, RuleViolation):
            return float("-inf")
        for event in result:
            state = SYSTEM.evolve(state, event)
        gain = before - state["score"]
        if future:
            fight = fighter_combat(state, future[0])
            if fight is not None and command.get("fighter") and \
                    state["fighters"][command["fighter"]]["hex"] == future[0]:
                gain += fight[0]
        total += gain
    return total / max(1, len(states))


def sample_states(view: dict, plans: list[dict]) -> list[dict]:
    return [reconstruct(view, plan) for plan in plans]


def rollout(state: dict, side: str, command: dict, make_bot, seed: str, max_commands: int = 600) -> int | None:
    """The score (British positive, §0.1) at the end of the night after ``side`` plays
    ``command`` on a rebuilt ``state`` and bots built by ``make_bot(side)`` play on, each from
    its own view of the rebuilt game; None if the engine refuses ``command``."""
    result = SYSTEM.decide(state, command, side, SeededDice(seed, "bot-rollout", 1))
    if isinstance(result, RuleViolation):
        return None
    for event in result:
        state = SYSTEM.evolve(state, event)
    night, bots = state["night"], {}
    for seq in range(2, max_commands):
        if SYSTEM.outcome(state) is not None or state["night"] != night:
            break
        mover = SYSTEM.to_move(state)[0]
        bot = bots.setdefault(mover, make_bot(mover))
        chosen = bot.choose(SYSTEM.view(state, mover), SYSTEM.legal_actions(state, mover))
        result = SYSTEM.decide(state, chosen, mover, SeededDice(seed, "bot-rollout", seq))
        if isinstance(result, RuleViolation):
            return None
        for event in result:
            state = SYSTEM.evolve(state, event)
    return state["score"]
