"""A fourth game system that exists only to prove what adding one takes: this folder (engine,
descriptor, setup control, refusal catalogue) and one line in ``NIGHTDUEL_SYSTEMS``; nothing
outside the folder names it (tests/systems/test_registry.py)."""
