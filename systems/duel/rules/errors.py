"""Rejections (docs/rules/duel-in-the-dark.md §10.6): each broken rule has its own machine code."""
from __future__ import annotations

from typing import NoReturn

from systems.kit.contract import RuleViolationError


def reject(code: str, message: str) -> NoReturn:
    raise RuleViolationError(code, message)
