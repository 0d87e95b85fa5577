"""The rules-engine contract (docs/rules/service.md, "Rules engines").

Every game system is a module-level object implementing :class:`GameSystem`:

* ``initial_state(setup, rng) -> state`` — state is a JSON-serialisable ``dict``.
* ``decide(state, command, side, rng) -> list[Event] | RuleViolation`` — validates a
  command of ``side`` and returns the events it causes; it never mutates ``state``.
  Every random draw goes through ``rng`` (a :class:`systems.kit.dice.Dice`) and its
  outcome is written into the events, so ``evolve`` never needs randomness.
* ``evolve(state, event) -> state`` — returns the next state; must not mutate its input.
* ``view(state, side) -> dict`` — what ``side`` may see (``None`` = spectator,
  ``"referee"`` = everything).
* ``outcome(state) -> dict | None`` — ``None`` while running, else at least
  ``{"winner": side | None, ...}``.
* ``to_move(state) -> list[str]`` — the sides whose command the engine is waiting for.
* ``legal_actions(state, side) -> list[dict]`` — commands a client may offer, each sendable as is,
  except entries marked ``"template": True`` whose ``choices`` the client must fill in first.

* ``command_fields: dict[str, frozenset[str]]`` — per command type, the fields it accepts besides
  ``type`` (those ``decide`` reads and those ``legal_actions`` puts in a command it offers); the
  service refuses any other field by name before ``decide`` runs (:func:`unknown_field`).

Optional: ``sides_for(setup)`` for engines whose seats depend on the setup, and
``placings(outcome) -> {side: place} | None`` for games of more than two seats whose outcome
ranks more than a winner (1 = first, equal places tie; None: read ``winner``/``loser`` alone).
``upcast(event_type, payload) -> payload`` for engines whose events changed shape: a stored
payload of an older shape in the current one, for the verifier and the import to compare with what
``decide`` produces now (stored events are never rewritten; :func:`upcast_stored`).

Events carry a visibility: ``"public"``, a side name, or ``"referee"``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol

PUBLIC = "public"
REFEREE = "referee"


@dataclass(frozen=True)
class Event:
    """One domain event produced by ``decide``; the store adds stream, seq, actor, time."""

    type: str
    payload: dict[str, Any] = field(default_factory=dict)
    visibility: str = PUBLIC


@dataclass(frozen=True)
class RuleViolation:
    """A rejected command: a machine code (e.g. ``hex_occupied``) and a human message."""

    code: str
    message: str


class RuleViolationError(Exception):
    """Raised inside engine code to bail out; ``decide`` wrappers turn it into a RuleViolation."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.violation = RuleViolation(code, message)


def reject(code: str, message: str) -> NoReturn:
    """Refuses the command being decided: the one way engine code bails out (``decide`` returns the
    :class:`RuleViolation`). ``code`` comes first, a stable machine code the API's error catalogue
    words (game/error_messages.py); ``message`` is the engine's English sentence."""
    raise RuleViolationError(code, message)


class GameSystem(Protocol):
    name: str
    ruleset_version: str
    sides: tuple[str, ...]

    def initial_state(self, setup: dict, rng) -> dict: ...

    def decide(self, state: dict, command: dict, side: str, rng) -> list[Event] | RuleViolation: ...

    def evolve(self, state: dict, event: Event) -> dict: ...

    def view(self, state: dict, side: str | None) -> dict: ...

    def outcome(self, state: dict) -> dict | None: ...

    def to_move(self, state: dict) -> list[str]: ...

    def legal_actions(self, state: dict, side: str) -> list[dict]: ...


def unknown_field(system, command: dict) -> str | None:
    """The first field of ``command`` that its type does not accept in ``system.command_fields``,
    else None. A type the table does not list is left to ``decide`` (``unknown_command``)."""
    table = getattr(system, "command_fields", None)
    accepted = table.get(command.get("type")) if table else None
    if accepted is None:
        return None
    return next((key for key in command if key != "type" and key not in accepted), None)


def upcast_stored(system, event_type: str, payload: dict) -> dict:
    """A stored ``payload`` in the shape ``system`` emits now (its optional ``upcast``; else as stored)."""
    upcast = getattr(system, "upcast", None)
    return upcast(event_type, payload) if upcast else payload
