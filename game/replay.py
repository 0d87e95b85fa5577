"""Replays, verification and export (docs/rules/service.md, "Replays" and "Provably fair
randomness"); import: game/imports.py.

Verification of a finished stream checks its hash chain (kernel/chain.py) and names the first
broken seq, re-derives every recorded die from the revealed seed, checks the seed against its
public commitment, and re-runs the engine's ``decide`` on every recorded command with those
dice: the events it produces must equal the stored ones.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from kernel.chain import first_break
from .folding import evolve_aggregate, load_aggregate, outcome_of
from systems.kit.framework_events import FRAMEWORK_EVENTS, GAME_CREATED, GAME_ENDED, REVEALED
from .presentation import in_words, presentation_for
from systems.kit.contract import PUBLIC, REFEREE, RuleViolation, RuleViolationError, upcast_stored
from systems.kit.dice import RecordedDice, seed_commitment, verify_draws
from systems.registry import UnknownRuleset, UnknownSystem, get_system
from kernel.store import read_events

# The most steps one request of the paged replay carries (each holds a full state).
MAX_STEPS_PER_PAGE = 50

EXPORT_FORMAT = "nightduel-export/2"  # /2: every event carries its chain hash


@dataclass
class EventRecord:
    """An event as the verifier needs it (a stored row or a line of an export)."""

    seq: int
    type: str
    payload: dict
    visibility: str = "public"
    actor: str = ""
    dice: list | None = None
    command: dict | None = None
    recorded_at: str | None = None
    hash: str = ""

    @classmethod
    def from_row(cls, row) -> "EventRecord":
        return cls(row.seq, row.type, row.payload, row.visibility, row.actor, row.dice, row.command,
                   row.recorded_at.isoformat() if isinstance(row.recorded_at, datetime) else row.recorded_at,
                   row.hash)

    def as_dict(self) -> dict:
        return {"seq": self.seq, "type": self.type, "payload": self.payload, "visibility": self.visibility,
                "actor": self.actor, "dice": self.dice, "command": self.command, "recorded_at": self.recorded_at,
                "hash": self.hash}


@dataclass
class Verification:
    seed: str | None
    seed_verified: bool
    rolls_checked: int
    problems: list[str]
    chain_broken_at: int | None = None
    head_hash: str | None = None

    @property
    def ok(self) -> bool:
        return self.seed_verified and not self.problems


def _batches(records: list[EventRecord]):
    """Group events into (command record, engine events of that command); a player's own
    ending (resign, abort) records a command too, but no engine decided it."""
    batch: list[EventRecord] = []
    for r in records:
        if r.command is not None and r.type not in FRAMEWORK_EVENTS:
            if batch:
                yield batch
            batch = [r]
        elif batch and r.type not in FRAMEWORK_EVENTS:
            batch.append(r)
        elif batch:
            yield batch
            batch = []
    if batch:
        yield batch


def verify(stream: str, records: list[EventRecord]) -> Verification:
    broken = first_break(stream, records)
    chain = {"chain_broken_at": broken, "head_hash": records[-1].hash if records and broken is None else None}
    problems = [_("hash chain broken at seq %(seq)s") % {"seq": broken}] if broken is not None else []
    if not records or records[0].type != GAME_CREATED:
        return Verification(None, False, 0, problems + [_("stream does not start with GameCreated")], **chain)
    created = records[0].payload
    try:
        system = get_system(created.get("system", ""), created.get("ruleset_version"))
    except (UnknownSystem, UnknownRuleset):
        unknown = _("unknown system %(system)r") % {"system": f"{created.get('system')} {created.get('ruleset_version', '')}".strip()}
        return Verification(None, False, 0, problems + [unknown], **chain)
    revealed = next((r for r in records if r.type == REVEALED), None)
    seed = revealed.payload.get("seed") if revealed else None
    seed_ok = bool(seed) and seed_commitment(seed) == created.get("seed_commitment")
    if not seed_ok:
        problems.append(_("seed missing or does not match its commitment"))
    rolls = 0
    for r in records:
        if r.dice:
            rolls += len(r.dice)
            if seed_ok and verify_draws(seed, stream, r.seq, r.dice):
                problems.append(_("dice of event %(seq)s do not derive from the seed") % {"seq": r.seq})

    aggregate = None
    checked_batches = {b[0].seq: b for b in _batches(records)}
    for r in records:
        if r.seq in checked_batches:
            problems += _redecide(system, aggregate, checked_batches[r.seq])
        try:
            aggregate = evolve_aggregate(system, aggregate, r.type, r.payload, r.dice)
        except Exception as exc:  # a tampered event the engine cannot fold
            problems.append(_("event %(seq)s cannot be folded: %(error)s") % {"seq": r.seq, "error": exc})
            break
    ended = next((r for r in records if r.type == GAME_ENDED), None)
    if aggregate is not None and ended and outcome_of(system, aggregate) != ended.payload.get("outcome"):
        problems.append(_("the events do not replay to the recorded outcome"))
    return Verification(seed, seed_ok, rolls, problems, **chain)


def _redecide(system, aggregate, batch: list[EventRecord]) -> list[str]:
    head = batch[0]
    command = dict(head.command)
    side = command.pop("side", None)
    try:
        decided = system.decide(aggregate["engine"], command, side, RecordedDice(head.dice or []))
    except RuleViolationError as exc:
        decided = exc.violation
    except Exception as exc:
        return [_("command at %(seq)s cannot be re-decided: %(error)s") % {"seq": head.seq, "error": exc}]
    if isinstance(decided, RuleViolation):
        return [_("command at %(seq)s is illegal: %(code)s") % {"seq": head.seq, "code": decided.code}]
    produced = [(e.type, e.payload, e.visibility) for e in decided]
    stored = [(r.type, upcast_stored(system, r.type, r.payload), r.visibility) for r in batch]
    if json.loads(json.dumps(produced)) != json.loads(json.dumps(stored)):
        return [_("command at %(seq)s does not produce the stored events") % {"seq": head.seq}]
    return []


def seen_by(record: EventRecord, side: str) -> dict:
    """An event as ``side``'s live log showed it (game/visibility.py): a hidden one only as its
    place in the stream; a visible one without the dice, command and hash of the referee view."""
    if record.visibility not in (PUBLIC, side):
        return {"seq": record.seq, "type": "", "payload": {}, "visibility": record.visibility, "actor": "",
                "hidden": True, "recorded_at": record.recorded_at}
    return {k: v for k, v in record.as_dict().items() if k not in ("dice", "command", "hash")}


def replay_steps(system_name: str, records: list[EventRecord], aggregate: dict | None = None,
                 worded: bool = False, side: str | None = None) -> list[dict]:
    """Every event with the view of the state after it, folding on from ``aggregate`` (the state
    before the first record): the full (referee) view, or with ``side`` the engine's view for
    that side and the event as its log showed it (the replay's fog toggle); ``worded`` adds the
    event's words and the situation in words (``summary``: label, text pairs)."""
    system = get_system(system_name)
    steps = []
    for r in records:
        aggregate = evolve_aggregate(system, aggregate, r.type, r.payload, r.dice)
        step = {"event": seen_by(r, side) if side else r.as_dict(),
                "state": system.view(aggregate["engine"], side or REFEREE),
                "outcome": outcome_of(system, aggregate)}
        if worded:
            hidden = step["event"].get("hidden")
            step["event"].update({"text": _("An event hidden from this side"), "category": "", "marker": None}
                                 if hidden else in_words(system_name, step["event"]))
            step["summary"] = [list(row) for row in presentation_for(system_name).summary(step["state"])]
        steps.append(step)
    return steps


def steps_between(system_name: str, stream: str, first: int, last: int, side: str | None = None) -> list[dict]:
    """Steps ``first``..``last`` (event seqs) of a stored stream, with their words, in full or
    as ``side`` saw them: the state before ``first`` comes from the nearest snapshot, so a page
    costs what it shows."""
    before = load_aggregate(system_name, stream, first - 1) if first > 1 else None
    records = [EventRecord.from_row(r) for r in read_events(stream, after=first - 1, until=last)]
    return replay_steps(system_name, records, before, worded=True, side=side)


def export_lines(stream: str, system_name: str, records: list[EventRecord]) -> str:
    header = {"format": EXPORT_FORMAT, "stream": stream, "system": system_name,
              "head_hash": records[-1].hash if records else None}
    return "\n".join(json.dumps(x, sort_keys=True) for x in [header] + [r.as_dict() for r in records]) + "\n"
