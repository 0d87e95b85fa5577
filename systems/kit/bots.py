"""Practice opponents: the contract every system's bots keep (pure Python, no Django).

A bot is fair by construction: :meth:`Bot.choose` receives exactly what a human of its side
receives through the service — the side's ``view`` and its ``legal`` actions (the engine's
``view(state, side)`` and ``legal_actions(state, side)``) — and never the state. Where it needs
the hidden part it samples hidden states consistent with what its side has seen, and may use
the engine (``decide``/``evolve``) for look-ahead on those samples only.

A system offers its bots in ``systems/<name>/bots/__init__.py``:

- ``LEVELS``: ``{level: {"label": str, "budget_seconds": float, "elo": int | None}}``, levels
  1 (a beginner's) upward; ``elo`` is the level's calibrated rating on the system's scale;
- ``make_bot(side, level, setup, seed) -> Bot``;
- ``refusal(side, level, setup) -> str | None``: a refusal code when the bot cannot play that
  side, level or set-up (an option or expansion it does not play), else None.
"""
from __future__ import annotations

from typing import Callable, Protocol

from systems.kit.contract import GameSystem, RuleViolation
from systems.kit.dice import SeededDice


class Bot(Protocol):
    side: str
    level: int

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One concrete command for ``side`` (a legal action, or a template of ``legal`` filled
        in with one of its choices)."""
        ...


class BotFailed(Exception):
    """A bot gave no command the engine accepts; the service resigns its seat with the reason."""


def play_out(system: GameSystem, setup: dict, bots: dict[str, Bot], seed: str, *,
             max_commands: int = 20_000, on_command: Callable[[str, dict], None] | None = None) -> dict:
    """Referee a whole game between ``bots`` (side → bot) on the engine, as the service would:
    each bot sees only its side's view and legal actions. Returns the final state.

    For tests and benches; the service plays bots through its own command path."""
    state = system.initial_state(setup, SeededDice(seed, "bot-game", 1))
    for seq in range(2, max_commands + 2):
        if system.outcome(state) is not None:
            return state
        movers = system.to_move(state)
        if not movers:
            raise BotFailed("nobody is to move in a running game")
        side = movers[0]
        command = bots[side].choose(system.view(state, side), system.legal_actions(state, side))
        result = system.decide(state, command, side, SeededDice(seed, "bot-game", seq))
        if isinstance(result, RuleViolation):
            raise BotFailed(f"{side} bot sent a refused command {command!r}: {result.code}")
        if on_command:
            on_command(side, command)
        for event in result:
            state = system.evolve(state, event)
    raise BotFailed(f"no outcome after {max_commands} commands")
