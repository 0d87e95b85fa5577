"""What both sides' Duel bots share: the per-decision random stream, complete actions, and the
engine check of a composed command on a state rebuilt from the view (belief.py)."""
from __future__ import annotations

import hashlib
import json
import random

from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from .belief import reconstruct


def decision_rng(seed: str, side: str, level: int, view: dict, legal: list[dict]) -> random.Random:
    """Same seed, view and legal actions → same stream, so the same decision (determinism)."""
    body = json.dumps([seed, side, level, view, legal], sort_keys=True, separators=(",", ":"), default=str)
    return random.Random(hashlib.sha256(body.encode()).hexdigest())


def complete(legal: list[dict]) -> list[dict]:
    return [strip(a) for a in legal if not a.get("template")]


def strip(action: dict) -> dict:
    return {k: v for k, v in action.items() if k not in ("template", "choices", "example")}


def template_of(legal: list[dict], kind: str) -> dict | None:
    return next((a for a in legal if a.get("template") and a["type"] == kind), None)


def accepted(view: dict, side: str, command: dict, plan: dict | None) -> bool:
    """Whether the engine accepts ``command`` on the state rebuilt from ``view`` (and a plan)."""
    state = reconstruct(view, plan)
    result = SYSTEM.decide(state, command, side, SeededDice("bot-check", "duel", 1))
    return not isinstance(result, RuleViolation)
