"""Tournament use cases (docs/rules/service.md, "Tournaments", "Referee discipline", "Clocks and timeouts").

One module per use case, all on one write path (:mod:`.stream`, :mod:`.reconciliation`): lock the
tournament row, fold the stream ``tournament-<id>``, append new events at the folded version,
then reconcile pairings, games and cached projections in the same transaction.

- :mod:`.organising` — create a tournament, change its settings, appoint referees, cancel;
- :mod:`.registration` — register, withdraw, check in, seed;
- :mod:`.rounds` — start a round;
- :mod:`.results` — record a finished game's result;
- :mod:`.table_play` — results of pairings played at the table: report, confirm, dispute, enter;
- :mod:`.refereeing` — knowledge tests, penalties, referee decisions;
- :mod:`.rebuild` — rebuild the read models from the streams.

The names below are the package's public use cases, so callers say ``services.start_round``.
"""
from kernel.refusals import CommandRejected  # the error every use case raises

from .organising import (appoint_referees, cancel_tournament, change_settings, create_tournament, default_scheme,
                         set_season, users_named)
from .rebuild import rebuild_projections
from .reconciliation import cached_projection, reconcile, refresh_projection
from .refereeing import REFEREE_DECISION_KINDS, issue_penalty, record_knowledge_test, referee_decision, revoke_penalty
from .registration import SEEDING_METHODS, check_in, register, seed, withdraw
from .results import record_game_result
from .rounds import start_round
from .stream import load_state, reject
from .table_play import (auto_confirm_due_reports, confirm_leg, dispute_leg, enter_leg_result, move_to_table,
                         report_leg)

__all__ = [
    "CommandRejected", "default_scheme", "auto_confirm_due_reports", "confirm_leg", "dispute_leg",
    "enter_leg_result", "move_to_table", "report_leg", "REFEREE_DECISION_KINDS", "appoint_referees", "cached_projection",
    "cancel_tournament", "change_settings", "check_in", "create_tournament", "issue_penalty", "load_state",
    "rebuild_projections", "reconcile", "record_game_result", "record_knowledge_test", "referee_decision",
    "refresh_projection", "register", "reject", "revoke_penalty", "SEEDING_METHODS", "seed", "set_season", "start_round",
    "users_named", "withdraw",
]
