"""Events the service itself writes into game streams, around the engine's own events.

``GameCreated`` opens every game stream; ``ResultRecorded`` + ``Revealed`` close it
(engines must not use these names for their own events);
``TimeoutAdjudicated``, ``GameForfeited``, ``GameResigned`` and ``GameAborted`` end it from
outside the rules; ``AbortProposed`` records one side's wish to abort (game/endings.py);
``VacationScheduled`` and ``VacationEnded`` record a seated player's vacation, which stops his
side's clock in a correspondence game (game/vacations.py). The clock is not folded from the
stream: the game row carries it, and these events make every pause visible and replayable.
"""
GAME_CREATED = "GameCreated"
GAME_ENDED = "ResultRecorded"
REVEALED = "Revealed"
TIMEOUT_ADJUDICATED = "TimeoutAdjudicated"
GAME_FORFEITED = "GameForfeited"
GAME_RESIGNED = "GameResigned"
GAME_ABORTED = "GameAborted"
ABORT_PROPOSED = "AbortProposed"
VACATION_SCHEDULED = "VacationScheduled"
VACATION_ENDED = "VacationEnded"
GAME_FORKED = "GameForked"
COMMAND_TAKEN_BACK = "CommandTakenBack"

# Events that end a game from outside the engine's rules, carrying the final outcome.
OUTCOME_OVERRIDES = {TIMEOUT_ADJUDICATED, GAME_FORFEITED, GAME_RESIGNED, GAME_ABORTED}
FRAMEWORK_EVENTS = {GAME_CREATED, GAME_ENDED, REVEALED, ABORT_PROPOSED, VACATION_SCHEDULED,
                    VACATION_ENDED, GAME_FORKED, COMMAND_TAKEN_BACK} | OUTCOME_OVERRIDES
# Events that set the engine's state outright (payload ``state``), not folded by the engine.
STATE_SETTERS = {GAME_FORKED, COMMAND_TAKEN_BACK}
