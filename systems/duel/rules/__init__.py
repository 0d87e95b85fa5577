"""Duel in the Dark — rules engine with the advanced rules and expansions (spec: docs/rules/duel-in-the-dark.md).

``SYSTEM`` implements the rules-engine contract (systems/kit/contract.py).  One module per
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
AdvanceBomber          british     altitude (first move only), sabotage: [tile], evasion: n (§7.5)
ReRoute                british     route, target?, landing_bomber? (Bomber turn; §7.3 3a, §7.4 3b)
UseMedal               german      use: bonus {hex, count} | repair {tile | airfield} (§7.5)
DeclareWindow          british     use: bool, positions: [move no.] (phase 5; §9.4)
PlaceWildSau           german      hexes: [German airfields] (phase 5; §9.4)
MoveWildSau            german      token, to (German turn; §9.4)
MoveRailwayFlak        german      tile, to (German turn; §9.6)
PlaceAceMedal          german      grade: silver|gold, hex (German turn; §9.9)
PlaceBritishGroundUnits british    qf: [hex], searchlights: [hex] (phase 5 start; §9.10, §9.11)
PlaceExtraGermanUnits  german      placements: [{kind, hex}] (2 per British unit)
DrawTargetCrest        british     — (phase 3, §9.2 optional rule); RedrawTargetCrest once
HandCrests             british     cities: [5 cities incl. the target] (phase 5; §9.2)
RepositionUnits        german      moves: [{tile, hex}] (≤ 5; §9.2)
AllocateQFHits         british     hits: [{qf, fighter}] (after the German turn; §9.10)
FireGoldAce            german      fire: bool (Mosquito ended HIGH by a gold ace; §9.9 A-89)
=====================  ==========  ====================================================

Option fields of existing commands: ``PlaceFighters.mw50_fighter`` (§7.8), ``MoveFighter.use_mw50`` /
``use_fuel_medal`` (§7.8, §7.5), ``DropTokens.medals`` (§7.5).

In the solo mission (``mode: "solo"``) only the German acts; the British turns run inside
``decide`` (events ``SoloSetup``, ``SoloCardDrawn``, ``SoloCityOverflown``, ``SoloHomebound``,
``SoloMosquitoPlaced``).  Every event is public except ``PlanCommitted``, ``WindowCardsInserted``
and ``TargetCrestDrawn`` (visibility "british").  Events: NightStarted, PhaseStarted, FightersPlaced, WeatherDrawn, PlanCommitted,
RouteCommitted {night, hash, reroute?}, GroundUnitsPlaced, BritishDeployed, RoundStarted, TurnStarted,
TurnEnded, MosquitoMoved, MosquitoWaited, MosquitoLanded, MosquitoMustReturn, TokensDropped,
UnitDestroyed, AirfieldBombed, TargetMarkersDropped, FighterTookOff, FighterMoved,
FighterLanded, EmergencyLanding, MosquitoEngaged, MosquitoCombat, CompassCardRevealed,
BomberTookOff, BomberMoved, TargetBombed, BomberLanded, VictoryPoints {side, amount, reasons
[{code, value, per?, params?}] (a term by rule code, e.g. "5.1:radar", worded by the presentation
layer), occasion, score_after}, NightEnded, PlanRevealed {night, plan, nonce, superseded?, window?},
CommitmentVerified, GameEnded.  Advanced rules and expansions (§7, §9): WeatherChanged,
MedalsAwarded, MedalsSpent, GermanMedalsPlaced, GermanMedalsRemoved, UnitRepaired,
AirfieldRepaired, FuelMedalUsed, MW50Assigned, MW50Used, GermanSeatEnded, PersonalTrackAdvanced,
ObserverBadgeUsed, WindowDeclared, WindowCardsInserted, WindowCommitted, WindowRevealed,
WildSauPlaced, WildSauMoved, WildSauInterception, WildSauRemoved, RailwayFlakMoved, QuadFlakFired,
AceMedalAwarded, AceGunnerPlaced, AceFired, BritishGroundUnitsPlaced, ExtraGermanUnitsPlaced,
QFHit, TargetCrestDrawn, CrestsHanded, UnitsRepositioned.

Seats: ``sides_for(setup)`` — ("german",) in solo, ("british", "german") for 2 players,
("british", "german1", …) in the 3–5 player variant (§9.3; side-wide German commands —
PlaceGroundUnits, UseMedal, Wilde Sau, railway flak, aces, extra units, re-positioning — belong
to ``german1``, A-75).  Modules of the advanced rules live in ``advanced/``, of the expansions in
``expansions/``; ``phase5`` orders the phase-5 sub-steps.
"""
from __future__ import annotations

from systems.kit.contract import RuleViolation, RuleViolationError
from . import bomber, fighters, mosquito, sequence, setup_phases
from .actions import legal_actions as _legal_actions
from .board import board_of
from .emitter import Emitter
from .evolve import evolve as _evolve
from .options import validate_setup as _validate_setup
from .state import F_RESERVE, NAME, RULESET_VERSION, SIDES, initial_state as _initial_state, is_solo
from .advanced import medals, rerouting
from .expansions import ace_gunners, british_units, railway_flak, walls_have_ears, wilde_sau, window
from .expansions.multiplayer import designated_german, german_seats, is_multiplayer, seats
from .expansions.multiplayer import placings as multiplayer_placings
from .options import normalise
from .upcasting import upcast as upcast_event
from .visibility import view as _view

STEP_SIDE = {
    "place_fighters": "german", "weather": "british", "planning": "british", "ground_units": "german",
    "deploy": "british", "mosquito": "british", "mosquito_drop": "british", "german": "german",
    "bomber": "british", "window": "british", "wild_sau": "german",
    "british_units": "british", "extra_units": "german", "hand_crests": "british", "reposition": "german",
    "qf_fire": "british", "gold_ace": "german",
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
    "MoveRailwayFlak": ("german", railway_flak.move),
    "PlaceAceMedal": ("german", ace_gunners.place),
    "PlaceBritishGroundUnits": ("british_units", british_units.place_british),
    "PlaceExtraGermanUnits": ("extra_units", british_units.place_extra),
    "DrawTargetCrest": ("planning", walls_have_ears.draw),
    "RedrawTargetCrest": ("planning", walls_have_ears.draw),
    "HandCrests": ("hand_crests", walls_have_ears.hand),
    "RepositionUnits": ("reposition", walls_have_ears.reposition),
    "AllocateQFHits": ("qf_fire", british_units.allocate_hits),
    "FireGoldAce": ("gold_ace", ace_gunners.decide_mosquito_shot),
}
# The fields each command accepts besides ``type`` (contract.py ``command_fields``).
COMMAND_FIELDS = {kind: frozenset(fields) for kind, fields in {
    "PlaceFighters": ("placements", "mw50_fighter"),
    "DrawWeather": (),
    "CommitRoute": ("takeoff_bomber", "takeoff_mosquito", "target", "landing_bomber", "landing_mosquito", "route"),
    "PlaceGroundUnits": ("placements",),
    "DeployBritish": ("bomber", "mosquito"),
    "MoveMosquito": ("to", "altitude", "land"),
    "WaitMosquito": (),
    "DropTokens": ("bombs", "markers", "medals"),
    "EndMosquitoTurn": (),
    "MoveFighter": ("fighter", "path", "altitude", "land", "use_mw50", "use_fuel_medal"),
    "LandFighter": ("fighter",),
    "EndGermanTurn": (),
    "AdvanceBomber": ("altitude", "sabotage", "evasion"),
    "ReRoute": ("route", "target", "landing_bomber"),
    "UseMedal": ("use", "hex", "count", "tile", "airfield"),
    "DeclareWindow": ("use", "positions"),
    "PlaceWildSau": ("hexes",),
    "MoveWildSau": ("token", "to"),
    "MoveRailwayFlak": ("tile", "to"),
    "PlaceAceMedal": ("grade", "hex"),
    "PlaceBritishGroundUnits": ("qf", "searchlights"),
    "PlaceExtraGermanUnits": ("placements",),
    "DrawTargetCrest": (),
    "RedrawTargetCrest": (),
    "HandCrests": ("cities",),
    "RepositionUnits": ("moves",),
    "AllocateQFHits": ("hits",),
    "FireGoldAce": ("fire",),
}.items()}
# side-wide German decisions made by the designated seat in the 3–5 player variant
DESIGNATED_ONLY = frozenset({"PlaceGroundUnits", "UseMedal", "PlaceWildSau", "MoveWildSau", "MoveRailwayFlak",
                             "PlaceAceMedal", "PlaceExtraGermanUnits", "RepositionUnits",
                             "FireGoldAce"})


class DuelInTheDark:
    name = NAME
    ruleset_version = RULESET_VERSION
    sides = SIDES
    command_fields = COMMAND_FIELDS
    # Terms and medal reasons recorded as English labels, read as codes (upcasting.py).
    upcast = staticmethod(upcast_event)

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
            board = board_of(state)
            handler(em, board, command, rng)
            sequence.follow(em, board, step, rng)
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

    @staticmethod
    def placings(outcome: dict) -> dict[str, int] | None:
        """Finishing places of a 3–5 player result (§9.3), for multi-player ratings."""
        return multiplayer_placings(outcome)

    def legal_actions(self, state: dict, side: str) -> list[dict]:
        if side not in self.to_move(state):
            return []
        return _legal_actions(state, board_of(state), side)


def _german_seats_awaited(state: dict) -> list[str]:
    """§9.3: the German seats whose command is awaited in a German step."""
    step = state["step"]
    if step == "place_fighters":
        owners = sorted({state["owners"][fid] for fid, f in state["fighters"].items() if f["state"] == F_RESERVE})
        return owners or [designated_german(state["setup"])]  # every fighter lost: an empty placement
    if step == "german":
        return [s for s in german_seats(state["setup"]) if s not in state["german_turn"]["ended"]]
    return [designated_german(state["setup"])]


SYSTEM = DuelInTheDark()

__all__ = ["SYSTEM", "DuelInTheDark"]
