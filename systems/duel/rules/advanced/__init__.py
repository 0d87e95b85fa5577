"""Duel in the Dark advanced rules (docs/rules/duel-in-the-dark.md §7): one module per rule, each behind a
setup option of :mod:`..options` that defaults to off (A-56); none is allowed in solo (§8). A
module that emits events of its own folds them too, in its ``EVOLVE`` table (``..evolve`` joins
the tables)."""
