"""Bringing a tournament's games and pairings in line with its stream (docs/rules/service.md, "Tournaments").

After every write (:func:`act`) the tournament is *reconciled* in the same transaction: the
pairings the bracket now allows are created, with the games those pairings need; the running
games of red-carded or withdrawn entrants end; the cached projections are refreshed. The
decisions themselves are pure (tournament/planner.py, tournament/state.py).
"""
from __future__ import annotations

import uuid

from django.contrib.auth import get_user_model
from django.db import transaction

from systems.kit.framework_events import GAME_ABORTED, GAME_FORFEITED
from game.models import Game
from systems import registry
from systems.kit.dice import SeededDice
from game.services import create_game, end_game, sides_for, system_or_reject
from kernel.refusals import CommandRejected
from kernel.store import NewEvent, head_hash, read_events

from .. import discipline, events as ev, planner, table
from ..models import Pairing, PairingGame, Tournament, TournamentProjection
from ..projections import bracket_of, standings_of
from ..state import CANCELLED, FINISHED, TournamentState
from .stream import append, load_state, lock


def act(tournament_id, actor: str, work) -> TournamentState:
    """Run ``work(tournament, state)`` under the tournament lock, then reconcile."""
    with transaction.atomic():
        tournament = lock(tournament_id)
        state = load_state(tournament)
        touched = work(tournament, state)
        return reconcile(tournament, actor, touched)


def create_pairing(tournament: Tournament, state: TournamentState, pairing: planner.NewPairing, actor: str) -> str:
    """``PairingCreated`` {pairing_id, key, round, stage, group, a, b, bye, first_sides, lot, table, mode}.

    The first game's sides are drawn by lot from the tournament's fair seed at this event's seq.
    ``table``: the round's lowest free table number; ``mode``: the tournament's play mode.
    """
    pid = str(uuid.uuid4())
    first_sides, lot, number, mode = None, None, None, None
    if not pairing.bye:
        number = table.next_table(list(state.pairings.values()) + list(state.voided.values()), pairing.round)
        mode = state.options["play_mode"]
        sides = sides_for(system_or_reject(tournament.system), {})
        lot = SeededDice(tournament.secret.seed, tournament.stream, state.version + 1).randbelow(2)
        first, second = (pairing.a, pairing.b) if lot == 0 else (pairing.b, pairing.a)
        first_sides = {sides[0]: first, sides[1]: second}
    append(tournament, state, [NewEvent(ev.PAIRING_CREATED, {
        "pairing_id": pid, "key": pairing.key, "round": pairing.round, "stage": pairing.stage,
        "group": pairing.group, "a": pairing.a, "b": pairing.b, "bye": pairing.bye,
        "first_sides": first_sides, "lot": lot, "table": number, "mode": mode})], actor)
    Pairing.objects.create(id=pid, tournament=tournament, key=pairing.key, round=pairing.round)
    return pid


def _create_pairing_game(tournament: Tournament, state: TournamentState, pid: str, leg: int, actor: str) -> None:
    """``PairingGameCreated`` {pairing_id, leg, game_id, sides, setup}: leg 2 swaps the sides."""
    pairing = state.pairings[pid]
    sides = table.leg_sides(pairing, leg)
    setup: dict = dict(state.options.get("game_setup") or {})
    described = registry.find(tournament.system)
    rematch = described.rematch_setup if described else None
    if leg == 2 and rematch:  # the rematch may reuse what the match drew (the Duel's weather)
        game1 = Game.objects.get(pk=pairing["games"][1]["game_id"])
        setup.update(registry.load(rematch)(game1.setup or {}, read_events(game1.stream)))
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=list(sides.values()))}
    game = create_game(system_name=tournament.system, setup=setup,
                       players={side: users[name] for side, name in sides.items()},
                       created_by=tournament.created_by, time_control=tournament.time_control,
                       is_public=tournament.is_public, referees=list(tournament.referees.all()))
    PairingGame.objects.create(game=game, pairing_id=pid, leg=leg)
    append(tournament, state, [NewEvent(ev.PAIRING_GAME_CREATED, {
        "pairing_id": pid, "leg": leg, "game_id": str(game.pk), "sides": sides, "setup": setup})], actor)


def _end_running_games(tournament: Tournament, state: TournamentState, pid: str, out: set[str], reason: str) -> bool:
    """End the pairing's running games as forfeits by the entrants in ``out`` (events kept)."""
    pairing = state.pairings[pid]
    ended = False
    for leg, game in pairing["games"].items():
        if leg in pairing["results"]:
            continue
        if not Game.objects.filter(pk=game["game_id"], status=Game.Status.RUNNING).exists():
            continue
        losers = [side for side, name in game["sides"].items() if name in out]
        winners = [side for side, name in game["sides"].items() if name not in out]
        outcome = {"winner": winners[0] if len(winners) == 1 else None,
                   "loser": losers[0] if len(losers) == 1 else None, "reason": reason, "forfeit": True}
        try:
            end_game(game["game_id"], GAME_FORFEITED, outcome, actor="system:tournament", reason=reason)
        except CommandRejected:
            continue
        ended = True
    return ended


def void_pairings(state: TournamentState, pids: list[str], actor: str) -> None:
    """Voided pairings (``PairingVoided``, already folded into ``state``): marked in the read
    model, their games still running end aborted (kept, not rated). Their results stay recorded
    in the stream but count no more; the bracket creates the pairings again."""
    if not pids:
        return
    Pairing.objects.filter(pk__in=pids).update(voided=True)
    games = [g["game_id"] for pid in pids for g in state.voided[pid]["games"].values()]
    for game_id in Game.objects.filter(pk__in=games, status=Game.Status.RUNNING).values_list("pk", flat=True):
        end_game(game_id, GAME_ABORTED, {"winner": None, "loser": None, "aborted": True, "reason": "pairing_voided"},
                 actor=actor, reason="pairing_voided")


def reconcile(tournament: Tournament, actor: str, touched=None, state: TournamentState | None = None) -> TournamentState:
    """Bring games and pairings in line with the stream; refresh the cached projections.

    Must run under the tournament lock. Ending a game feeds ``record_game_result`` (inline when
    Celery is eager), which appends to this stream, so the state is re-read after that.
    """
    state = state or load_state(tournament)
    forfeits = _forfeited_pairings(state)
    ended = False
    for pid, (out, reason) in forfeits.items():
        ended |= _end_running_games(tournament, state, pid, out, reason)
    if ended:
        state = load_state(tournament)
    if state.status not in (FINISHED, CANCELLED):
        while True:
            new = planner.bracket_pairings(state)
            created = [create_pairing(tournament, state, p, actor) for p in new]
            scope = None if touched is None else list(touched) + created
            games = planner.games_to_create(state, scope)
            for pid, leg in games:
                _create_pairing_game(tournament, state, pid, leg, actor)
            if not new and not games:
                break
            touched = scope
        if state.is_complete():
            # ``head_hash``: the history before this last event, published with its result (kernel/chain.py).
            append(tournament, state, [NewEvent(ev.TOURNAMENT_FINISHED, {
                "seed": tournament.secret.seed, "head_hash": head_hash(tournament.stream)})], actor)
    refresh_status(tournament, state)
    return state


def _forfeited_pairings(state: TournamentState) -> dict[str, tuple[set, str]]:
    out: dict[str, tuple[set, str]] = {}
    for pid, names in discipline.red_cards(state.graded_penalties()).items():
        if pid in state.pairings:
            out[pid] = (set(names), "red_card")
    for pid, pairing in state.pairings.items():
        if pairing["withdrawn"] and pid not in out:
            out[pid] = (set(pairing["withdrawn"]), "withdrawn")
    return out


def refresh_status(tournament: Tournament, state: TournamentState) -> None:
    if tournament.status != state.status:
        Tournament.objects.filter(pk=tournament.pk).update(status=state.status)
        tournament.status = state.status


def refresh_projection(tournament: Tournament, state: TournamentState) -> TournamentProjection:
    """Refresh the status and store the bracket and standings at the state's version (a cache:
    writes only refresh the status; readers fill the cache when it is stale, see :func:`cached_projection`)."""
    refresh_status(tournament, state)
    return _store_projection(tournament, state)


def _store_projection(tournament: Tournament, state: TournamentState) -> TournamentProjection:
    fields = {"version": state.version, "bracket": bracket_of(state, tournament.pk),
              "standings": standings_of(state, tournament.pk)}
    # Only forward: a reader that folded an older state (a slower request, or a replica behind
    # the primary) leaves a newer projection in place.
    if not TournamentProjection.objects.filter(tournament=tournament, version__lte=state.version).update(**fields):
        TournamentProjection.objects.get_or_create(tournament=tournament, defaults=fields)
    return TournamentProjection(tournament=tournament, **fields)


def cached_projection(tournament: Tournament, state: TournamentState) -> TournamentProjection:
    """The projection at the state's version, filled in if missing. The state may be a replica's,
    behind the primary (kernel/replica.py): the status is left to the writers."""
    cached = TournamentProjection.objects.filter(tournament=tournament, version=state.version).first()
    return cached or _store_projection(tournament, state)
