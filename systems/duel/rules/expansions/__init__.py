"""Duel in the Dark expansions (docs/rules/duel-in-the-dark.md §9): one module per expansion, each behind a
setup option of :mod:`..options` that defaults to off; a module that emits events of its own
folds them too, in its ``EVOLVE`` table (``..evolve`` joins the tables)."""
