"""What every game system shares: the engine contract, fair dice, the hex grid, the service's own
events and the generic presentation a system's words fall back to.

One way of writing an engine (``systems/<name>/rules/``):

* ``decide`` builds an :class:`~systems.kit.emitter.Emitter` (``em``) over the state and the rules
  call ``em.emit(type, payload, visibility)``; each event is folded at once into ``em.state`` by
  the engine's in-place fold ``apply(state, event)``, the same fold ``evolve`` runs on a copy.
* A broken rule calls :func:`~systems.kit.contract.reject` ``(code, message)``: a stable
  snake_case code first (the API's error catalogue words it), then the engine's English sentence.
* A fold handler per event type, in a table named ``EVOLVE`` (event type → handler) next to the
  rules that emit those events; ``COMMAND_FIELDS`` lists the fields of each command type.

Names (tests/rules/test_engine_naming.py checks every engine's tables):

* Command types are snake_case verbs in the imperative: ``move_bomber``, ``end_phase``.
* Event types are PascalCase and say what happened, in the past tense: ``FighterMoved``,
  ``WeatherDrawn``; they never take a name of :mod:`.framework_events`.
* Stored names never change (recorded games must fold and verify as before), so the names that
  predate this convention stay: Duel's command types are PascalCase (``MoveFighter``; every
  client sends them), Nightfighter's event types snake_case (``fix_placed``), and a few event
  types are nouns (``VictoryPoints``). The test lists them; a new name follows the convention.
"""
