"""When a referee may decide a pairing, and what the decision moves (docs/rules/service.md "Referee
discipline", "Tournaments"; issue 13 "Decision rules", issue 19 point 2).

Every decision carries a written reason. Three kinds:

* ``tie`` — names the winner of a pairing that waits for one: 1:1 on games and nothing else
  decides it (``polish``: equal knowledge tests; ``vp-aggregate``: level VP margin, then equal
  tests; a bracket under ``games``: equal tests). Before both tests are recorded it is too early.
* ``dispute`` — a ruling on a pairing with a result to dispute (at least one game recorded). It
  may set the score (and the winner of a 1:1) while the pairing is undecided and none of its
  games is in play; on a decided pairing it can only record that the result stands.
* ``overrule`` — the only way to change a decided pairing. It names what it replaces: the
  decision in force (``replaces``), or the score of the result when no decision made it
  (``replaces_score``), so nobody overrules a result he has not seen.

A pairing ended by a red card or a withdrawal changes by revoking the penalty, not by a decision.

When a changed result moves an elimination bracket, the later pairings that no longer follow it
are voided (``PairingVoided``) and created again with the right entrants: automatically while
none of their games has started, otherwise only if the referee voids them himself with a reason.
:func:`decide` is the one place these rules live (the API, the pages and table play's disputes
all reach it through ``tournament.services.referee_decision``). No Django here; the service
turns :class:`DecisionRefused` into the HTTP answer and appends nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from kernel import refusals

from . import events as ev, planner, scoring
from .state import FINISHED, TournamentState

TIE, DISPUTE, OVERRULE = "tie", "dispute", "overrule"
KINDS = (TIE, DISPUTE, OVERRULE)
# A pairing is a match and a rematch: these are the results a referee may set.
RESULTS = ([2, 0], [1, 1], [0, 2])


class DecisionRefused(refusals.Refusal):
    """A decision the rules refuse: its kind, code and English message (worded by the service)."""


@dataclass(frozen=True)
class DecisionRequest:
    kind: str
    reason: str
    referee: str = ""
    winner: str | None = None
    score: list | None = None
    replaces: str | None = None          # overrule: id of the decision in force
    replaces_score: list | None = None   # overrule: the score of the result, when no decision made it
    void: tuple = ()                     # pairings the referee voids with this decision
    void_reason: str = ""


@dataclass
class Corrections:
    """Later bracket pairings a decision voids: ``automatic`` (not started), ``by_referee``
    (asked for), and ``blocked`` (started but not asked for: the decision is refused)."""

    automatic: list = field(default_factory=list)
    by_referee: list = field(default_factory=list)
    blocked: list = field(default_factory=list)


def refuse(kind: str, code: str, message: str):
    raise DecisionRefused(kind, code, message)


def _pairing(state: TournamentState, pairing_id: str) -> dict:
    if pairing_id in state.voided:
        refuse(refusals.CONFLICT, "pairing_voided", "this pairing was voided; decide the pairing that replaced it")
    pairing = state.pairings.get(pairing_id)
    if pairing is None:
        refuse(refusals.NOT_FOUND, "pairing_not_found", "no such pairing")
    if pairing["bye"]:
        refuse(refusals.CONFLICT, "bye", "a bye needs no decision")
    return pairing


def _check_form(pairing: dict, request: DecisionRequest) -> None:
    if request.kind not in KINDS:
        refuse(refusals.INVALID, "unknown_decision", f"kind must be one of {', '.join(KINDS)}")
    if not (request.reason or "").strip():
        refuse(refusals.INVALID, "reason_required", "a referee decision needs a written reason")
    if request.winner is not None and request.winner not in (pairing["a"], pairing["b"]):
        refuse(refusals.INVALID, "not_in_pairing", "the winner must play in the pairing")
    if request.score is not None and list(request.score) not in RESULTS:
        refuse(refusals.INVALID, "invalid_score", "the score is the pairing's result: 2:0, 1:1 or 0:2")
    if request.void and not (request.void_reason or "").strip():
        refuse(refusals.INVALID, "void_reason_required", "voiding a pairing needs a written reason")
    if request.winner is not None and request.score is not None and request.score[0] != request.score[1]:
        implied = pairing["a"] if request.score[0] > request.score[1] else pairing["b"]
        if request.winner != implied:
            refuse(refusals.UNPROCESSABLE, "winner_contradicts_score",
                   f"at {request.score[0]}:{request.score[1]} the winner is {implied}")


def _no_forfeit(state: TournamentState, pairing: dict) -> None:
    if state.forfeited(pairing):
        refuse(refusals.CONFLICT, "forfeited",
               "a red card or a withdrawal decided this pairing: revoke the penalty to change it")


def _check_tie(state: TournamentState, pairing: dict, request: DecisionRequest) -> None:
    if request.score is not None:
        refuse(refusals.INVALID, "score_not_allowed", "a tie decision names the winner; the score stays 1:1")
    if request.winner is None:
        refuse(refusals.INVALID, "winner_required", "a tie decision names the winner")
    result = state.result(pairing["id"])
    if result.status == scoring.DECIDED:
        refuse(refusals.CONFLICT, "already_decided", "the pairing is decided; change it only with an overrule "
                                       "that names what it replaces")
    if result.status == scoring.AWAITING_KNOWLEDGE_TEST:
        refuse(refusals.CONFLICT, "knowledge_test_missing",
               "the knowledge tests decide a 1:1 first: record both scores")
    if result.status != scoring.AWAITING_REFEREE or tuple(result.score) != (1, 1):
        refuse(refusals.CONFLICT, "not_tied", "the pairing is not a 1:1 waiting for the referee (games still to play, "
                                "or a game without a winner: rule on that with a dispute)")


def _check_dispute(state: TournamentState, pairing: dict, request: DecisionRequest) -> None:
    if not pairing["results"]:
        refuse(refusals.CONFLICT, "nothing_to_dispute", "no game of the pairing has a result yet")
    if request.winner is not None and request.score is None:
        refuse(refusals.INVALID, "score_required", "a ruling that changes the result gives the score")
    if request.score is None:
        return
    _no_forfeit(state, pairing)
    if state.result(pairing["id"]).status == scoring.DECIDED:
        refuse(refusals.CONFLICT, "overrule_required", "the pairing is decided; change it only with an overrule "
                                         "that names what it replaces")
    if any(leg not in pairing["results"] for leg in pairing["games"]):
        refuse(refusals.CONFLICT, "game_in_progress", "a game of the pairing is still in play; rule when it has ended")


def _check_overrule(state: TournamentState, pairing: dict, request: DecisionRequest) -> None:
    if request.score is None:
        refuse(refusals.INVALID, "score_required", "an overrule sets the score")
    _no_forfeit(state, pairing)
    current = state.result(pairing["id"])
    if current.status != scoring.DECIDED:
        refuse(refusals.CONFLICT, "not_decided", "the pairing is not decided yet: use a tie or a dispute decision")
    in_force = state.decision_in_force(pairing["id"])
    known = {d["decision_id"] for d in state.decisions.get(pairing["id"], [])}
    if request.replaces is not None and request.replaces not in known:
        refuse(refusals.NOT_FOUND, "decision_not_found", "no decision of this pairing has that id")
    if in_force is not None:
        if request.replaces is None:
            refuse(refusals.INVALID, "replaces_required",
                   f"name the decision this overrule replaces: {in_force['decision_id']}")
        if request.replaces != in_force["decision_id"]:
            refuse(refusals.CONFLICT, "replaces_outdated", f"that decision was replaced already; the one in force is "
                                             f"{in_force['decision_id']}")
    else:
        if request.replaces is not None:
            refuse(refusals.CONFLICT, "replaces_outdated",
                   "that decision does not make the result; name the result's score")
        if request.replaces_score is None:
            refuse(refusals.INVALID, "replaces_required", "name the result this overrule replaces (its score)")
        if list(request.replaces_score) != list(current.score):
            refuse(refusals.CONFLICT, "replaces_outdated", f"the result is {current.score[0]}:{current.score[1]} now")


CHECKS = {TIE: _check_tie, DISPUTE: _check_dispute, OVERRULE: _check_overrule}


def decide(state: TournamentState, pairing_id: str, request: DecisionRequest, decision_id: str,
           started: Callable[[dict], bool]) -> list[tuple[str, dict]]:
    """The events of a referee decision: ``RefereeDecision`` {decision_id, pairing_id, kind,
    reason, winner?, score?, replaces?, replaces_score?} and the ``PairingVoided`` {pairing_id,
    decision_id, reason, automatic} of the bracket corrections it brings; or
    :class:`DecisionRefused`. ``started(pairing)``: True once a game of it has a move or a result.
    """
    pairing = _pairing(state, pairing_id)
    _check_form(pairing, request)
    CHECKS[request.kind](state, pairing, request)
    payload = {"decision_id": decision_id, "pairing_id": pairing_id, "kind": request.kind, "reason": request.reason,
               "referee": request.referee}
    for key in ("winner", "score") + (("replaces", "replaces_score") if request.kind == OVERRULE else ()):
        value = getattr(request, key)
        if value is not None:
            payload[key] = list(value) if isinstance(value, (list, tuple)) else value
    trial = state.after([(ev.REFEREE_DECISION, payload)])
    if request.kind == OVERRULE and trial.named_result(trial.pairings[pairing_id]) == state.named_result(pairing):
        refuse(refusals.UNPROCESSABLE, "overrule_changes_nothing",
               "the overrule gives the result the pairing has already")
    found, voids = _bracket_corrections(trial, started, tuple(request.void), request.void_reason, decision_id)
    _check_corrections(state, trial, found, tuple(request.void))
    return [(ev.REFEREE_DECISION, payload)] + [(ev.PAIRING_VOIDED, v) for v in voids]


def _bracket_corrections(trial: TournamentState, started: Callable[[dict], bool], void: tuple, void_reason: str,
                         decision_id: str) -> tuple[Corrections, list[dict]]:
    """The bracket pairings that no longer follow the bracket in ``trial`` (the state with the
    decision folded in), voided in ``trial`` one after the other: a voided pairing makes the
    pairings after it stale in turn, so this runs until nothing is stale."""
    found = Corrections()
    voids = []
    while stale := planner.stale_bracket_pairings(trial):
        for pid in stale:
            automatic = pid not in void and not started(trial.pairings[pid])
            if pid in void:
                found.by_referee.append(pid)
            else:
                (found.automatic if automatic else found.blocked).append(pid)
            payload = {"pairing_id": pid, "decision_id": decision_id,
                       "reason": void_reason if pid in void else "", "automatic": automatic}
            voids.append(payload)
            trial.apply({"seq": trial.version + 1, "type": ev.PAIRING_VOIDED, "payload": payload})
    return found, voids


def _check_corrections(state: TournamentState, trial: TournamentState, found: Corrections, void: tuple) -> None:
    if found.blocked:
        keys = ", ".join(state.pairings[pid]["key"] for pid in found.blocked)
        refuse(refusals.CONFLICT, "next_pairing_started", f"the later pairing {keys} has started: void it as well "
                                            f"(with a reason) to give it the new entrant")
    if any(pid not in found.by_referee for pid in void):
        refuse(refusals.UNPROCESSABLE, "void_not_needed", "only pairings the decision changes can be voided with it")
    if state.status == FINISHED and (found.automatic or found.by_referee or not trial.is_complete()):
        refuse(refusals.CONFLICT, "tournament_finished", "the tournament has finished; this change would need pairings "
                                           "to be played again")


def offered(state: TournamentState, pairing_id: str) -> set[str]:
    """What a referee may decide on the pairing now: ``tie``, ``dispute``, ``dispute_score`` (a
    dispute ruling that sets the score) and ``overrule``, found by the checks above, so the
    referee panel offers exactly what :func:`decide` accepts."""
    out = set()
    try:
        pairing = _pairing(state, pairing_id)
    except DecisionRefused:
        return out
    trials = {TIE: DecisionRequest(TIE, "?", winner=pairing["a"]), DISPUTE: DecisionRequest(DISPUTE, "?"),
              "dispute_score": DecisionRequest(DISPUTE, "?", score=[1, 1])}
    for name, request in trials.items():
        try:
            CHECKS[request.kind](state, pairing, request)
        except DecisionRefused:
            continue
        out.add(name)
    if state.result(pairing_id).status == scoring.DECIDED and not state.forfeited(pairing):
        out.add(OVERRULE)
    return out


def later_pairings(state: TournamentState, pairing_id: str) -> list[dict]:
    """The existing bracket pairings the pairing feeds, directly or through others: those an
    overrule of it may have to void."""
    spec = state.bracket_spec()
    pairing = state.pairings.get(pairing_id)
    if spec is None or pairing is None:
        return []
    fed_by: dict[str, list[str]] = {}
    for match in spec.matches:
        for slot in match.slots:
            source = slot.get("winner") or slot.get("loser")
            if source:
                fed_by.setdefault(source, []).append(match.key)
    out, queue, seen = [], list(fed_by.get(pairing["key"], [])), set()
    while queue:
        key = queue.pop(0)
        if key in seen:
            continue
        seen.add(key)
        later = state.pairing_for_key(key)
        if later is not None:
            out.append(later)
            queue += fed_by.get(key, [])
    return out
