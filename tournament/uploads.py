"""Importing a tournament played elsewhere (issue 30, "Upload the day to the league").

A club plays its day on a laptop and exports it (tournament/exports.py); a league admin imports
the file here. Nothing in it is taken on trust: every stream's hash chain is recomputed, every
game is re-derived by its rules engine from the recorded commands (game/imports.py), and the
tournament's events are checked against what its services would have written: each round and
pairing the one its planner makes there (tournament/planner.py), with its table and the first
sides drawn from its revealed seed; each game created for the pairing's sides; each result at
the table one its table rules take (tournament/table.py); each online result naming a game of
the file whose outcome and head hash agree; the last event closing a complete tournament. Who
entered a referee's result is not checked: he is an account of the other server. A refusal is
unprocessable, naming the stream and the seq.

The entrants are names from another server: nobody here is matched to one by the name alone.
A player claims his entrant himself (:func:`claim_entrant`) or a league admin maps it
(:func:`map_entrant`); each match seats the account on the entrant's games, and the results
whose players are all matched are rated then, once (the ``tournament_upload_matched`` outbox
topic, ratings.tasks.rate_uploaded_tournament).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from kernel import refusals
from kernel import bounded_json
from kernel import outbox
from kernel.chain import event_hash, first_break
from game.error_messages import localized
from game.imports import event_record, import_game, rederive
from game.models import Game, GameSeat
from kernel.models import StoredEvent
from game.replay import EventRecord, export_lines
from systems.kit.dice import SeededDice, seed_commitment
from systems.registry import UnknownSystem, get_system
from game.services import sides_for
from kernel.refusals import CommandRejected
from kernel.store import NewEvent, append_events, read_events

from . import events as ev, messages, planner, table
from .exports import EXPORT_FORMAT
from .models import PairingGame, Tournament, TournamentSecret, TournamentUpload, UploadedEntrant
from .services.rebuild import rebuild_tournament
from .state import FINISHED, TournamentState

LEG_EVENTS = (ev.LEG_REPORTED, ev.LEG_CONFIRMED, ev.LEG_DISPUTED, ev.LEG_RESULT_ENTERED)
TOURNAMENT_STREAM = re.compile(r"tournament-[0-9]{1,18}")


def malformed(message: str) -> CommandRejected:
    return CommandRejected(refusals.INVALID, "malformed_upload", message)


def refused(stream: str, seq: int, message: str, code: str = "upload_rejected") -> CommandRejected:
    return CommandRejected(refusals.UNPROCESSABLE, code, _("in %(stream)s, event %(seq)s: %(problem)s")
                           % {"stream": stream, "seq": seq, "problem": message}, {"stream": stream, "seq": seq})


@dataclass
class Verified:
    """A file whose every stream checked out."""

    stream: str
    records: list[EventRecord]
    state: TournamentState
    games: dict[str, tuple[str, list[EventRecord]]]  # game id → (system, events)
    head_hash: str


# -- reading the file ------------------------------------------------------------------------------

def read_file(raw: bytes | str) -> dict:
    try:
        data = bounded_json.loads(raw)
    except bounded_json.RefusedJson as exc:  # its own code (e.g. json_too_deep), as every write route answers
        raise CommandRejected(refusals.INVALID, exc.code, exc.message) from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise malformed(_("the file is not a tournament export (%(format)s)") % {"format": EXPORT_FORMAT})
    tournament, games = data.get("tournament"), data.get("games")
    if not isinstance(tournament, dict) or not isinstance(games, list) or \
            not all(isinstance(g, dict) for g in [tournament, *games]):
        raise malformed(_("the file must hold a tournament object and a list of games"))
    return data


def _records(stream: str, lines) -> list[EventRecord]:
    if not isinstance(lines, list) or not lines:
        raise malformed(_("%(stream)s holds no events") % {"stream": stream})
    try:
        return [event_record(line, number) for number, line in enumerate(lines, start=1)]
    except CommandRejected as exc:
        raise malformed(f"{stream}: {exc.message}") from None


def _chained(stream: str, records: list[EventRecord], head_hash) -> None:
    broken = first_break(stream, records)
    if broken is not None:
        raise refused(stream, broken, _("the hash chain is broken here (an event was changed, added or removed)"))
    if head_hash != records[-1].hash:
        raise refused(stream, records[-1].seq, _("the stream's head hash is not its last event's hash"))


# -- verifying it -------------------------------------------------------------------------------------

def verify(data: dict) -> Verified:
    """Every chain, every game re-derived, the tournament's events checked; else a refusal."""
    games: dict[str, tuple[str, list[EventRecord], dict]] = {}
    for entry in data["games"]:
        stream = entry.get("stream")
        if not isinstance(stream, str) or not stream.startswith("game-") or stream in games:
            raise malformed(_("each game needs its own stream name game-<uuid>"))
        records = _records(stream, entry.get("events"))
        _chained(stream, records, entry.get("head_hash"))
        try:
            _seed, outcome = rederive(stream, records)
        except CommandRejected as exc:
            seq = exc.extra.get("seq", 1)
            raise refused(stream, seq, exc.message, exc.code) from None
        games[stream] = (records[0].payload["system"], records, outcome)

    tournament = data["tournament"]
    stream = tournament.get("stream")
    if not isinstance(stream, str) or not TOURNAMENT_STREAM.fullmatch(stream):
        raise malformed(_("the tournament's stream must be named tournament-<number>"))
    records = _records(stream, tournament.get("events"))
    _chained(stream, records, tournament.get("head_hash"))
    if data.get("head_hash") != records[-1].hash:
        raise malformed(_("the file's head_hash is not the tournament's head hash"))
    state = TournamentCheck(stream, records, games).run()
    return Verified(stream, records, state, {s.removeprefix("game-"): (g[0], g[1]) for s, g in games.items()},
                    records[-1].hash)


class TournamentCheck:
    """Folds the tournament's events, checking each as its services would have written it."""

    def __init__(self, stream: str, records: list[EventRecord], games: dict):
        self.stream, self.records, self.games = stream, records, games
        self.used: set[str] = set()
        self.expected: list[planner.NewPairing] = []  # the pairings of the round just started, in order

    def refuse(self, record: EventRecord, message: str):
        raise refused(self.stream, record.seq, message)

    def run(self) -> TournamentState:
        created, closing = self.records[0], self.records[-1]
        if created.type != ev.TOURNAMENT_CREATED:
            self.refuse(created, _("the history must open with TournamentCreated"))
        try:
            self.system = get_system(str(created.payload.get("system")))
        except UnknownSystem:
            self.refuse(created, _("unknown game system %(system)r") % {"system": created.payload.get("system")})
        if closing.type != ev.TOURNAMENT_FINISHED:
            self.refuse(closing, _("the history must end with TournamentFinished: only a finished tournament is "
                                   "imported"))
        self.seed = closing.payload.get("seed")
        if not isinstance(self.seed, str) or seed_commitment(self.seed) != created.payload.get("seed_commitment"):
            self.refuse(closing, _("the revealed seed does not match the tournament's commitment"))
        state = TournamentState([])
        for record in self.records:
            try:
                if record.type == ev.TOURNAMENT_FINISHED:
                    self.finished(state, record)
                self.check(state, record)
                state.apply({"seq": record.seq, "type": record.type, "payload": record.payload})
            except CommandRejected:
                raise
            except Exception:  # a changed event (a value of the wrong type) the checks or the fold cannot take
                self.refuse(record, _("the tournament's rules cannot fold this event"))
        unused = set(self.games) - self.used
        if unused:
            raise malformed(_("the file holds games the tournament did not create: %(games)s")
                            % {"games": ", ".join(sorted(unused))})
        return state

    def finished(self, state: TournamentState, record: EventRecord) -> None:
        if record is not self.records[-1] or not state.is_complete():
            self.refuse(record, _("the tournament is not complete here"))
        if record.payload.get("head_hash") != self.records[-2].hash:
            self.refuse(record, _("TournamentFinished does not carry the hash of the history before it"))

    def check(self, state: TournamentState, record: EventRecord) -> None:
        p = record.payload
        if record.type == ev.ROUND_STARTED:
            try:
                started, self.expected = planner.start_round(state)
            except planner.CannotStartRound:
                started = None
            if started != p:
                self.refuse(record, _("the tournament could not start this round here"))
        elif record.type == ev.PAIRING_CREATED:
            self.pairing(state, record)
        elif record.type in LEG_EVENTS:
            self.leg(state, record)
        elif record.type == ev.PAIRING_GAME_CREATED:
            game = self.games.get(f"game-{p.get('game_id')}")
            if game is None:
                self.refuse(record, _("the file does not hold the game created here"))
            self.used.add(f"game-{p['game_id']}")
            created = game[1][0].payload
            if created.get("system") != self.system.name or created.get("players") != p.get("sides"):
                self.refuse(record, _("the game's players or system are not this pairing's"))
        elif record.type == ev.GAME_RESULT_RECORDED:
            self.result(state, record)

    def pairing(self, state: TournamentState, record: EventRecord) -> None:
        """The pairing the planner makes next (the round's, or the bracket's), its table, its
        first sides drawn from the tournament's seed at this seq."""
        p = record.payload
        made = (p.get("key"), p.get("round"), p.get("stage"), p.get("group"), p.get("a"), p.get("b"), p.get("bye"))
        planned = [self.expected.pop(0)] if self.expected else planner.bracket_pairings(state)
        if made not in [(n.key, n.round, n.stage, n.group, n.a, n.b, n.bye) for n in planned]:
            self.refuse(record, _("the tournament's format does not pair these entrants here"))
        if p.get("bye"):
            return
        number = table.next_table(list(state.pairings.values()) + list(state.voided.values()), p["round"])
        lot = SeededDice(self.seed, self.stream, record.seq).randbelow(2)
        sides = sides_for(self.system, {})
        first, second = (p["a"], p["b"]) if lot == 0 else (p["b"], p["a"])
        if p.get("table") != number or p.get("mode") != state.options["play_mode"]:
            self.refuse(record, _("the pairing's table or play mode is not the one the tournament gives"))
        if p.get("lot") != lot or p.get("first_sides") != {sides[0]: first, sides[1]: second}:
            self.refuse(record, _("the first sides are not the ones the tournament's seed draws"))

    def leg(self, state: TournamentState, record: EventRecord) -> None:
        """A result at the table as its services take it (who entered a result is not checked: the
        referees and organisers are the other server's accounts)."""
        p = record.payload
        pairing = state.pairings.get(p.get("pairing_id"))
        if pairing is None:
            self.refuse(record, _("the result names no pairing of the tournament"))
        leg = p.get("leg")
        try:
            if record.type in (ev.LEG_REPORTED, ev.LEG_RESULT_ENTERED):
                table.check_leg_result(self.system.name, pairing, leg, p.get("winner"), p.get("ended_by"),
                                       p.get("vp_margin"))
            if record.type == ev.LEG_REPORTED:
                table.check_report(state, pairing, leg, p.get("reporter"))
            elif record.type == ev.LEG_RESULT_ENTERED:
                table.check_entry(state, pairing, leg, p.get("reason"))
            elif p.get("by") == table.AUTO_CONFIRM_ACTOR and record.type == ev.LEG_CONFIRMED:
                table.check_open_leg(state, pairing)
                report = pairing["reports"].get(leg) or {}
                if report.get("status") != table.REPORTED or report.get("report_id") != p.get("report_id"):
                    raise table.TableRefusal(refusals.CONFLICT, "nothing_to_confirm", "no report waits here")
            else:
                table.pending_report(state, pairing, leg, p.get("by"), p.get("report_id"))
        except table.TableRefusal as refusal:
            self.refuse(record, _("the tournament would have refused this result: %(reason)s")
                        % {"reason": localized(refusal.code, refusal.message)})

    def result(self, state: TournamentState, record: EventRecord) -> None:
        p = record.payload
        pairing = state.pairings.get(p.get("pairing_id")) or {}
        created = (pairing.get("games") or {}).get(p.get("leg")) or {}
        game = self.games.get(f"game-{p.get('game_id')}")
        if game is None or created.get("game_id") != p.get("game_id"):
            self.refuse(record, _("the result names no game of this pairing in the file"))
        _system, events, outcome = game
        sides = created["sides"]
        agrees = (p.get("game_head_hash") == events[-1].hash and p.get("winner_side") == outcome.get("winner")
                  and p.get("winner") == sides.get(outcome.get("winner")) and p.get("loser") == sides.get(
                      outcome.get("loser")) and p.get("aborted") == bool(outcome.get("aborted")))
        if not agrees:
            self.refuse(record, _("the result does not agree with its game's outcome or head hash"))


# -- storing it -----------------------------------------------------------------------------------

def import_tournament(raw: bytes | str, league, admin) -> tuple[TournamentUpload, bool]:
    """Store a verified tournament file in ``league``; (the upload, whether it is new). The same
    file again changes nothing."""
    found = verify(read_file(raw))
    origin = found.records[0].hash
    with transaction.atomic():
        upload = TournamentUpload.objects.filter(head_hash=found.head_hash).select_related("tournament").first()
        if upload is not None:
            return upload, False
        if TournamentUpload.objects.filter(origin_hash=origin).exists():
            raise CommandRejected(refusals.CONFLICT, "tournament_imported_before", _(
                "this tournament was imported before from another export of it; its history has changed since"))
        try:
            with transaction.atomic():
                upload = _store(found, league, admin)
        except IntegrityError:  # the same file imported at the same moment
            return TournamentUpload.objects.get(head_hash=found.head_hash), False
    return upload, True


def _store(found: Verified, league, admin) -> TournamentUpload:
    info, state = found.state.info, found.state
    tournament = Tournament.objects.create(
        league=league, name=str(info.get("name", ""))[:160], system=info["system"], format=state.format,
        scoring=state.scheme, status=FINISHED, is_public=True, time_control=info.get("time_control"),
        created_by=admin)
    TournamentSecret.objects.create(tournament=tournament, seed=state.revealed_seed)
    for game_id, (system, records) in found.games.items():
        # Stored unrated and unseated: rated once every side is matched here (see the module's docstring).
        import_game(export_lines(f"game-{game_id}", system, records), admin)
    upload = TournamentUpload.objects.create(tournament=tournament, source_stream=found.stream,
                                             origin_hash=found.records[0].hash, head_hash=found.head_hash,
                                             imported_by=admin)
    append_events(tournament.stream, 0, [NewEvent(r.type, r.payload, r.visibility, r.dice, r.command)
                                         for r in found.records], actor=f"import:{admin.get_username()}")
    rebuild_tournament(tournament)
    return upload


def source_head_hash(upload: TournamentUpload) -> str | None:
    """The stored events hashed under the stream name they had where they were played: the
    file's head hash again, unless a stored event differs from the file."""
    previous = None
    for row in read_events(upload.tournament.stream):
        previous = event_hash(upload.source_stream, row.seq, row.type, row.payload, row.visibility, row.dice,
                              row.command, previous)
    return previous


# -- matching entrants to accounts ------------------------------------------------------------------

def recorded_entrants(upload: TournamentUpload) -> list[str]:
    return list(TournamentState(list(_stored(upload.tournament))).entrants)


def _stored(tournament: Tournament):
    return StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values("seq", "type", "payload")


def _upload_of(tournament_id) -> TournamentUpload:
    upload = TournamentUpload.objects.select_for_update().filter(tournament_id=tournament_id).first()
    if upload is None:
        raise CommandRejected(refusals.NOT_FOUND, "not_an_upload", _("no imported tournament has that id"))
    return upload


def _match(upload: TournamentUpload, name: str, user, how: str) -> UploadedEntrant:
    if name not in recorded_entrants(upload):
        raise CommandRejected(refusals.NOT_FOUND, "no_such_entrant",
                              _("the tournament's history names no entrant %(name)s")
                              % {"name": name})
    taken = upload.entrants.filter(name=name).first()
    if taken is not None:
        raise CommandRejected(refusals.CONFLICT, "entrant_matched",
                              _("%(name)s is matched to an account already") % {"name": name})
    if upload.entrants.filter(user=user).exists():
        raise CommandRejected(refusals.CONFLICT, "account_matched",
                              _("that account is matched to another entrant of this tournament already"))
    entrant = UploadedEntrant.objects.create(upload=upload, name=name, user=user, how=how)
    _seat(upload.tournament, name, user)
    outbox.enqueue(messages.UPLOAD_MATCHED, {"tournament_id": upload.tournament_id})
    return entrant


def _seat(tournament: Tournament, name: str, user) -> None:
    """Seat ``user`` on the sides his entrant played; a game with every side seated is rated."""
    for link in PairingGame.objects.filter(pairing__tournament=tournament).select_related("game"):
        game = link.game
        taken = set(game.seats.values_list("side", flat=True))
        GameSeat.objects.bulk_create(GameSeat(game=game, side=side, user=user)
                                     for side, recorded in game.recorded_players.items()
                                     if recorded == name and side not in taken)
        if set(game.seats.values_list("side", flat=True)) == set(game.recorded_players) and not game.rated:
            Game.objects.filter(pk=game.pk).update(rated=True)


def claim_entrant(tournament_id, user) -> UploadedEntrant:
    """The player's own consent: his account takes the entrant recorded under his name."""
    with transaction.atomic():
        return _match(_upload_of(tournament_id), user.get_username(), user, UploadedEntrant.How.CLAIMED)


def map_entrant(tournament_id, name: str, username: str, admin) -> UploadedEntrant:
    """A league admin's explicit mapping of a recorded name to an account of this server."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandRejected(refusals.NOT_FOUND, "user_not_found",
                              _("no account is named %(name)s") % {"name": username},
                              field="account")
    with transaction.atomic():
        return _match(_upload_of(tournament_id), name, user, UploadedEntrant.How.MAPPED)
