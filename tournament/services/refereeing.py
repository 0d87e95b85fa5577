"""Knowledge tests, penalties and referee decisions (docs/rules/service.md, "Referee discipline").

Penalty levels are never stored: the ladder (tournament/discipline.py) grades them from the
events, so a revocation re-grades everything after it.
"""
from __future__ import annotations

import uuid

from django.utils.translation import gettext as _

from kernel import refusals
from game.error_messages import localized
from kernel.store import NewEvent

from game.models import Game

from .. import decisions, discipline, events as ev
from ..state import TournamentState
from .reconciliation import act, void_pairings
from .stream import append, reject

REFEREE_DECISION_KINDS = decisions.KINDS


def record_knowledge_test(tournament_id, username: str, score, actor: str, *, round_number: int | None = None,
                          reason: str = "") -> TournamentState:
    """``KnowledgeTestScoreRecorded`` {entrant, score, round?, reason?}; a later record replaces an
    earlier one. ``round``: the score of that round's quiz, which decides that round's 1:1 pairings
    (state.py ``test_score``); ``reason``: why a referee corrected it."""
    def work(tournament, state):
        if username not in state.entrants:
            reject(refusals.NOT_FOUND, "not_an_entrant", _("%(username)s is not an entrant") % {"username": username})
        if isinstance(score, bool) or not isinstance(score, (int, float)) or score < 0:
            reject(refusals.INVALID, "invalid_score", _("score must be a non-negative number"))
        payload = {"entrant": username, "score": score}
        if round_number is not None:
            payload["round"] = round_number
        if reason:
            payload["reason"] = reason
        append(tournament, state, [NewEvent(ev.KNOWLEDGE_TEST_SCORE_RECORDED, payload)], actor)
        return list(state.pairings)
    return act(tournament_id, actor, work)


def issue_penalty(tournament_id, username: str, category: str, text: str, referee: str,
                  pairing_id: str | None = None) -> tuple[TournamentState, dict]:
    """``PenaltyIssued`` {penalty_id, entrant, pairing_id, category, text, referee}; the level
    (warning/yellow/red) is derived by the ladder, so a revocation re-grades what follows.
    Without ``pairing_id`` the entrant's current undecided pairing is taken."""
    penalty_id = str(uuid.uuid4())

    def work(tournament, state):
        if username not in state.entrants:
            reject(refusals.NOT_FOUND, "not_an_entrant", _("%(username)s is not an entrant") % {"username": username})
        if category not in discipline.OFFENCES:
            reject(refusals.INVALID, "unknown_offence",
                   _("category must be one of %(choices)s") % {"choices": ", ".join(discipline.OFFENCES)})
        if not (text or "").strip():
            reject(refusals.INVALID, "reason_required", _("describe the offence"))
        pid = pairing_id
        if pid is None:
            current = state.current_pairing_of(username)
            pid = current["id"] if current else None
        elif pid not in state.pairings or username not in (state.pairings[pid]["a"], state.pairings[pid]["b"]):
            reject(refusals.INVALID, "not_in_pairing", _("the entrant does not play in that pairing"))
        append(tournament, state, [NewEvent(ev.PENALTY_ISSUED, {
            "penalty_id": penalty_id, "entrant": username, "pairing_id": pid, "category": category,
            "text": text, "referee": referee})], referee)
        return [pid] if pid else []

    state = act(tournament_id, referee, work)
    graded = next(p for p in state.graded_penalties() if p["id"] == penalty_id)
    return state, graded


def revoke_penalty(tournament_id, penalty_id: str, reason: str, referee: str) -> TournamentState:
    """``PenaltyRevoked`` {penalty_id, reason}: a new event; everything derived is recomputed."""
    def work(tournament, state):
        if not (reason or "").strip():
            reject(refusals.INVALID, "reason_required", _("a revocation needs a reason"))
        penalty = next((p for p in state.penalties if p["id"] == penalty_id), None)
        if penalty is None:
            reject(refusals.NOT_FOUND, "penalty_not_found", _("no such penalty"))
        if penalty["revoked"]:
            reject(refusals.CONFLICT, "already_revoked", _("the penalty is revoked already"))
        append(tournament, state, [NewEvent(ev.PENALTY_REVOKED, {"penalty_id": penalty_id, "reason": reason})],
                referee)
        return list(state.pairings)
    return act(tournament_id, referee, work)


def referee_decision(tournament_id, pairing_id: str, kind: str, reason: str, referee: str,
                     winner: str | None = None, score=None, replaces: str | None = None, replaces_score=None,
                     void=(), void_reason: str = "") -> TournamentState:
    """A ``tie``, ``dispute`` or ``overrule`` with a written reason, under the rules of
    tournament/decisions.py (the one place they live): ``RefereeDecision``, and ``PairingVoided``
    for the later bracket pairings it changes (``void``: those the referee voids himself, with
    ``void_reason``; their running games end aborted). The bracket then creates them again."""
    request = decisions.DecisionRequest(
        kind=kind, reason=reason, referee=referee, winner=winner, score=score, replaces=replaces,
        replaces_score=replaces_score, void=tuple(str(v) for v in void), void_reason=void_reason)

    def work(tournament, state):
        try:
            new = decisions.decide(state, str(pairing_id), request, str(uuid.uuid4()), pairing_started)
        except decisions.DecisionRefused as exc:
            reject(exc.kind, exc.code, localized(exc.code, exc.message))
        append(tournament, state, [NewEvent(kind, payload) for kind, payload in new], referee)
        void_pairings(state, [payload["pairing_id"] for kind, payload in new if kind == ev.PAIRING_VOIDED], referee)
        return [str(pairing_id)]
    return act(tournament_id, referee, work)


def pairing_started(pairing: dict) -> bool:
    """A move or a result in one of the pairing's games."""
    games = [g["game_id"] for g in pairing["games"].values()]
    return bool(pairing["results"]) or Game.objects.filter(pk__in=games, moves_made__gt=0).exists()
