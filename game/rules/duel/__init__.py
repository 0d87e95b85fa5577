"""Duel in the Dark — base game rules engine (spec: duel-in-the-dark.md).

``SYSTEM`` implements the rules-engine contract (game/rules/contract.py).  One module per
concern: ``options`` (setup, §12 parameters), ``board``, ``state``, ``setup_phases`` (phases
1–5), ``planning`` (route rules and commitment), ``ground_units``, ``weather``, ``wind``,
``mosquito``, ``fighters``, ``bomber``, ``scoring`` (§5), ``turns`` (round order, end of
night/game), ``solo`` (§8), ``visibility`` (views), ``actions`` (legal_actions), ``evolve``.

Commands (``{"type": ..., ...}``) and the step in which each is accepted:

=====================  ==========  ====================================================
type                   side        fields
=====================  ==========  ====================================================
PlaceFighters          german      placements: {fighter id: German airfield hex}
DrawWeather            british     —
CommitRoute            british     takeoff_bomber, takeoff_mosquito, target, landing_bomber,
                                   landing_mosquito (hexes), route: [{dir, colour}]
PlaceGroundUnits       german      placements: [{tile, face, hex}] (all 40 tiles)
DeployBritish          british     —
MoveMosquito           british     to, altitude (LOW|HIGH; needed on take-off), land: bool
WaitMosquito           british     — (before the first take-off)
DropTokens             british     bombs: [{target: "airfield"|tile id, count}], markers: int
EndMosquitoTurn        british     —
MoveFighter            german      fighter, path: [dir] (0–2), altitude, land: bool
LandFighter            german      fighter
EndGermanTurn          german      —
AdvanceBomber          british     altitude (first move only)
=====================  ==========  ====================================================

In the solo mission (``mode: "solo"``) only the German acts; the British turns run inside
``decide`` (events ``SoloSetup``, ``SoloCardDrawn``, ``SoloCityOverflown``, ``SoloHomebound``,
``SoloMosquitoPlaced``).  Every event is public except ``PlanCommitted`` (visibility
"british").  Events: NightStarted, PhaseStarted, FightersPlaced, WeatherDrawn, PlanCommitted,
RouteCommitted {night, hash}, GroundUnitsPlaced, BritishDeployed, RoundStarted, TurnStarted,
TurnEnded, MosquitoMoved, MosquitoWaited, MosquitoLanded, MosquitoMustReturn, TokensDropped,
UnitDestroyed, AirfieldBombed, TargetMarkersDropped, FighterTookOff, FighterMoved,
FighterLanded, EmergencyLanding, MosquitoEngaged, MosquitoCombat, CompassCardRevealed,
BomberTookOff, BomberMoved, TargetBombed, BomberLanded, VictoryPoints {side, amount, reasons,
occasion, score_after}, NightEnded, PlanRevealed {night, plan, nonce}, CommitmentVerified,
GameEnded.
"""
from __future__ import annotations

from ..contract import RuleViolation, RuleViolationError
from . import bomber, fighters, mosquito, setup_phases
from .actions import legal_actions as _legal_actions
from .board import board_of
from .emitter import Emitter
from .evolve import evolve as _evolve
from .options import validate_setup as _validate_setup
from .state import F_RESERVE, NAME, RULESET_VERSION, SIDES, initial_state as _initial_state, is_solo
from .advanced import medals, rerouting
from .expansions import wilde_sau, window
from .expansions.multiplayer import designated_german, german_seats, is_multiplayer, seats
from .options import normalise
from .visibility import view as _view

STEP_SIDE = {
    "place_fighters": "german", "weather": "british", "planning": "british", "ground_units": "german",
    "deploy": "british", "mosquito": "british", "mosquito_drop": "british", "german": "german",
    "bomber": "british", "window": "british", "wild_sau": "german",
}

COMMANDS = {
    "PlaceFighters": ("place_fighters", lambda em, b, c, r: setup_phases.place_fighters(em, b, c)),
    "DrawWeather": ("weather", setup_phases.weather),
    "CommitRoute": ("planning", setup_phases.commit_route),
    "PlaceGroundUnits": ("ground_units", setup_phases.place_ground_units),
    "DeployBritish": ("deploy", setup_phases.deploy_british),
    "MoveMosquito": ("mosquito", mosquito.move_mosquito),
    "WaitMosquito": ("mosquito", mosquito.wait_mosquito),
    "DropTokens": ("mosquito_drop", mosquito.drop_tokens),
    "EndMosquitoTurn": ("mosquito_drop", mosquito.end_mosquito_turn),
    "MoveFighter": ("german", fighters.move_fighter),
    "LandFighter": ("german", fighters.land_fighter),
    "EndGermanTurn": ("german", fighters.end_german_turn),
    "AdvanceBomber": ("bomber", bomber.advance_bomber),
    "ReRoute": ("bomber", rerouting.reroute),
    "UseMedal": ("german", medals.use_medal),
    "DeclareWindow": ("window", window.declare),
    "PlaceWildSau": ("wild_sau", wilde_sau.place),
    "MoveWildSau": ("german", wilde_sau.move),
}
# side-wide German decisions made by the designated seat in the 3–5 player variant
DESIGNATED_ONLY = frozenset({"PlaceGroundUnits", "UseMedal", "PlaceWildSau", "MoveWildSau"})


class DuelInTheDark:
    name = NAME
    ruleset_version = RULESET_VERSION
    sides = SIDES

    @staticmethod
    def validate_setup(setup: dict) -> RuleViolation | None:
        """None if the setup options are valid, else RuleViolation (e.g. ``unknown_option``)."""
        return _validate_setup(setup)

    @staticmethod
    def sides_for(setup: dict) -> tuple[str, ...]:
        """The seats a game of ``setup`` needs: solo (§8) seats only the German player; the 3–5
        player variant (§9.3) seats ``british`` and ``german1``…``germanN``."""
        if (setup or {}).get("mode") == "solo":
            return ("german",)
        return seats(normalise(setup))

    def initial_state(self, setup: dict, rng=None) -> dict:
        return _initial_state(setup, rng)

    def to_move(self, state: dict) -> list[str]:
        if state["over"]:
            return []
        side = STEP_SIDE.get(state["step"])
        if side is None or (is_solo(state) and side == "british"):
            return []
        if side == "german" and is_multiplayer(state):
            return _german_seats_awaited(state)
        return [side]

    def decide(self, state: dict, command: dict, side: str, rng):
        if not isinstance(command, dict) or not isinstance(command.get("type"), str):
            return RuleViolation("malformed_command", "a command is an object with a string 'type'")
        entry = COMMANDS.get(command["type"])
        if entry is None:
            return RuleViolation("unknown_command", f"unknown command type {command['type']!r}")
        if state["over"]:
            return RuleViolation("game_over", "the game has ended")
        if side not in self.to_move(state):
            return RuleViolation("not_your_turn", f"it is not {side}'s turn")
        step, handler = entry
        if state["step"] != step:
            return RuleViolation("wrong_phase", f"{command['type']} is not allowed in step {state['step']!r}")
        if command["type"] in DESIGNATED_ONLY and side != designated_german(state["setup"]) and side != "british":
            return RuleViolation("not_your_turn", f"{command['type']} is made by {designated_german(state['setup'])} (A-75)")
        em = Emitter(state, side)
        try:
            handler(em, board_of(state), command, rng)
        except RuleViolationError as exc:
            return exc.violation
        return em.events

    def evolve(self, state: dict, event) -> dict:
        return _evolve(state, event)

    def view(self, state: dict, side: str | None) -> dict:
        legal = self.legal_actions(state, side) if side in seats(state["setup"]) else None
        return _view(state, side, self.to_move(state), legal)

    def outcome(self, state: dict) -> dict | None:
        return dict(state["result"]) if state["over"] else None

    def legal_actions(self, state: dict, side: str) -> list[dict]:
        if side not in self.to_move(state):
            return []
        return _legal_actions(state, board_of(state), side)


def _german_seats_awaited(state: dict) -> list[str]:
    """§9.3: the German seats whose command is awaited in a German step."""
    step = state["step"]
    if step == "place_fighters":
        return sorted({state["owners"][fid] for fid, f in state["fighters"].items() if f["state"] == F_RESERVE})
    if step == "german":
        return [s for s in german_seats(state["setup"]) if s not in state["german_turn"]["ended"]]
    return [designated_german(state["setup"])]


SYSTEM = DuelInTheDark()

__all__ = ["SYSTEM", "DuelInTheDark"]
