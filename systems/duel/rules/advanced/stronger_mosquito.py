"""Advanced rule 1 — a stronger Mosquito (docs/rules/duel-in-the-dark.md §7.1; [IT §8.1]).

8 bomb/marker tokens instead of 6 (``options.normalise`` sets ``mosquito_tokens``) and the
bombing of the target city scores 2 VP less.
"""
from __future__ import annotations

STRONGER_MOSQUITO_TARGET_MALUS = -2


def target_malus(state: dict) -> int:
    return STRONGER_MOSQUITO_TARGET_MALUS if state["setup"]["stronger_mosquito"] else 0
