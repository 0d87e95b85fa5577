"""The game systems, one folder each (``duel/``, ``battle303/``, ``nightfighter/``), and ``kit/``,
what they share.

A system's ``rules/`` package is its rules engine: pure Python, no Django imports (see
``kit/contract.py`` for the interface every engine implements and ``registry.py`` for how the
service finds them).
"""
