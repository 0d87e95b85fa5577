"""Events the service itself writes into game streams, around the engine's own events.

``GameCreated`` opens every game stream; ``ResultRecorded`` + ``Revealed`` close it
(engines must not use these names for their own events);
``TimeoutAdjudicated``, ``GameForfeited`` and ``GameAborted`` end it from outside the rules.
"""
GAME_CREATED = "GameCreated"
GAME_ENDED = "ResultRecorded"
REVEALED = "Revealed"
TIMEOUT_ADJUDICATED = "TimeoutAdjudicated"
GAME_FORFEITED = "GameForfeited"
GAME_ABORTED = "GameAborted"

# Events that end a game from outside the engine's rules, carrying the final outcome.
OUTCOME_OVERRIDES = {TIMEOUT_ADJUDICATED, GAME_FORFEITED, GAME_ABORTED}
FRAMEWORK_EVENTS = {GAME_CREATED, GAME_ENDED, REVEALED} | OUTCOME_OVERRIDES
