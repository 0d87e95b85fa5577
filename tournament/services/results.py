"""Recording the results of a tournament's games (docs/rules/service.md, "Tournaments", "Clocks and timeouts")."""
from __future__ import annotations

from django.db import transaction

from systems.kit.framework_events import GAME_ENDED, OUTCOME_OVERRIDES
from game.models import Game
from kernel.models import StoredEvent
from kernel.store import NewEvent, read_events

from .. import events as ev
from ..models import PairingGame
from ..state import RUNNING
from ..table import AT_TABLE
from .reconciliation import reconcile
from .stream import append, load_state, lock


def _victory_points(outcome: dict, sides: dict) -> dict | None:
    points = outcome.get("vp", outcome.get("score"))
    if isinstance(points, dict) and set(sides) <= set(points) and all(
            isinstance(points[s], (int, float)) for s in sides):
        return {name: points[side] for side, name in sides.items()}
    return None


def record_game_result(game_id, result_seq: int) -> bool:
    """``GameResultRecorded`` {pairing_id, leg, game_id, result_seq, winner, loser, winner_side,
    ended_by, aborted, forfeit, reason, vp, game_head_hash}; ``ended_by`` notes a ``TimeoutAdjudicated``;
    ``game_head_hash`` chains the game's history into the tournament's (kernel/chain.py).
    Idempotent: a game already recorded is skipped. False if the game is no tournament's."""
    link = PairingGame.objects.select_related("pairing").filter(game_id=game_id).first()
    if link is None:
        return False
    with transaction.atomic():
        tournament = lock(link.pairing.tournament_id)
        state = load_state(tournament)
        pairing = state.pairings.get(str(link.pairing_id))
        if pairing is None or link.leg in pairing["results"] or pairing["mode"] == AT_TABLE:
            return False  # voided, recorded already, or moved to the table (its games were aborted)
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.RUNNING:
            return False
        ending = next((e for e in read_events(game.stream, until=result_seq)
                       if e.type in OUTCOME_OVERRIDES), None)
        outcome = game.outcome or {}
        sides = pairing["games"][link.leg]["sides"]
        winner_side = outcome.get("winner")
        loser = outcome.get("loser")
        append(tournament, state, [NewEvent(ev.GAME_RESULT_RECORDED, {
            "pairing_id": pairing["id"], "leg": link.leg, "game_id": str(game_id), "result_seq": result_seq,
            "winner": sides.get(winner_side), "winner_side": winner_side, "loser": sides.get(loser),
            "ended_by": ending.type if ending else GAME_ENDED, "aborted": bool(outcome.get("aborted")),
            "forfeit": bool(outcome.get("forfeit")), "reason": outcome.get("reason", ""),
            "vp": _victory_points(outcome, sides), "game_head_hash": game.head_hash})], "system:tournament")
        reconcile(tournament, "system:tournament", [pairing["id"]], state)
    return True



def record_missed_results(finished_before) -> int:
    """The reconciliation pass: record every result of a running tournament's online game that
    finished before ``finished_before`` and is missing from its stream (its message was lost
    with the broker before the honest outbox, or is still not consumed). Exactly once:
    :func:`record_game_result` checks under the tournament's lock. Returns how many it recorded."""
    links = (PairingGame.objects.filter(pairing__voided=False, game__finished_at__lt=finished_before,
                                        pairing__tournament__status=RUNNING)
             .exclude(game__status=Game.Status.RUNNING)
             .values_list("pairing__tournament_id", "game_id", "game__version"))
    by_tournament: dict[int, list] = {}
    for tournament_id, game_id, version in links:
        by_tournament.setdefault(tournament_id, []).append((str(game_id), version))
    recorded = 0
    for tournament_id, games in by_tournament.items():
        done = set(StoredEvent.objects.filter(stream=ev.stream_for(tournament_id), type=ev.GAME_RESULT_RECORDED)
                   .values_list("payload__game_id", flat=True))
        recorded += sum(record_game_result(game_id, version) for game_id, version in games if game_id not in done)
    return recorded
