"""Importing an exported game, and a player claiming his seat in it (docs/rules/service.md "Replays"; issue 24).

An export is evidence of a history, not of who played it: with the seed revealed anyone can
write commands that replay. So an import is stored only when every event in it is what this
service would have recorded — each one re-derived here, by the rules engine, from the recorded
commands and the dice the seed gives — and it seats nobody: the game carries the players' names
as its history records them (``Game.recorded_players``) until a local user of that name claims
his seat himself. It is never rated.

Endings from outside the rules are re-derived only where a player's recorded command justifies
them: a resignation (``{"type": "resign"}`` of the resigning side) and an abort by agreement
(``{"type": "abort"}`` of every seated side, before the second side's first move). A timeout, a
forfeit or an abort decided by a tournament or a clock rests on facts the history does not hold
(the time, an organiser's decision), so a game ended that way cannot be imported.
"""
from __future__ import annotations

import json
import re
import uuid

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import refusals
from kernel import bounded_json
from kernel.chain import first_break
from .endings import ABORT_COMMAND, ABORTED_BY_AGREEMENT, RESIGN_COMMAND, RESIGNED
from .folding import evolve_aggregate, outcome_of
from systems.kit.framework_events import (
    ABORT_PROPOSED, FRAMEWORK_EVENTS, GAME_ABORTED, GAME_CREATED, GAME_ENDED, GAME_FORFEITED, GAME_RESIGNED,
    REVEALED, TIMEOUT_ADJUDICATED, VACATION_ENDED, VACATION_SCHEDULED,
)
from .models import Game, GameSeat, GameSecret, stream_for_game
from .replay import EXPORT_FORMAT, EventRecord
from systems.kit.contract import RuleViolation, RuleViolationError, unknown_field, upcast_stored
from systems.kit.dice import SeededDice, seed_commitment
from systems.registry import UnknownSystem, get_system
from .services import loss_among, sides_for
from kernel.refusals import CommandRejected
from kernel.store import ConcurrencyError, NewEvent, append_events
from .visibility import may_view_game

UNPROVABLE_ENDINGS = {TIMEOUT_ADJUDICATED, GAME_FORFEITED, GAME_ABORTED}
CLOCK_PAUSES = {VACATION_SCHEDULED, VACATION_ENDED}
HASH = re.compile(r"[0-9a-f]{64}")


def malformed(message: str) -> CommandRejected:
    return CommandRejected(refusals.INVALID, "malformed_import", message)


def refused(code: str, seq: int, message: str) -> CommandRejected:
    return CommandRejected(refusals.UNPROCESSABLE, code, message, {"seq": seq})


# -- reading an export --------------------------------------------------------------------------

def parse(text: str) -> tuple[str, list[EventRecord]]:
    """The stream and the events of an export, each field of the type an event has, or an invalid
    request refused."""
    lines = [line for line in text.splitlines() if line.strip()]
    values = []
    for number, line in enumerate(lines, start=1):
        try:
            values.append(bounded_json.loads(line))
        except bounded_json.RefusedJson as exc:
            raise malformed(_("line %(line)s: %(error)s") % {"line": number, "error": exc.message}) from None
    if not values or not isinstance(values[0], dict) or values[0].get("format") != EXPORT_FORMAT:
        raise malformed(_("first line must be a %(format)s header") % {"format": EXPORT_FORMAT})
    header = values[0]
    try:
        stream = stream_for_game(uuid.UUID(str(header.get("stream", "")).removeprefix("game-")))
    except ValueError:
        stream = None
    if stream != header.get("stream"):
        raise malformed(_("the header's stream must be game-<uuid>"))
    records = [event_record(line, number) for number, line in enumerate(values[1:], start=2)]
    if not records:
        raise malformed(_("the export holds no events"))
    if header.get("head_hash") != records[-1].hash:
        raise malformed(_("the header's head_hash is not the last event's hash"))
    return stream, records


def event_record(line, number: int) -> EventRecord:
    problem = line_problem(line)
    if problem:
        raise malformed(_("line %(line)s is not an event: %(error)s") % {"line": number, "error": problem})
    return EventRecord(seq=line["seq"], type=line["type"], payload=line["payload"],
                       visibility=line.get("visibility", "public"), actor=line.get("actor", ""), dice=line.get("dice"),
                       command=line.get("command"), recorded_at=line.get("recorded_at"), hash=line["hash"])


def line_problem(line) -> str | None:
    """What makes ``line`` no event (in words), else None."""
    if not isinstance(line, dict):
        return _("an event is a JSON object")
    checks = [
        ("seq", isinstance(line.get("seq"), int) and not isinstance(line.get("seq"), bool) and line["seq"] >= 1,
         _("'seq' must be a positive integer")),
        ("type", isinstance(line.get("type"), str), _("'type' must be a string")),
        ("payload", isinstance(line.get("payload"), dict), _("'payload' must be an object")),
        ("visibility", isinstance(line.get("visibility", "public"), str), _("'visibility' must be a string")),
        ("actor", isinstance(line.get("actor", ""), str), _("'actor' must be a string")),
        ("dice", line.get("dice") is None or is_draw_list(line["dice"]),
         _("'dice' must be a list of [index, n, value] draws")),
        ("command", line.get("command") is None or isinstance(line["command"], dict), _("'command' must be an object")),
        ("recorded_at", line.get("recorded_at") is None or isinstance(line["recorded_at"], str),
         _("'recorded_at' must be a string")),
        ("hash", isinstance(line.get("hash"), str) and HASH.fullmatch(line["hash"]) is not None,
         _("'hash' must be 64 hexadecimal digits")),
    ]
    return next((message for _field, ok, message in checks if not ok), None)


def is_draw_list(dice) -> bool:
    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)
    return isinstance(dice, list) and all(
        isinstance(d, list) and len(d) == 3 and all(is_int(v) for v in d) and d[1] >= 1 for d in dice)


# -- re-deriving every event ---------------------------------------------------------------------

def same(a, b) -> bool:
    return json.loads(json.dumps(a)) == json.loads(json.dumps(b))


class Rederivation:
    """Walks a history as the service would have written it, event by event."""

    def __init__(self, stream: str, records: list[EventRecord]):
        self.stream, self.records = stream, records
        created = records[0]
        if created.type != GAME_CREATED or created.seq != 1 or created.command is not None:
            raise refused("import_not_derivable", created.seq, _("the history must open with GameCreated"))
        payload = created.payload
        try:
            self.system = get_system(payload.get("system")) if isinstance(payload.get("system"), str) else None
        except UnknownSystem:
            self.system = None
        if self.system is None:
            raise refused("import_rejected", 1, _("unknown system %(system)r") % {"system": payload.get("system")})
        self.setup, self.players = payload.get("setup"), payload.get("players")
        if not isinstance(self.setup, dict) or not isinstance(self.players, dict) or \
                not all(isinstance(n, str) and n for n in self.players.values()):
            raise refused("import_not_derivable", 1, _("GameCreated must name the setup and each side's player"))
        validate = getattr(self.system, "validate_setup", None)
        try:  # an untrusted setup: the engine may not even read it
            valid = (validate(self.setup) if validate else None) is None
            self.sides = sides_for(self.system, self.setup)
        except Exception:
            valid = False
        if not valid:
            raise refused("import_not_derivable", 1, _("the rules refuse the game's setup"))
        if set(self.players) != set(self.sides):
            raise refused("import_not_derivable", 1, _("GameCreated must seat exactly the sides %(sides)s")
                          % {"sides": sorted(self.sides)})
        closing = records[-1]
        self.seed = closing.payload.get("seed") if closing.type == REVEALED else None
        if not isinstance(self.seed, str) or seed_commitment(self.seed) != payload.get("seed_commitment"):
            raise refused("import_rejected", closing.seq, _("seed missing or does not match its commitment"))
        self.aggregate = None
        self.proposed: set[str] = set()  # players who proposed to abort
        self.moved: set[str] = set()  # sides that had a move accepted
        self.outcome = None

    def run(self) -> dict:
        dice = SeededDice(self.seed, self.stream, 1)
        try:
            self.system.initial_state(self.setup, dice)
        except Exception:  # an untrusted setup the engine cannot even start from
            raise refused("import_not_derivable", 1, _("the rules refuse the game's setup")) from None
        self.expect(0, [NewEvent(GAME_CREATED, self.records[0].payload, dice=dice.draws or None)])
        position = 1
        while self.outcome is None:
            if position >= len(self.records):
                raise refused("import_not_derivable", len(self.records), _("the history does not end the game"))
            position += self.expect(position, self.step(self.records[position]))
        if position != len(self.records):
            seq = self.records[position].seq
            raise refused("import_not_derivable", seq, _("event %(seq)s comes after the game's end") % {"seq": seq})
        return self.outcome

    def step(self, record: EventRecord) -> list[NewEvent]:
        """The events the service records for the command at ``record`` (the first of them)."""
        if record.command is None:
            if record.type in CLOCK_PAUSES:
                return self.pause(record)
            if record.type in UNPROVABLE_ENDINGS:
                raise refused("import_unprovable_ending", record.seq, _(
                    "event %(seq)s ends the game by a clock, a tournament or an organiser (%(type)s): the history "
                    "cannot prove it, so such a game cannot be imported") % {"seq": record.seq, "type": record.type})
            raise refused("import_not_derivable", record.seq,
                          _("event %(seq)s is not produced by any recorded command") % {"seq": record.seq})
        command = dict(record.command)
        side = command.pop("side", None)
        if not isinstance(side, str) or side not in self.players or not isinstance(command.get("type"), str):
            raise refused("import_not_derivable", record.seq,
                          _("the command at %(seq)s is not a seated side's command") % {"seq": record.seq})
        if record.type in FRAMEWORK_EVENTS:
            return self.ending(record, side, command)
        return self.move(record, side, command)

    def pause(self, record: EventRecord) -> list[NewEvent]:
        """A seated player's vacation is kept as recorded: it stops a clock (game/vacations.py),
        which an import does not run, and folds to nothing, so it cannot change the outcome."""
        payload = record.payload if isinstance(record.payload, dict) else {}
        if self.players.get(payload.get("side")) != payload.get("player") or record.visibility != "public":
            raise refused("import_not_derivable", record.seq,
                          _("event %(seq)s is not a seated player's vacation") % {"seq": record.seq})
        return [NewEvent(record.type, record.payload)]

    def move(self, record: EventRecord, side: str, command: dict) -> list[NewEvent]:
        dice = SeededDice(self.seed, self.stream, record.seq)
        field = unknown_field(self.system, command)
        try:
            decided = (RuleViolation("unknown_field", field) if field is not None
                       else self.system.decide(self.aggregate["engine"], command, side, dice))
        except RuleViolationError as exc:
            decided = exc.violation
        except Exception:  # an engine that cannot take this command at all
            decided = RuleViolation("malformed_command", "")
        if isinstance(decided, RuleViolation) or not decided or any(e.type in FRAMEWORK_EVENTS for e in decided):
            code = decided.code if isinstance(decided, RuleViolation) else "no_effect"
            raise refused("import_not_derivable", record.seq, _("the rules refuse the command at %(seq)s (%(code)s)")
                          % {"seq": record.seq, "code": code})
        self.moved.add(side)
        events = [NewEvent(e.type, e.payload, e.visibility) for e in decided]
        events[0].dice, events[0].command = dice.draws or None, {"side": side, **command}
        return events

    def ending(self, record: EventRecord, side: str, command: dict) -> list[NewEvent]:
        recorded = {"side": side, **command}
        if record.type == GAME_RESIGNED and command == {"type": RESIGN_COMMAND}:
            outcome = loss_among(self.sides, side, RESIGNED)
            return [NewEvent(GAME_RESIGNED, {"outcome": outcome, "reason": RESIGNED}, command=recorded)]
        if record.type in (ABORT_PROPOSED, GAME_ABORTED) and command == {"type": ABORT_COMMAND}:
            name = self.players[side]  # agreement is by player, as endings.propose_abort counts it
            if len(self.moved) >= min(2, len(self.sides)) or name in self.proposed:
                raise refused("import_not_derivable", record.seq,
                              _("the abort at %(seq)s comes too late or twice") % {"seq": record.seq})
            self.proposed.add(name)
            if not set(self.players.values()) <= self.proposed:
                return [NewEvent(ABORT_PROPOSED, {"side": side, "player": name}, command=recorded)]
            outcome = {"winner": None, "aborted": True, "reason": ABORTED_BY_AGREEMENT}
            return [NewEvent(GAME_ABORTED, {"outcome": outcome, "reason": ABORTED_BY_AGREEMENT}, command=recorded)]
        raise refused("import_not_derivable", record.seq,
                      _("the command at %(seq)s does not produce a %(type)s") % {"seq": record.seq, "type": record.type})

    def expect(self, position: int, produced: list[NewEvent]) -> int:
        """Compare ``produced`` (closed with the result and the seed if it ends the game) with the
        records from ``position``; fold them; how many they were."""
        first_seq = self.records[position].seq
        for e in produced:
            self.aggregate = evolve_aggregate(self.system, self.aggregate, e.type, e.payload, e.dice)
        outcome = outcome_of(self.system, self.aggregate) if position else None
        if outcome is not None:
            produced = produced + [NewEvent(GAME_ENDED, {"outcome": outcome}), NewEvent(REVEALED, {"seed": self.seed})]
            self.outcome = outcome
        for offset, e in enumerate(produced):
            record = self.records[position + offset] if position + offset < len(self.records) else None
            stored = upcast_stored(self.system, record.type, record.payload) if record else None
            if record is None or not same((record.type, stored, record.visibility, record.dice, record.command),
                                          (e.type, e.payload, e.visibility, e.dice, e.command)):
                seq = first_seq + offset
                raise refused("import_not_derivable", seq, _(
                    "event %(seq)s is not what the service records for the command at %(command_seq)s")
                    % {"seq": seq, "command_seq": first_seq})
        return len(produced)


def rederive(stream: str, records: list[EventRecord]) -> tuple[str, dict]:
    """The seed and the outcome of a history whose every event is re-derived, or an unprocessable
    refusal naming the first seq that is not."""
    broken = first_break(stream, records)
    if broken is not None:
        raise refused("import_rejected", broken, _("hash chain broken at seq %(seq)s") % {"seq": broken})
    walk = Rederivation(stream, records)
    return walk.seed, walk.run()


# -- storing it, and claiming a seat -------------------------------------------------------------

def import_game(text: str, user) -> Game:
    """Store an exported game whose every event re-derives; nobody is seated (see above)."""
    stream, records = parse(text)
    seed, outcome = rederive(stream, records)
    created = records[0].payload
    with transaction.atomic():
        if Game.objects.filter(pk=stream.removeprefix("game-")).exists():
            raise already_stored()
        try:
            rows = append_events(stream, 0, [NewEvent(r.type, r.payload, r.visibility, r.dice, r.command)
                                             for r in records], actor=f"import:{user.get_username()}")
        except ConcurrencyError:
            raise already_stored() from None
        game = Game.objects.create(
            id=stream.removeprefix("game-"), system=created["system"], setup=created["setup"], version=len(records),
            status=Game.Status.ABORTED if outcome.get("aborted") else Game.Status.FINISHED,
            to_move=[], outcome=outcome, rated=False, created_by=user, finished_at=timezone.now(),
            head_hash=rows[-1].hash, recorded_players=created["players"],
        )
        GameSecret.objects.create(game=game, seed=seed)
    return game


def already_stored() -> CommandRejected:
    return CommandRejected(refusals.CONFLICT, "already_stored", _("that game is already stored here"))


def claimable_sides(game: Game, user) -> list[str]:
    """The sides of an imported ``game`` that its history gives to ``user``'s name and nobody has claimed."""
    if not user.is_authenticated or not game.recorded_players:
        return []
    taken = {seat.side for seat in game.seats.all()}
    return sorted(side for side, name in game.recorded_players.items()
                  if name == user.get_username() and side not in taken)


def claim_seat(game_id, user, side: str | None = None) -> Game:
    """Seat ``user`` on the sides of an imported game that its history gives to his name (only
    ``side`` if named). Nobody can take a seat recorded under another name."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not may_view_game(user, game):
            raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
        if not game.recorded_players:
            raise CommandRejected(refusals.CONFLICT, "not_imported",
                                  _("only the seats of an imported game are claimed"))
        named = sorted(s for s, name in game.recorded_players.items() if name == user.get_username())
        if side is not None:
            named = [s for s in named if s == side]
        if not named:
            raise CommandRejected(refusals.FORBIDDEN, "not_your_seat",
                                  _("the game's history names another player on that seat"))
        sides = [s for s in claimable_sides(game, user) if s in named]
        if not sides:
            raise CommandRejected(refusals.CONFLICT, "seat_claimed", _("you have claimed that seat already"))
        try:
            GameSeat.objects.bulk_create(GameSeat(game=game, side=s, user=user) for s in sides)
        except IntegrityError:
            raise CommandRejected(refusals.CONFLICT, "seat_claimed", _("you have claimed that seat already")) from None
    return game
