"""Tournament use cases (service.md, "Tournaments", "Referee discipline", "Clocks and timeouts").

Every write locks the tournament row, folds the stream ``tournament-<id>``, appends new events
at the folded version (so the append is exactly-once under concurrency) and then *reconciles*:
creates the pairings the bracket now allows, the games those pairings need, ends the running
games of red-carded pairings, and refreshes the cached projections — all in one transaction.
The decisions themselves are pure (tournament/planner.py, tournament/state.py).
"""
from __future__ import annotations

import uuid
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from game import clocks
from game.framework_events import GAME_ENDED, GAME_FORFEITED, OUTCOME_OVERRIDES
from game.models import Game, StoredEvent
from game.rules.dice import SeededDice, new_seed, seed_commitment
from game.services import CommandRejected, create_game, end_game, sides_for, system_or_reject
from game.store import NewEvent, append_events, read_events

from . import discipline, events as ev, planner, scoring
from .models import Pairing, PairingGame, Tournament, TournamentProjection, TournamentSecret
from .projections import bracket_of, standings_of
from .state import CANCELLED, DEFAULT_OPTIONS, FINISHED, FORMATS, SWISS, TournamentState
from .tiebreaks import TIE_BREAKS

DEFAULT_RATING = 1500
DEFAULT_SCHEME = {"303": scoring.POLISH, "duel-in-the-dark": scoring.VP_AGGREGATE}
DUEL = "duel-in-the-dark"
REFEREE_DECISION_KINDS = ("tie", "dispute", "overrule")


def reject(status: int, code: str, message: str):
    raise CommandRejected(status, code, message)


# -- loading and appending --------------------------------------------------------------------
def load_state(tournament: Tournament) -> TournamentState:
    rows = StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values("seq", "type", "payload")
    return TournamentState(list(rows))


def _lock(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        reject(404, "tournament_not_found", "no such tournament")


def _append(tournament: Tournament, state: TournamentState, events: list[NewEvent], actor: str) -> None:
    rows = append_events(tournament.stream, state.version, events, actor=actor)
    for row in rows:
        state.apply({"seq": row.seq, "type": row.type, "payload": row.payload})


def _action(tournament_id, actor: str, work) -> TournamentState:
    """Run ``work(tournament, state)`` under the tournament lock, then reconcile."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        state = load_state(tournament)
        touched = work(tournament, state)
        return reconcile(tournament, actor, touched)


# -- creation and settings --------------------------------------------------------------------
def _validate_settings(fmt, scheme, options, tie_breaks, penalty_scope, time_control):
    if fmt not in FORMATS:
        reject(400, "unknown_format", f"format must be one of {', '.join(FORMATS)}")
    if scheme not in scoring.SCHEMES:
        reject(400, "unknown_scoring", f"scoring must be one of {', '.join(scoring.SCHEMES)}")
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        reject(400, "unknown_option", f"unknown options: {', '.join(sorted(unknown))}")
    if tie_breaks is not None and (not tie_breaks or set(tie_breaks) - set(TIE_BREAKS)):
        reject(400, "unknown_tie_break", f"tie_breaks must be taken from {', '.join(TIE_BREAKS)}")
    if penalty_scope not in discipline.SCOPES:
        reject(400, "unknown_penalty_scope", "penalty_scope must be 'tournament' or 'pairing'")
    error = clocks.validate_time_control(time_control)
    if error:
        reject(400, "invalid_time_control", error)
    if options.get("check_in_deadline") and not parse_datetime(str(options["check_in_deadline"])):
        reject(400, "invalid_option", "check_in_deadline must be an ISO date-time")


def create_tournament(*, league, name: str, system: str, format: str, created_by, scoring_scheme=None,
                      options=None, tie_breaks=None, penalty_scope=discipline.TOURNAMENT_SCOPE,
                      time_control=None, is_public=True, referees=(), season=None) -> Tournament:
    """``TournamentCreated`` {name, system, format, scoring, options, tie_breaks, penalty_scope,
    time_control, league, season, seed_commitment}."""
    system_or_reject(system)
    scheme = scoring_scheme or DEFAULT_SCHEME.get(system, scoring.GAMES)
    options = dict(options or {})
    _validate_settings(format, scheme, options, tie_breaks, penalty_scope, time_control)
    if season is not None and season.league_id != league.pk:
        raise CommandRejected(400, "season_not_in_league", "the season belongs to another league")
    seed = new_seed()
    with transaction.atomic():
        tournament = Tournament.objects.create(league=league, name=name, system=system, format=format,
                                               scoring=scheme, is_public=is_public, time_control=time_control,
                                               created_by=created_by, season=season)
        TournamentSecret.objects.create(tournament=tournament, seed=seed)
        if referees:
            tournament.referees.set(referees)
        state = TournamentState([])
        _append(tournament, state, [NewEvent(ev.TOURNAMENT_CREATED, {
            "name": name, "system": system, "format": format, "scoring": scheme, "options": options,
            "tie_breaks": tie_breaks, "penalty_scope": penalty_scope, "time_control": time_control,
            "league": league.slug, "season": season.pk if season else None, "is_public": is_public, "seed_commitment": seed_commitment(seed),
        })], created_by.get_username())
        refresh_projection(tournament, state)
    return tournament


def change_settings(tournament_id, changes: dict, actor: str) -> TournamentState:
    """``TournamentSettingsChanged`` {name?, scoring?, options?, tie_breaks?, penalty_scope?,
    time_control?, is_public?} — before the first round only."""
    def work(tournament, state):
        if state.started or state.status == CANCELLED:
            reject(409, "tournament_started", "settings are fixed once the first round has started")
        _validate_settings(state.format, changes.get("scoring", state.scheme), changes.get("options") or {},
                           changes.get("tie_breaks", state.info.get("tie_breaks")),
                           changes.get("penalty_scope", state.penalty_scope),
                           changes.get("time_control", state.info.get("time_control")))
        _append(tournament, state, [NewEvent(ev.SETTINGS_CHANGED, changes)], actor)
        for field in ("name", "scoring", "time_control", "is_public"):
            if field in changes:
                setattr(tournament, field, changes[field])
        tournament.save()
        return []
    return _action(tournament_id, actor, work)


def cancel_tournament(tournament_id, reason: str, actor: str) -> TournamentState:
    """``TournamentCancelled`` {reason} — before the first round only (events are never deleted)."""
    def work(tournament, state):
        if state.started:
            reject(409, "tournament_started", "a started tournament cannot be cancelled")
        _append(tournament, state, [NewEvent(ev.TOURNAMENT_CANCELLED, {"reason": reason})], actor)
        return []
    return _action(tournament_id, actor, work)


# -- entrants ---------------------------------------------------------------------------------
def appoint_referees(tournament_id, users: list) -> None:
    """Set a tournament's referees (service.md "Who uses it"), and its games' referees with them:
    a removed referee loses sight of the games' hidden information, a new one gains it. Under the
    tournament's lock, so a round starting meanwhile creates its games with the new referees."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        tournament.referees.set(users)
        for game in Game.objects.filter(pairing_link__pairing__tournament=tournament):
            game.referees.set(users)


def _deadline_passed(state: TournamentState, now: datetime) -> bool:
    deadline = state.options.get("check_in_deadline")
    return bool(deadline) and now > parse_datetime(str(deadline))


def register(tournament_id, username: str, actor: str, rating=None) -> TournamentState:
    """``EntrantRegistered`` {entrant, rating, late}. Before seeding; later only for Swiss with
    ``late_entry`` (the entrant joins the next round with no points)."""
    def work(tournament, state):
        if state.status in (FINISHED, CANCELLED):
            reject(409, "tournament_closed", "the tournament is over")
        if not get_user_model().objects.filter(username=username, is_active=True).exists():
            reject(400, "unknown_user", f"no active user {username!r}")
        if username in state.entrants:
            reject(409, "already_registered", f"{username} is already registered")
        late = state.seeds is not None
        if late and not (state.format == SWISS and state.options.get("late_entry")):
            reject(409, "registration_closed", "registration closed when the entrants were seeded")
        _append(tournament, state, [NewEvent(ev.ENTRANT_REGISTERED, {
            "entrant": username, "rating": DEFAULT_RATING if rating is None else rating, "late": late})], actor)
        return []
    return _action(tournament_id, actor, work)


def withdraw(tournament_id, username: str, actor: str, reason: str = "") -> TournamentState:
    """``EntrantWithdrawn`` {entrant, reason}. After the start, the entrant forfeits the pairing
    under way (its running games end as forfeits) and every later one."""
    def work(tournament, state):
        entrant = state.entrants.get(username)
        if entrant is None or entrant["withdrawn"]:
            reject(404, "not_an_entrant", f"{username} is not an active entrant")
        if state.status in (FINISHED, CANCELLED):
            reject(409, "tournament_closed", "the tournament is over")
        _append(tournament, state, [NewEvent(ev.ENTRANT_WITHDRAWN, {"entrant": username, "reason": reason})], actor)
        return list(state.pairings)
    return _action(tournament_id, actor, work)


def check_in(tournament_id, username: str, actor: str, now=None) -> TournamentState:
    """``CheckedIn`` {entrant}: until the check-in deadline and before seeding."""
    def work(tournament, state):
        entrant = state.entrants.get(username)
        if entrant is None or entrant["withdrawn"]:
            reject(404, "not_an_entrant", f"{username} is not an active entrant")
        if entrant["checked_in"]:
            reject(409, "already_checked_in", f"{username} has checked in already")
        if state.seeds is not None or _deadline_passed(state, now or timezone.now()):
            reject(409, "check_in_closed", "check-in is closed")
        _append(tournament, state, [NewEvent(ev.CHECKED_IN, {"entrant": username})], actor)
        return []
    return _action(tournament_id, actor, work)


def seed(tournament_id, actor: str, order: list[str] | None = None) -> TournamentState:
    """``Seeded`` {order, method, lot}: by rating (ties broken by a lot from the tournament's fair
    seed, recorded as ``lot``), or the organiser's explicit ``order``. Entrants who have not
    checked in (when required) are left out."""
    def work(tournament, state):
        if state.started or state.status == CANCELLED:
            reject(409, "tournament_started", "seeding is fixed once the first round has started")
        active = state.active_entrants()
        if order is not None:
            if sorted(order) != sorted(active):
                reject(400, "seeding_mismatch", "order must list every active entrant exactly once")
            payload = {"order": list(order), "method": "manual", "lot": None}
        else:
            dice = SeededDice(tournament.secret.seed, tournament.stream, state.version + 1)
            lot = {name: dice.randbelow(2**32) for name in sorted(active)}
            ranked = sorted(active, key=lambda n: (-state.entrants[n]["rating"], lot[n]))
            payload = {"order": ranked, "method": "rating", "lot": lot}
        _append(tournament, state, [NewEvent(ev.SEEDED, payload)], actor)
        return []
    return _action(tournament_id, actor, work)


def start_round(tournament_id, actor: str) -> TournamentState:
    """``RoundStarted`` {round, stage} and the round's ``PairingCreated`` events."""
    def work(tournament, state):
        try:
            started, pairings = planner.start_round(state)
        except planner.CannotStartRound as exc:
            reject(409, exc.code, exc.message)
        _append(tournament, state, [NewEvent(ev.ROUND_STARTED, started)], actor)
        return [_create_pairing(tournament, state, pairing, actor) for pairing in pairings]
    return _action(tournament_id, actor, work)


# -- pairings and games ------------------------------------------------------------------------
def _create_pairing(tournament: Tournament, state: TournamentState, pairing: planner.NewPairing, actor: str) -> str:
    """``PairingCreated`` {pairing_id, key, round, stage, group, a, b, bye, first_sides, lot}.

    The first game's sides are drawn by lot from the tournament's fair seed at this event's seq.
    """
    pid = str(uuid.uuid4())
    first_sides, lot = None, None
    if not pairing.bye:
        sides = sides_for(system_or_reject(tournament.system), {})
        lot = SeededDice(tournament.secret.seed, tournament.stream, state.version + 1).randbelow(2)
        first, second = (pairing.a, pairing.b) if lot == 0 else (pairing.b, pairing.a)
        first_sides = {sides[0]: first, sides[1]: second}
    _append(tournament, state, [NewEvent(ev.PAIRING_CREATED, {
        "pairing_id": pid, "key": pairing.key, "round": pairing.round, "stage": pairing.stage,
        "group": pairing.group, "a": pairing.a, "b": pairing.b, "bye": pairing.bye,
        "first_sides": first_sides, "lot": lot})], actor)
    Pairing.objects.create(id=pid, tournament=tournament, key=pairing.key, round=pairing.round)
    return pid


def _weather_card_of(game: Game):
    """The weather card of a Duel in the Dark game, once drawn (the rematch reuses it)."""
    if game.setup.get("weather_card") is not None:
        return game.setup["weather_card"]
    drawn = next((e for e in read_events(game.stream) if e.type == "WeatherDrawn"), None)
    return drawn.payload.get("card_id") if drawn else None


def _create_pairing_game(tournament: Tournament, state: TournamentState, pid: str, leg: int, actor: str) -> None:
    """``PairingGameCreated`` {pairing_id, leg, game_id, sides, setup}: leg 2 swaps the sides."""
    pairing = state.pairings[pid]
    sides = dict(pairing["first_sides"])
    setup: dict = dict(state.options.get("game_setup") or {})
    if leg == 2:
        first, second = list(sides)
        sides = {first: sides[second], second: sides[first]}
        if tournament.system == DUEL:
            game1 = Game.objects.get(pk=pairing["games"][1]["game_id"])
            card = _weather_card_of(game1)
            if card is not None:
                setup["weather_card"] = card
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=list(sides.values()))}
    game = create_game(system_name=tournament.system, setup=setup,
                       players={side: users[name] for side, name in sides.items()},
                       created_by=tournament.created_by, time_control=tournament.time_control,
                       is_public=tournament.is_public, referees=list(tournament.referees.all()))
    PairingGame.objects.create(game=game, pairing_id=pid, leg=leg)
    _append(tournament, state, [NewEvent(ev.PAIRING_GAME_CREATED, {
        "pairing_id": pid, "leg": leg, "game_id": str(game.pk), "sides": sides, "setup": setup})], actor)


def _victory_points(outcome: dict, sides: dict) -> dict | None:
    points = outcome.get("vp", outcome.get("score"))
    if isinstance(points, dict) and set(sides) <= set(points) and all(
            isinstance(points[s], (int, float)) for s in sides):
        return {name: points[side] for side, name in sides.items()}
    return None


def record_game_result(game_id, result_seq: int) -> bool:
    """``GameResultRecorded`` {pairing_id, leg, game_id, result_seq, winner, loser, winner_side,
    ended_by, aborted, forfeit, reason, vp}; ``ended_by`` notes a ``TimeoutAdjudicated``.
    Idempotent: a game already recorded is skipped. False if the game is no tournament's."""
    link = PairingGame.objects.select_related("pairing").filter(game_id=game_id).first()
    if link is None:
        return False
    with transaction.atomic():
        tournament = _lock(link.pairing.tournament_id)
        state = load_state(tournament)
        pairing = state.pairings[str(link.pairing_id)]
        if link.leg in pairing["results"]:
            return False
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.RUNNING:
            return False
        ending = next((e for e in read_events(game.stream, until=result_seq)
                       if e.type in OUTCOME_OVERRIDES), None)
        outcome = game.outcome or {}
        sides = pairing["games"][link.leg]["sides"]
        winner_side = outcome.get("winner")
        loser = outcome.get("loser")
        _append(tournament, state, [NewEvent(ev.GAME_RESULT_RECORDED, {
            "pairing_id": pairing["id"], "leg": link.leg, "game_id": str(game_id), "result_seq": result_seq,
            "winner": sides.get(winner_side), "winner_side": winner_side, "loser": sides.get(loser),
            "ended_by": ending.type if ending else GAME_ENDED, "aborted": bool(outcome.get("aborted")),
            "forfeit": bool(outcome.get("forfeit")), "reason": outcome.get("reason", ""),
            "vp": _victory_points(outcome, sides)})], "system:tournament")
        reconcile(tournament, "system:tournament", [pairing["id"]], state)
    return True


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
            created = [_create_pairing(tournament, state, p, actor) for p in new]
            scope = None if touched is None else list(touched) + created
            games = planner.games_to_create(state, scope)
            for pid, leg in games:
                _create_pairing_game(tournament, state, pid, leg, actor)
            if not new and not games:
                break
            touched = scope
        if state.is_complete():
            _append(tournament, state, [NewEvent(ev.TOURNAMENT_FINISHED, {"seed": tournament.secret.seed})], actor)
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
    """Store the bracket and standings at the state's version (a cache: writes only refresh the
    status; readers fill the cache when it is stale, see :func:`cached_projection`)."""
    refresh_status(tournament, state)
    projection, _ = TournamentProjection.objects.update_or_create(tournament=tournament, defaults={
        "version": state.version, "bracket": bracket_of(state, tournament.pk),
        "standings": standings_of(state, tournament.pk)})
    return projection


def cached_projection(tournament: Tournament, state: TournamentState) -> TournamentProjection:
    cached = TournamentProjection.objects.filter(tournament=tournament, version=state.version).first()
    return cached or refresh_projection(tournament, state)


# -- knowledge tests, discipline, referee decisions -------------------------------------------
def record_knowledge_test(tournament_id, username: str, score, actor: str) -> TournamentState:
    """``KnowledgeTestScoreRecorded`` {entrant, score}; a later record replaces an earlier one."""
    def work(tournament, state):
        if username not in state.entrants:
            reject(404, "not_an_entrant", f"{username} is not an entrant")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or score < 0:
            reject(400, "invalid_score", "score must be a non-negative number")
        _append(tournament, state, [NewEvent(ev.KNOWLEDGE_TEST_SCORE_RECORDED,
                                             {"entrant": username, "score": score})], actor)
        return list(state.pairings)
    return _action(tournament_id, actor, work)


def issue_penalty(tournament_id, username: str, category: str, text: str, referee: str,
                  pairing_id: str | None = None) -> tuple[TournamentState, dict]:
    """``PenaltyIssued`` {penalty_id, entrant, pairing_id, category, text, referee}; the level
    (warning/yellow/red) is derived by the ladder, so a revocation re-grades what follows.
    Without ``pairing_id`` the entrant's current undecided pairing is taken."""
    penalty_id = str(uuid.uuid4())

    def work(tournament, state):
        if username not in state.entrants:
            reject(404, "not_an_entrant", f"{username} is not an entrant")
        if category not in discipline.OFFENCES:
            reject(400, "unknown_offence", f"category must be one of {', '.join(discipline.OFFENCES)}")
        if not (text or "").strip():
            reject(400, "reason_required", "describe the offence")
        pid = pairing_id
        if pid is None:
            current = state.current_pairing_of(username)
            pid = current["id"] if current else None
        elif pid not in state.pairings or username not in (state.pairings[pid]["a"], state.pairings[pid]["b"]):
            reject(400, "not_in_pairing", "the entrant does not play in that pairing")
        _append(tournament, state, [NewEvent(ev.PENALTY_ISSUED, {
            "penalty_id": penalty_id, "entrant": username, "pairing_id": pid, "category": category,
            "text": text, "referee": referee})], referee)
        return [pid] if pid else []

    state = _action(tournament_id, referee, work)
    graded = next(p for p in state.graded_penalties() if p["id"] == penalty_id)
    return state, graded


def revoke_penalty(tournament_id, penalty_id: str, reason: str, referee: str) -> TournamentState:
    """``PenaltyRevoked`` {penalty_id, reason}: a new event; everything derived is recomputed."""
    def work(tournament, state):
        if not (reason or "").strip():
            reject(400, "reason_required", "a revocation needs a reason")
        penalty = next((p for p in state.penalties if p["id"] == penalty_id), None)
        if penalty is None:
            reject(404, "penalty_not_found", "no such penalty")
        if penalty["revoked"]:
            reject(409, "already_revoked", "the penalty is revoked already")
        _append(tournament, state, [NewEvent(ev.PENALTY_REVOKED, {"penalty_id": penalty_id, "reason": reason})],
                referee)
        return list(state.pairings)
    return _action(tournament_id, referee, work)


def referee_decision(tournament_id, pairing_id: str, kind: str, reason: str, referee: str,
                     winner: str | None = None, score=None) -> TournamentState:
    """``RefereeDecision`` {decision_id, pairing_id, kind, reason, winner?, score?}.

    ``tie``: names the winner of a 1:1 pairing; ``overrule``: sets the pairing's ``score``
    (and a winner for 1:1); ``dispute``: records a ruling, optionally with winner/score.
    A reason is always required.
    """
    def work(tournament, state):
        if kind not in REFEREE_DECISION_KINDS:
            reject(400, "unknown_decision", f"kind must be one of {', '.join(REFEREE_DECISION_KINDS)}")
        if not (reason or "").strip():
            reject(400, "reason_required", "a referee decision needs a written reason")
        pairing = state.pairings.get(str(pairing_id))
        if pairing is None:
            reject(404, "pairing_not_found", "no such pairing")
        if pairing["bye"]:
            reject(409, "bye", "a bye needs no decision")
        if winner is not None and winner not in (pairing["a"], pairing["b"]):
            reject(400, "not_in_pairing", "the winner must play in the pairing")
        if kind == "tie" and winner is None:
            reject(400, "winner_required", "a tie decision names the winner")
        if kind == "overrule" and score is None:
            reject(400, "score_required", "an overrule sets the score")
        if score is not None and (not isinstance(score, list) or len(score) != 2 or
                                  any(isinstance(x, bool) or x not in (0, 1, 2) for x in score) or
                                  sum(score) > scoring.LEGS):
            reject(400, "invalid_score", "score is [games a, games b], each 0..2, at most 2 games")
        payload = {"decision_id": str(uuid.uuid4()), "pairing_id": pairing["id"], "kind": kind, "reason": reason,
                   "referee": referee}
        if winner is not None:
            payload["winner"] = winner
        if score is not None:
            payload["score"] = score
        _append(tournament, state, [NewEvent(ev.REFEREE_DECISION, payload)], referee)
        return [pairing["id"]]
    return _action(tournament_id, referee, work)


def rebuild_projections() -> int:
    """Rebuild every tournament's read models (status, pairing and game indexes, cached bracket
    and standings) from its events; returns the number of tournaments."""
    count = 0
    for tournament in Tournament.objects.all():
        with transaction.atomic():
            state = load_state(tournament)
            for pid, pairing in state.pairings.items():
                Pairing.objects.get_or_create(id=pid, defaults={"tournament": tournament, "key": pairing["key"],
                                                                "round": pairing["round"]})
                for leg, game in pairing["games"].items():
                    PairingGame.objects.get_or_create(game_id=game["game_id"], defaults={"pairing_id": pid, "leg": leg})
            refresh_projection(tournament, state)
        count += 1
    return count
