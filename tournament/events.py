"""Event types of a tournament stream ``tournament-<id>`` (docs/rules/service.md, "Event sourcing").

Payloads are documented where they are written (tournament/services/); every correction is
a new event (``PenaltyRevoked``, ``RefereeDecision``, ``PairingVoided``), nothing is changed in place. Table play (tournament/table.py) reports each leg's result as
``LegReported``; the opponent's ``LegConfirmed`` or ``LegDisputed``, or a referee's or organiser's
``LegResultEntered``, settles it.
"""
TOURNAMENT_CREATED = "TournamentCreated"
SETTINGS_CHANGED = "TournamentSettingsChanged"
ENTRANT_REGISTERED = "EntrantRegistered"
ENTRANT_WITHDRAWN = "EntrantWithdrawn"
CHECKED_IN = "CheckedIn"
SEEDED = "Seeded"
ROUND_STARTED = "RoundStarted"
PAIRING_CREATED = "PairingCreated"
PAIRING_GAME_CREATED = "PairingGameCreated"
GAME_RESULT_RECORDED = "GameResultRecorded"
KNOWLEDGE_TEST_SCORE_RECORDED = "KnowledgeTestScoreRecorded"
PENALTY_ISSUED = "PenaltyIssued"
PENALTY_REVOKED = "PenaltyRevoked"
REFEREE_DECISION = "RefereeDecision"
PAIRING_VOIDED = "PairingVoided"
PAIRING_MOVED_TO_TABLE = "PairingMovedToTable"
LEG_REPORTED = "LegReported"
LEG_CONFIRMED = "LegConfirmed"
LEG_DISPUTED = "LegDisputed"
LEG_RESULT_ENTERED = "LegResultEntered"
TOURNAMENT_FINISHED = "TournamentFinished"
TOURNAMENT_CANCELLED = "TournamentCancelled"

stream_for = "tournament-{}".format
