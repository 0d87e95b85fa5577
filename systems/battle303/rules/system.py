"""The ``SYSTEM`` object of the 303 engine (contract.py ``GameSystem``; docs/rules/303.md)."""
from __future__ import annotations

from .commands import COMMAND_FIELDS
from .decide import decide
from .events import evolve
from .initial import RULESET_VERSION, initial_state
from .legal import legal_actions
from .rules import SIDES
from .view import outcome, to_move, view


class Battle303:
    name = "303"
    ruleset_version = RULESET_VERSION
    sides = SIDES
    command_fields = COMMAND_FIELDS

    initial_state = staticmethod(initial_state)
    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    view = staticmethod(view)
    outcome = staticmethod(outcome)
    to_move = staticmethod(to_move)
    legal_actions = staticmethod(legal_actions)


SYSTEM = Battle303()
