"""The "303" Battle of Britain dice game (docs/rules/303.md): the rules engine object ``SYSTEM``."""
from .system import SYSTEM

__all__ = ["SYSTEM"]
