"""Starting a round (docs/rules/service.md, "Tournaments": formats and pairings)."""
from __future__ import annotations

from django.utils.translation import gettext as _

from kernel import refusals
from game.error_messages import localized
from kernel.store import NewEvent

from .. import events as ev, planner
from ..state import TournamentState
from .reconciliation import act, create_pairing
from .stream import append, reject


def start_round(tournament_id, actor: str, expected_round: int | None = None) -> TournamentState:
    """``RoundStarted`` {round, stage} and the round's ``PairingCreated`` events. With
    ``expected_round`` (the round the caller saw announced) a repeated or stale request is a conflict,
    not a second round."""
    def work(tournament, state):
        if expected_round is not None and expected_round != len(state.rounds) + 1:
            reject(refusals.CONFLICT, "round_already_started",
                   _("round %(expected)s has started already; round %(current)s is the current one")
                   % {"expected": expected_round, "current": len(state.rounds)})
        try:
            started, pairings = planner.start_round(state)
        except planner.CannotStartRound as exc:
            reject(refusals.CONFLICT, exc.code, localized(exc.code, exc.message))
        append(tournament, state, [NewEvent(ev.ROUND_STARTED, started)], actor)
        return [create_pairing(tournament, state, pairing, actor) for pairing in pairings]
    return act(tournament_id, actor, work)

