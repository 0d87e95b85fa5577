"""Results of pairings played at the table (issue 14; the rules: tournament/table.py).

Every use case runs on the tournament's one write path (:func:`.reconciliation.act`): the
stream is folded under the tournament lock, the rules check the request against that state,
and a refusal raises before anything is appended.
"""
from __future__ import annotations

import hashlib
import json
import uuid
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _

from game.error_messages import localized
from kernel import refusals
from kernel import idempotency
from systems.kit.framework_events import GAME_ABORTED
from game.models import Game
from kernel.models import IdempotencyRecord
from game.services import end_game
from kernel.store import NewEvent

from .. import events as ev, table
from ..models import Tournament
from ..state import RUNNING
from .reconciliation import act
from .stream import append, load_state, reject


def _pairing(state, pairing_id: str) -> dict:
    pairing = state.pairings.get(str(pairing_id))
    if pairing is None or pairing["bye"]:
        reject(refusals.NOT_FOUND, "pairing_not_found", _("no such pairing in this tournament"))
    return pairing


def _checked(check, *args):
    try:
        return check(*args)
    except table.TableRefusal as refusal:
        reject(refusal.kind, refusal.code, localized(refusal.code, refusal.message))


def _fingerprint(request: dict) -> str:
    return hashlib.sha256(json.dumps(request, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _answered_already(tournament, actor: str, key: str | None, request: dict) -> bool:
    """True if this very request was answered under ``key`` (its ``Idempotency-Key``): a phone
    resending a report it kept while offline gets the first answer and nothing is appended.
    Read under the tournament lock, so two copies sent at once are told apart too."""
    if not key:
        return False
    problem = idempotency.key_problem(key)
    if problem:
        reject(refusals.INVALID, "invalid_idempotency_key", problem)
    record = IdempotencyRecord.objects.filter(user__username=actor, stream=tournament.stream, key=key).first()
    if record is None:
        return False
    if record.fingerprint != _fingerprint(request):
        reject(refusals.UNPROCESSABLE, "idempotency_key_reused",
               _("this Idempotency-Key was used for another result; use a new key"))
    return True


def _remember(tournament, state, actor: str, key: str | None, request: dict) -> None:
    """Store the key with the answer, in the transaction that appended the event."""
    if key:
        IdempotencyRecord.objects.create(user=get_user_model().objects.get(username=actor), key=key,
                                         stream=tournament.stream, fingerprint=_fingerprint(request), status=201,
                                         response={"version": state.version})


def report_leg(tournament_id, pairing_id: str, leg: int, reporter: str, *, winner: str, ended_by: str,
               vp_margin: int | None = None, idempotency_key: str | None = None):
    """``LegReported`` {pairing_id, leg, report_id, reporter, winner, ended_by, vp_margin,
    reported_at}: a player of the pairing says how a leg at the table ended."""
    request = {"action": "report", "pairing_id": str(pairing_id), "leg": leg, "winner": winner,
               "ended_by": ended_by, "vp_margin": vp_margin}

    def work(tournament, state):
        if _answered_already(tournament, reporter, idempotency_key, request):
            return []
        pairing = _pairing(state, pairing_id)
        report = _checked(table.check_leg_result, tournament.system, pairing, leg, winner, ended_by, vp_margin)
        _checked(table.check_report, state, pairing, leg, reporter)
        append(tournament, state, [NewEvent(ev.LEG_REPORTED, {
            "pairing_id": pairing["id"], "leg": leg, "report_id": str(uuid.uuid4()), "reporter": reporter,
            "winner": report.winner, "ended_by": report.ended_by, "vp_margin": report.vp_margin,
            "reported_at": timezone.now().isoformat()})], reporter)
        _remember(tournament, state, reporter, idempotency_key, request)
        return [pairing["id"]]
    return act(tournament_id, reporter, work)


def confirm_leg(tournament_id, pairing_id: str, leg: int, actor: str, report_id: str | None = None,
                idempotency_key: str | None = None):
    """``LegConfirmed`` {pairing_id, leg, report_id, by}: the opponent agrees; the leg counts."""
    request = {"action": "confirm", "pairing_id": str(pairing_id), "leg": leg, "report_id": report_id}

    def work(tournament, state):
        if _answered_already(tournament, actor, idempotency_key, request):
            return []
        pairing = _pairing(state, pairing_id)
        report = _checked(table.pending_report, state, pairing, leg, actor, report_id)
        append(tournament, state, [NewEvent(ev.LEG_CONFIRMED, {
            "pairing_id": pairing["id"], "leg": leg, "report_id": report["report_id"], "by": actor})], actor)
        _remember(tournament, state, actor, idempotency_key, request)
        return [pairing["id"]]
    return act(tournament_id, actor, work)


def dispute_leg(tournament_id, pairing_id: str, leg: int, actor: str, reason: str, report_id: str | None = None,
                idempotency_key: str | None = None):
    """``LegDisputed`` {pairing_id, leg, report_id, by, reason}: the leg waits for a referee."""
    request = {"action": "dispute", "pairing_id": str(pairing_id), "leg": leg, "report_id": report_id,
               "reason": reason}

    def work(tournament, state):
        if _answered_already(tournament, actor, idempotency_key, request):
            return []
        pairing = _pairing(state, pairing_id)
        report = _checked(table.pending_report, state, pairing, leg, actor, report_id)
        if not (reason or "").strip():
            reject(refusals.INVALID, "reason_required", _("say what is wrong with the report"))
        append(tournament, state, [NewEvent(ev.LEG_DISPUTED, {
            "pairing_id": pairing["id"], "leg": leg, "report_id": report["report_id"], "by": actor,
            "reason": reason.strip()})], actor)
        _remember(tournament, state, actor, idempotency_key, request)
        return [pairing["id"]]
    return act(tournament_id, actor, work)


def enter_leg_result(tournament_id, pairing_id: str, leg: int, actor: str, *, winner: str, ended_by: str,
                     reason: str, vp_margin: int | None = None):
    """``LegResultEntered`` {pairing_id, leg, winner, ended_by, vp_margin, by, reason}: a referee
    or the organiser settles a leg (a dispute, a report nobody made, a correction)."""
    def work(tournament, state):
        pairing = _pairing(state, pairing_id)
        report = _checked(table.check_leg_result, tournament.system, pairing, leg, winner, ended_by, vp_margin)
        _checked(table.check_entry, state, pairing, leg, reason)
        append(tournament, state, [NewEvent(ev.LEG_RESULT_ENTERED, {
            "pairing_id": pairing["id"], "leg": leg, "winner": report.winner, "ended_by": report.ended_by,
            "vp_margin": report.vp_margin, "by": actor, "reason": reason.strip()})], actor)
        return [pairing["id"]]
    return act(tournament_id, actor, work)


def move_to_table(tournament_id, pairing_id: str, actor: str):
    """``PairingMovedToTable`` {pairing_id}: an online pairing is played at the table instead
    (before any of its games has a result); its running games end aborted, unrated."""
    def work(tournament, state):
        pairing = _pairing(state, pairing_id)
        if pairing["mode"] == table.AT_TABLE:
            reject(refusals.CONFLICT, "already_at_table", _("this pairing is played at the table already"))
        if pairing["results"]:
            reject(refusals.CONFLICT, "games_recorded", _("a game of this pairing has a result: it stays online"))
        append(tournament, state, [NewEvent(ev.PAIRING_MOVED_TO_TABLE, {"pairing_id": pairing["id"]})], actor)
        running = Game.objects.filter(pk__in=[g["game_id"] for g in pairing["games"].values()],
                                      status=Game.Status.RUNNING).values_list("pk", flat=True)
        for game_id in running:
            end_game(game_id, GAME_ABORTED, {"winner": None, "loser": None, "aborted": True,
                                             "reason": "moved_to_table"}, actor=actor, reason="moved_to_table")
        return [pairing["id"]]
    return act(tournament_id, actor, work)


def due_reports(state, now: datetime) -> list[tuple[str, int, str]]:
    """``(pairing_id, leg, report_id)`` of reports unanswered for the tournament's
    ``auto_confirm_minutes``."""
    wait = timedelta(minutes=state.options["auto_confirm_minutes"])
    return [(p["id"], leg, report["report_id"]) for p, leg, report in table.open_reports(state)
            if report["status"] == table.REPORTED and datetime.fromisoformat(report["reported_at"]) + wait <= now]


def auto_confirm_due_reports(now: datetime | None = None) -> int:
    """Confirm every table report nobody answered in time (the beat task); the number confirmed.

    Each confirmation runs on the write path like the opponent's own, naming the report, so a
    report answered or confirmed meanwhile is left alone (run twice, it confirms once)."""
    now = now or timezone.now()
    confirmed = 0
    for tournament in Tournament.objects.filter(status=RUNNING).only("pk"):
        for pairing_id, leg, report_id in due_reports(load_state(tournament), now):
            confirmed += _auto_confirm(tournament.pk, pairing_id, leg, report_id)
    return confirmed


def _auto_confirm(tournament_id, pairing_id: str, leg: int, report_id: str) -> bool:
    done = []

    def work(tournament, state):
        pairing = state.pairings.get(pairing_id)
        report = pairing and pairing["reports"].get(leg)
        if not report or report["report_id"] != report_id or report["status"] != table.REPORTED:
            return []
        append(tournament, state, [NewEvent(ev.LEG_CONFIRMED, {
            "pairing_id": pairing_id, "leg": leg, "report_id": report_id, "by": table.AUTO_CONFIRM_ACTOR})],
            table.AUTO_CONFIRM_ACTOR)
        done.append(True)
        return [pairing_id]
    act(tournament_id, table.AUTO_CONFIRM_ACTOR, work)
    return bool(done)
