"""Game use cases: create a game, handle a command, end a game from outside the rules.

Views stay thin and call these; every write goes through ``append_events`` in one
transaction together with the read-model update, the snapshot and the outbox message.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from game import clocks, pauses
from kernel import refusals
from kernel import bounded_json
from kernel import idempotency
from kernel import outbox
from game import clocks, pauses
from .error_messages import localized
from kernel.chain import is_canonical
from .folding import engine_of, evolve_aggregate, game_aggregate, maybe_snapshot, outcome_of, store_head
from systems.kit.framework_events import FRAMEWORK_EVENTS, GAME_CREATED, GAME_ENDED, REVEALED
from .game_read import game_with_seats
from .models import Game, GameSeat, GameSecret, stream_for_game
from kernel.models import OutboxMessage
from accounts.models import bot_names
from kernel.refusals import CommandRejected
from systems.kit.contract import RuleViolation, RuleViolationError, unknown_field
from systems.kit.dice import SeededDice, new_seed, seed_commitment
from systems.registry import UnknownSystem, get_system
from kernel.store import ConcurrencyError, NewEvent, append_and_save, append_events
from .visibility import Sight, may_view_game

BAD_REQUEST_CODES = {"unknown_command", "malformed_command"}
# The read-model columns an append changes (``_commit``).
COMMIT_FIELDS = ["version", "outcome", "clock", "moves_made", "turn_started_at", "to_move", "deadline_at",
                 "status", "finished_at", "head_state", "head_version", "head_ruleset", "head_hash"]




def refused_by_rules(violation: RuleViolation, kind: str = refusals.UNPROCESSABLE) -> CommandRejected:
    """A rules engine's refusal as the answer: its code, its message in the reader's language."""
    return CommandRejected(kind, violation.code, localized(violation.code, violation.message))


def sides_for(system, setup: dict) -> tuple[str, ...]:
    """The sides a game of this setup seats (engines with variable sides say so)."""
    chooser = getattr(system, "sides_for", None)
    return tuple(chooser(setup)) if chooser else tuple(system.sides)


def loss_for(game: Game, loser: str, reason: str, **extra) -> dict:
    """The outcome of ``loser`` losing from outside the rules (timeout, resignation): the other
    side wins when there is exactly one, else nobody does."""
    return loss_among(sides_for(engine_of(game), game.setup), loser, reason, **extra)


def loss_among(sides, loser: str, reason: str, **extra) -> dict:
    others = [s for s in sides if s != loser]
    return {"winner": others[0] if len(others) == 1 else None, "loser": loser, "reason": reason, **extra}


def system_or_reject(name: str):
    try:
        return get_system(name)
    except UnknownSystem:
        raise CommandRejected(refusals.INVALID, "unknown_system",
                              _("unknown game system %(name)r") % {"name": name}) from None


def reject_invalid_setup(system, setup: dict) -> None:
    """Unprocessable, with the engine's code, when its ``validate_setup`` refuses ``setup``."""
    validate = getattr(system, "validate_setup", None)
    violation = validate(setup) if validate else None
    if violation is not None:
        raise refused_by_rules(violation)


def check_setup(system, setup: dict) -> tuple[str, ...]:
    """The sides a game of ``setup`` seats, once the engine accepts the setup (validated and set
    up with throwaway dice), so a setup meant for later games (a tournament's) is refused now."""
    reject_invalid_setup(system, setup)
    try:
        system.initial_state(setup, SeededDice(new_seed(), "setup-check", 1))
    except RuleViolationError as exc:
        raise refused_by_rules(exc.violation) from None
    return sides_for(system, setup)


def create_game(
    *,
    system_name: str,
    setup: dict,
    players: dict,
    created_by=None,
    time_control: dict | None = None,
    rated: bool = True,
    is_public: bool = True,
    referees=(),
    seed: str | None = None,
) -> Game:
    system = system_or_reject(system_name)
    reject_invalid_setup(system, setup)
    sides = sides_for(system, setup)
    if set(players) != set(sides):
        raise CommandRejected(
            refusals.INVALID, "players_do_not_match_sides",
            _("players must be given for exactly the sides %(sides)s") % {"sides": sorted(sides)},
        )
    error = clocks.validate_time_control(time_control)
    if error:
        raise CommandRejected(refusals.INVALID, "invalid_time_control", error)

    game = Game(system=system_name, setup=setup, rated=rated, is_public=is_public,
                created_by=created_by, time_control=time_control, ruleset_version=system.ruleset_version)
    seed = seed or new_seed()
    dice = SeededDice(seed, game.stream, 1)
    try:
        system.initial_state(setup, dice)
    except RuleViolationError as exc:
        raise refused_by_rules(exc.violation) from None
    created = NewEvent(
        GAME_CREATED,
        {
            "system": system_name,
            "ruleset_version": system.ruleset_version,
            "setup": setup,
            "players": {side: user.get_username() for side, user in players.items()},
            "seed_commitment": seed_commitment(seed),
            "time_control": time_control,
            "rated": rated,
        },
        dice=dice.draws or None,
    )
    with transaction.atomic():
        now = timezone.now()
        aggregate = evolve_aggregate(system, None, GAME_CREATED, created.payload, created.dice)
        game.to_move = system.to_move(aggregate["engine"])
        game.clock = clocks.initial_clock(time_control, sides)
        game.turn_started_at = now
        paused = []
        if pauses.is_correspondence(game):  # players already on (or planning) a vacation
            game.vacations, paused = pauses.for_new_game(players, now)
        game.deadline_at = clocks.deadline(time_control, game.clock, game.to_move, now, pauses.pauses_of(game))
        game.version = 1 + len(paused)
        store_head(game, system, aggregate)
        actor = created_by.get_username() if created_by else "system"
        rows = append_events(game.stream, 0, [created, *paused], actor=actor)
        game.head_hash = rows[-1].hash
        game.save()
        GameSeat.objects.bulk_create(GameSeat(game=game, side=s, user=u) for s, u in players.items())
        GameSecret.objects.create(game=game, seed=seed)
        if referees:
            game.referees.set(referees)
        others = [side for side in game.to_move if players[side].get_username() != actor]
        if others:  # whoever created the game knows it is their move
            outbox.hand_over(turn_message(game, others, actor, saved=True))
    return game


def serialize_event(row, sight: Sight) -> dict:
    data = {
        "seq": row.seq,
        "type": row.type,
        "payload": row.payload,
        "visibility": row.visibility,
        "actor": row.actor,
        "recorded_at": row.recorded_at.isoformat() if row.recorded_at else None,
    }
    if sight.everything:
        data["dice"] = row.dice
        data["command"] = row.command
        data["hash"] = row.hash
    return data


def _closing_events(game: Game, outcome: dict) -> list[NewEvent]:
    return [NewEvent(GAME_ENDED, {"outcome": outcome}), NewEvent(REVEALED, {"seed": game.secret.seed})]


def _commit(game: Game, system, aggregate: dict, new_events: list[NewEvent], actor: str,
            acting_side: str | None, reply=None, fields: tuple = ()) -> tuple[list, dict]:
    """Fold, close the game if it ended, then write the events with the read model, the outbox
    message of a finished game and the idempotency record ``reply(rows)``, all at once
    (``store.append_and_save``); :class:`ConcurrencyError` if the game moved on meanwhile."""
    previous = game.version
    for e in new_events:
        aggregate = evolve_aggregate(system, aggregate, e.type, e.payload, e.dice)
    outcome = outcome_of(system, aggregate)
    if outcome is not None and not any(e.type == GAME_ENDED for e in new_events):
        closing = _closing_events(game, outcome)
        for e in closing:
            aggregate = evolve_aggregate(system, aggregate, e.type, e.payload, e.dice)
        new_events = new_events + closing

    now = timezone.now()
    game.version = previous + len(new_events)
    game.outcome = outcome
    paused = pauses.pauses_of(game)
    if acting_side is not None:
        game.clock = clocks.charge(game.time_control, game.clock, acting_side, game.turn_started_at, now, paused)
        game.moves_made += 1
    new_to_move = [] if outcome is not None else system.to_move(aggregate["engine"])
    if new_to_move != game.to_move or acting_side is not None:
        game.turn_started_at = now
    turn_passed_to = [side for side in new_to_move if side not in game.to_move]
    game.to_move = new_to_move
    game.deadline_at = clocks.deadline(game.time_control, game.clock, game.to_move, game.turn_started_at, paused)
    store_head(game, system, aggregate)
    finished = None
    if outcome is not None:
        game.status = Game.Status.ABORTED if outcome.get("aborted") else Game.Status.FINISHED
        game.finished_at = now
        game.deadline_at = None
        if not game.sandbox:  # a sandbox never counts: no rating, tournament or webhook hears of it
            finished = OutboxMessage(topic=outbox.GAME_FINISHED, payload={"game_id": str(game.pk),
                                                                          "result_seq": game.version})
    # Nobody else plays a sandbox: its turns are told only to a practice bot holding a seat.
    telling = outcome is None and turn_passed_to and (not game.sandbox or _bot_to_move(game, turn_passed_to))
    turn = turn_message(game, turn_passed_to, actor) if telling else None

    def before_write(rows):
        game.head_hash = rows[-1].hash
        return [m for m in (finished, turn, reply(rows) if reply else None) if m is not None]

    rows = append_and_save(game.stream, previous, new_events, actor, previous_hash=game.head_hash or None,
                           row=game, fields=COMMIT_FIELDS + list(fields), before_write=before_write)
    maybe_snapshot(game.system, game.stream, previous, game.version, aggregate, game.ruleset_version or None)
    for message in (finished, turn):
        if message is not None:
            outbox.hand_over(message)
    return rows, aggregate


def _bot_to_move(game: Game, sides: list[str]) -> bool:
    return bool(bot_names(seat.user.get_username() for seat in game.seats.all() if seat.side in sides))


def turn_message(game: Game, sides: list[str], actor: str, saved: bool = False) -> OutboxMessage:
    """The outbox message telling the players of ``sides`` it is their move (notifications/)."""
    message = OutboxMessage(topic=outbox.TURN_PASSED, payload={
        "game_id": str(game.pk), "version": game.version, "sides": sides, "actor": actor})
    if saved:
        message.save()
    return message


def lock_game(game_id) -> Game:
    """The game row, locked until the transaction ends: ``end_game`` runs one at a time per game."""
    try:
        return Game.objects.defer(None).select_for_update(of=("self",)).select_related("secret").get(pk=game_id)
    except Game.DoesNotExist:
        raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game")) from None


def game_and_seats(game_id, user) -> tuple[Game, set[str]]:
    """The game and the sides ``user`` plays in it, in one query (``game_read``): the game row and
    its secret joined to the user's seat rows. Nothing is locked: the write checks that the game
    is still at the version read (``store.append_and_save``)."""
    found = game_with_seats(game_id, user.pk)
    if found is None:
        raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
    return found


def acting_side(user, game: Game, seats: set[str], side: str | None) -> str:
    """The side ``user`` acts for in the running ``game`` (their only seat unless they name one)."""
    if not seats:
        if not may_view_game(user, game):
            raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
        raise CommandRejected(refusals.FORBIDDEN, "not_a_player", _("you do not play in this game"))
    if side is None and len(seats) == 1:
        side = next(iter(seats))
    if side not in seats:
        raise CommandRejected(refusals.FORBIDDEN, "not_your_side",
                              _("you do not play side %(side)r in this game") % {"side": side})
    if game.status != Game.Status.RUNNING:
        raise CommandRejected(refusals.CONFLICT, "game_over", _("the game has ended"), {"version": game.version})
    return side


def _stored_reply(user, stream: str, key: str | None, fingerprint: str):
    """The first answer to this request under ``key``; a different request under a used key is refused."""
    if not key:
        return None
    record = idempotency.stored(user, stream, key)
    if record is None:
        return None
    if record.fingerprint and record.fingerprint != fingerprint:
        raise CommandRejected(refusals.UNPROCESSABLE, "idempotency_key_reused",
                              _("this Idempotency-Key was used for another command in this game; use a new key"))
    return record.status, record.response


def refuse_unknown_field(system, command: dict) -> None:
    """Unprocessable, naming the first field the engine does not accept for this command type: nothing
    the rules do not read is stored in the append-only history."""
    name = unknown_field(system, command)
    if name is not None:
        raise CommandRejected(refusals.UNPROCESSABLE, "unknown_field",
                              _("a %(type)s command has no field %(field)r") % {
            "type": command["type"], "field": name}, {"field": name})


def submit_command(*, game_id, user, command, expected_version, side: str | None = None,
                   idempotency_key: str | None = None) -> tuple[int, dict]:
    """Handle one player command; returns ``(status, body)`` or raises :class:`CommandRejected`."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise CommandRejected(refusals.INVALID, "malformed_command",
                              _("command must be an object with a string 'type'"))
    if isinstance(expected_version, bool) or not isinstance(expected_version, int) or expected_version < 0:
        raise CommandRejected(refusals.INVALID, "malformed_command",
                              _("expected_version must be a non-negative integer"))
    try:
        bounded_json.check(command)
    except bounded_json.RefusedJson as exc:
        raise CommandRejected(refusals.INVALID, exc.code, exc.message) from None
    if not is_canonical(command):
        raise CommandRejected(refusals.INVALID, "malformed_command",
                              _("numbers must be finite, integers within ±(2^53 - 1)"))
    if idempotency_key and idempotency.key_problem(idempotency_key):
        raise CommandRejected(refusals.INVALID, "invalid_idempotency_key", idempotency.key_problem(idempotency_key))
    stream = stream_for_game(game_id)
    fingerprint = idempotency.fingerprint(command, expected_version, side) if idempotency_key else ""
    replay = _stored_reply(user, stream, idempotency_key, fingerprint)
    if replay:
        return replay
    game, seats = game_and_seats(game_id, user)
    side = acting_side(user, game, seats, side)
    if expected_version != game.version:
        raise CommandRejected(refusals.CONFLICT, "stale_version",
                              _("the game is at version %(version)s") % {"version": game.version},
                              {"version": game.version})

    system = engine_of(game)
    refuse_unknown_field(system, command)
    aggregate = game_aggregate(game)
    dice = SeededDice(game.secret.seed, game.stream, game.version + 1)
    try:
        decided = system.decide(aggregate["engine"], command, side, dice)
    except RuleViolationError as exc:
        decided = exc.violation
    if isinstance(decided, RuleViolation):
        kind = refusals.INVALID if decided.code in BAD_REQUEST_CODES else refusals.UNPROCESSABLE
        raise refused_by_rules(decided, kind)
    if not decided:
        raise CommandRejected(refusals.UNPROCESSABLE, "no_effect", _("the command changes nothing"))
    reserved = [e.type for e in decided if e.type in FRAMEWORK_EVENTS]
    if reserved:
        raise RuntimeError(f"{game.system} engine emitted reserved event types {reserved}")
    new_events = [NewEvent(e.type, e.payload, e.visibility) for e in decided]
    new_events[0].dice = dice.draws or None
    new_events[0].command = {"side": side, **command}
    body = {}

    def reply(rows):
        ended = game.status != Game.Status.RUNNING
        sight = Sight(frozenset(seats), ended, ended)
        body.update(version=game.version,
                    events=[serialize_event(r, sight) for r in rows if sight.may_see(r.visibility)])
        if idempotency_key:
            return idempotency.record(user, game.stream, idempotency_key, fingerprint, body)
        return None

    try:
        _commit(game, system, aggregate, new_events, user.get_username(), side, reply)
    except ConcurrencyError as exc:
        replay = _stored_reply(user, stream, idempotency_key, fingerprint)  # a concurrent retry of this very command won
        if replay:
            return replay
        raise CommandRejected(refusals.CONFLICT, "stale_version",
                              _("the game is at version %(current)s") % {"current": exc.current},
                              {"version": exc.current}) from None
    return 201, body


def end_game(game_id, event_type: str, outcome: dict, actor: str, expected_version: int | None = None,
             reason: str = "", command: dict | None = None) -> Game:
    """Append a framework event that ends a running game (timeout, forfeit, abort).

    With ``expected_version`` the append is conditional: if anybody moved meanwhile the
    stream is no longer at that version and :class:`ConcurrencyError` is raised. A player's own
    ending (resign, abort by agreement) records his ``command``, as a move does: an import
    re-derives the ending from it (game/imports.py).
    """
    with transaction.atomic():
        game = lock_game(game_id)
        if expected_version is not None and expected_version != game.version:
            raise ConcurrencyError(game.stream, expected_version, game.version)
        if game.status != Game.Status.RUNNING:
            raise CommandRejected(refusals.CONFLICT, "game_over", _("the game has ended"), {"version": game.version})
        payload = {"outcome": outcome, "reason": reason}
        append_framework_events(game, [NewEvent(event_type, payload, command=command)] + _closing_events(game, outcome),
                                actor)
    return game


def append_framework_events(game: Game, events: list[NewEvent], actor: str, fields: tuple = ()) -> list:
    """Append the service's own events to the running ``game`` read at its version (an ending
    with its outcome, an abort proposal, a vacation with the row's ``fields`` it changed);
    :class:`ConcurrencyError` if it moved on meanwhile."""
    rows, _ = _commit(game, engine_of(game), game_aggregate(game), events, actor, None, fields=fields)
    return rows
