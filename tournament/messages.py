"""Integration messages: what a tournament tells the apps above it (STYLE.md, "the seams").

Ratings, notifications and webhooks learn about tournaments only from these messages, never
from the tournament's own events or pages. Each is written to the outbox (kernel/outbox.py) in
the transaction of the change that caused it, so it exists exactly when the change does; the
outbox hands it to the consumers registered for its topic (``NIGHTDUEL_OUTBOX_CONSUMERS``), each
of which runs once per message.

Every payload carries ``tournament_id``, ``tournament`` (its name), ``league`` (the league's
slug) and ``ref``, a name unique to the fact (``tournament-<id>#<seq>``, with a suffix where one
event tells several facts) that consumers key their records by. Then, by topic:

``tournament.round_started``      ``data``: the round as published to webhooks (``seq``, ``round``, …).
``tournament.pairing_created``    ``pairing_id``, ``round``, ``a``, ``b`` (None for a bye), ``bye``,
                                  ``at_table``, ``table`` (its table when played at the table),
                                  ``data`` (as published to webhooks).
``tournament.game_recorded``      a game of a pairing finished: ``data`` (``pairing_id``, ``game_id``, …).
``tournament.result_reported``    a leg at the table reported: ``pairing_id``, ``reporter``, ``opponent``.
``tournament.result_disputed``    ``pairing_id``, ``leg``, ``by``, ``table``, ``staff`` (who decides).
``tournament.result_settled``     a leg at the table settled (confirmed, or entered by staff; a
                                  correction settles it again): ``pairing_id``, ``leg``, ``seq``,
                                  ``event_id`` (its place in the store), ``recorded_at`` (ISO), ``system``,
                                  ``sides`` (``{side: entrant}``), ``winner``, ``accounts``
                                  (``{entrant: user id}`` of the entrants with an account).
``tournament.pairing_decided``    ``pairing_id``, ``key``, ``round``, ``a``, ``b``, ``result`` (named
                                  winner, loser, score, points), ``seq``.
``tournament.pairing_waiting``    a pairing came to wait at 1:1: ``pairing_id``, ``round``, ``a``,
                                  ``b``, ``waits_for`` (``knowledge_test`` or ``referee``),
                                  ``quiz_open`` (the round's test is open), ``staff``.
``tournament.penalty_issued``     ``entrant``, ``category``, ``text``, ``level`` (the card).
``tournament.standings_changed``  ``standings`` (tournament/projections.py ``standings_of``), ``seq``.
``tournament.finished``           ``entrants``, ``data`` (as published to webhooks).
``tournament.quiz_opened``        ``round``, ``quiz_id``, ``waiting`` (``[a, b]`` pairs at 1:1 in it).
``tournament.staff_appointed``    ``role`` (``referee``), ``user_ids``.
``tournament_upload_matched``     an imported tournament's entrant got an account: ``tournament_id`` only.

The messages of one change are derived by folding its events onto the state before it
(:func:`derive`), the same fold the pages read.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import CharField, Exists, OuterRef, Value
from django.db.models.functions import Concat
from django.utils import timezone

from kernel import outbox
from kernel.models import StoredEvent

from . import events as ev, scoring, table
from .models import Tournament, TournamentUpload
from .projections import standings_of
from .quiz.models import Quiz
from .state import TournamentState

ROUND_STARTED = "tournament.round_started"
PAIRING_CREATED = "tournament.pairing_created"
GAME_RECORDED = "tournament.game_recorded"
RESULT_REPORTED = "tournament.result_reported"
RESULT_DISPUTED = "tournament.result_disputed"
RESULT_SETTLED = "tournament.result_settled"
PAIRING_DECIDED = "tournament.pairing_decided"
PAIRING_WAITING = "tournament.pairing_waiting"
PENALTY_ISSUED = "tournament.penalty_issued"
STANDINGS_CHANGED = "tournament.standings_changed"
FINISHED = "tournament.finished"
QUIZ_OPENED = "tournament.quiz_opened"
STAFF_APPOINTED = "tournament.staff_appointed"
UPLOAD_MATCHED = "tournament_upload_matched"
TOPICS = (ROUND_STARTED, PAIRING_CREATED, GAME_RECORDED, RESULT_REPORTED, RESULT_DISPUTED, RESULT_SETTLED,
          PAIRING_DECIDED, PAIRING_WAITING, PENALTY_ISSUED, STANDINGS_CHANGED, FINISHED, QUIZ_OPENED,
          STAFF_APPOINTED, UPLOAD_MATCHED)

SETTLING = (ev.LEG_CONFIRMED, ev.LEG_RESULT_ENTERED)
WAITS_FOR = {scoring.AWAITING_KNOWLEDGE_TEST: "knowledge_test", scoring.AWAITING_REFEREE: "referee"}


def header(tournament, ref: str) -> dict:
    return {"tournament_id": tournament.pk, "tournament": tournament.name, "league": tournament.league.slug,
            "ref": ref}


def publish(messages: list[tuple[str, dict]]) -> None:
    """Write each message to the outbox, in the caller's transaction."""
    for topic, payload in messages:
        outbox.enqueue(topic, payload)


def staff_of(tournament) -> list[str]:
    """Who settles what waits in a tournament: its referees, else its league's organisers."""
    referees = [u.get_username() for u in tournament.referees.all()]
    return referees or list(tournament.league.organisers.values_list("username", flat=True))


def accounts_of(tournament, state: TournamentState) -> dict[str, int]:
    """Entrant → user id: by username, but in a tournament imported from elsewhere only the
    entrants matched by their own claim or an admin's mapping (tournament/uploads.py)."""
    upload = TournamentUpload.objects.filter(tournament=tournament).first()
    if upload is not None:
        return dict(upload.entrants.values_list("name", "user_id"))
    return dict(get_user_model().objects.filter(username__in=list(state.entrants)).values_list("username", "pk"))


def _decided(state: TournamentState) -> dict:
    return {pid: state.result(pid) for pid in state.pairings if state.result(pid).status == scoring.DECIDED}


def _statuses(state: TournamentState) -> dict[str, str]:
    return {pid: state.result(pid).status for pid in state.pairings}


def derive(tournament, state: TournamentState, rows: list[dict]) -> list[tuple[str, dict]]:
    """The messages of the events ``rows`` (``id``, ``seq``, ``type``, ``payload``, ``recorded_at``),
    folded onto ``state`` (left at the last of them)."""
    if not rows:
        return []
    out: list[tuple[str, dict]] = []
    decided, standings = _decided(state), standings_of(state, tournament.pk)
    cache: dict = {}
    for row in rows:
        before = _statuses(state)
        state.apply(row)
        out += _of_event(tournament, state, row, cache)
        out += _waiting(tournament, state, before, f"{tournament.stream}#{row['seq']}", cache)
    until = state.version
    for pid, result in _decided(state).items():
        if decided.get(pid) != result:
            pairing = state.pairings[pid]
            out.append((PAIRING_DECIDED, {
                **header(tournament, f"{tournament.stream}#{until}:{pid}"), "seq": until, "pairing_id": pid,
                "key": pairing["key"], "round": pairing["round"], "a": pairing["a"], "b": pairing["b"],
                "result": state.named_result(pairing)}))
    now = standings_of(state, tournament.pk)
    if now["rows"] != standings["rows"]:
        out.append((STANDINGS_CHANGED, {**header(tournament, f"{tournament.stream}#{until}:standings"),
                                        "seq": until, "standings": now}))
    return out


def _staff(tournament, cache: dict) -> list[str]:
    if "staff" not in cache:
        cache["staff"] = staff_of(tournament)
    return cache["staff"]


def _of_event(tournament, state: TournamentState, row: dict, cache: dict) -> list[tuple[str, dict]]:
    kind, p, seq = row["type"], row["payload"], row["seq"]
    head = header(tournament, f"{tournament.stream}#{seq}")
    data = {"seq": seq, **p}
    if kind == ev.ROUND_STARTED:
        return [(ROUND_STARTED, {**head, "data": data})]
    if kind == ev.PAIRING_CREATED:
        at_table = p.get("mode") == table.AT_TABLE
        return [(PAIRING_CREATED, {**head, "pairing_id": p["pairing_id"], "round": p["round"], "a": p["a"],
                                   "b": p["b"], "bye": p["bye"], "at_table": at_table, "table": p.get("table") if at_table else None,
                                   "data": data})]
    if kind == ev.GAME_RESULT_RECORDED:
        return [(GAME_RECORDED, {**head, "data": data})]
    if kind == ev.TOURNAMENT_FINISHED:
        return [(FINISHED, {**head, "entrants": list(state.entrants), "data": data})]
    if kind == ev.PENALTY_ISSUED:
        card = next((g["level"] for g in state.graded_penalties() if g["id"] == p["penalty_id"]), None)
        return [(PENALTY_ISSUED, {**head, "entrant": p["entrant"], "category": p["category"], "text": p["text"],
                                  "level": card})]
    pairing = state.pairings.get(p.get("pairing_id")) if "pairing_id" in p else None
    if kind == ev.LEG_REPORTED and pairing:
        opponent = pairing["b"] if p["reporter"] == pairing["a"] else pairing["a"]
        return [(RESULT_REPORTED, {**head, "pairing_id": pairing["id"], "reporter": p["reporter"],
                                   "opponent": opponent})]
    if kind == ev.LEG_DISPUTED and pairing:
        return [(RESULT_DISPUTED, {**head, "pairing_id": pairing["id"], "leg": p["leg"], "by": p["by"],
                                   "table": pairing.get("table"), "staff": _staff(tournament, cache)})]
    if kind in SETTLING:
        settled = settled_leg(tournament, state, row, cache)
        return [(RESULT_SETTLED, {**head, **settled})] if settled else []
    return []


def settled_leg(tournament, state: TournamentState, row: dict, cache: dict) -> dict | None:
    """The facts of a settling event once folded: who played which side and who won."""
    p = row["payload"]
    pairing = state.pairings.get(p["pairing_id"]) or state.voided.get(p["pairing_id"])
    if pairing is None or pairing["results"].get(p["leg"]) is None:
        return None
    if "accounts" not in cache:
        cache["accounts"] = accounts_of(tournament, state)
    sides = table.leg_sides(pairing, p["leg"])
    recorded = row["recorded_at"]
    return {"pairing_id": pairing["id"], "leg": p["leg"], "seq": row["seq"], "event_id": row["id"],
            "recorded_at": recorded if isinstance(recorded, str) else recorded.isoformat(),
            "system": tournament.system, "sides": sides, "winner": pairing["results"][p["leg"]]["winner"],
            "accounts": {name: cache["accounts"][name] for name in sides.values() if name in cache["accounts"]}}


def _waiting(tournament, state: TournamentState, before: dict[str, str], ref: str, cache: dict) -> list:
    """Pairings an event left waiting at 1:1: for the knowledge test or a referee's decision."""
    out = []
    for pid, pairing in state.pairings.items():
        status = state.result(pid).status
        if status == before.get(pid) or pairing["bye"] or status not in WAITS_FOR:
            continue
        quiz_open = (status == scoring.AWAITING_KNOWLEDGE_TEST
                     and Quiz.objects.filter(tournament=tournament, round=pairing["round"]).exists())
        out.append((PAIRING_WAITING, {**header(tournament, ref), "pairing_id": pid, "round": pairing["round"],
                                      "a": pairing["a"], "b": pairing["b"], "waits_for": WAITS_FOR[status],
                                      "quiz_open": quiz_open, "staff": _staff(tournament, cache)}))
    return out


def quiz_opened(quiz, state: TournamentState) -> tuple[str, dict]:
    """The round's test is open: the pairings of its round that wait for it."""
    waiting = [[p["a"], p["b"]] for pid, p in state.pairings.items()
               if p["round"] == quiz.round and state.result(pid).status == scoring.AWAITING_KNOWLEDGE_TEST]
    return QUIZ_OPENED, {**header(quiz.tournament, f"quiz-{quiz.pk}"), "quiz_id": quiz.pk, "round": quiz.round,
                         "waiting": waiting}


def staff_appointed(tournament, user_ids, stamp: str) -> tuple[str, dict]:
    return STAFF_APPOINTED, {**header(tournament, f"{tournament.stream}#referee-{stamp}"), "role": "referee",
                             "user_ids": sorted(user_ids)}


def settled_results(tournament) -> list[dict]:
    """Every ``result_settled`` of a tournament's history, as it would be published now (with
    today's accounts): what ratings re-reads when it rebuilds or when entrants get accounts."""
    state, cache, out = TournamentState([]), {}, []
    for row in StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values(
            "id", "seq", "type", "payload", "recorded_at"):
        state.apply(row)
        if row["type"] in SETTLING:
            settled = settled_leg(tournament, state, row, cache)
            if settled:
                out.append({**header(tournament, f"{tournament.stream}#{row['seq']}"), **settled})
    return out


def with_settled_results():
    """The tournaments with a settled leg at the table, by id (the rest have no ``result_settled``)."""
    stream = Concat(Value("tournament-"), OuterRef("pk"), output_field=CharField())
    return Tournament.objects.filter(Exists(StoredEvent.objects.filter(stream=stream, type__in=SETTLING))
                                     ).select_related("league").order_by("pk")


def republish(tournament_id, after: int, until: int) -> int:
    """The messages of a committed range ``(after, until]``, published now: consumer of the
    ``tournament_events`` messages written before this module existed, so none is lost."""
    tournament = Tournament.objects.select_related("league").filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    rows = list(StoredEvent.objects.filter(stream=tournament.stream, seq__lte=until).order_by("seq")
                .values("id", "seq", "type", "payload", "recorded_at"))
    messages = derive(tournament, TournamentState([r for r in rows if r["seq"] <= after]),
                      [r for r in rows if r["seq"] > after])
    publish(messages)
    return len(messages)


def republish_quiz_opened(quiz_id: int) -> int:
    """Consumer of the ``quiz_opened`` messages written before ``tournament.quiz_opened``."""
    quiz = Quiz.objects.select_related("tournament__league").filter(pk=quiz_id).first()
    if quiz is None:
        return 0
    rows = StoredEvent.objects.filter(stream=quiz.tournament.stream).order_by("seq").values("seq", "type", "payload")
    publish([quiz_opened(quiz, TournamentState(list(rows)))])
    return 1


def referees_appointed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    """Receiver of ``m2m_changed`` on ``Tournament.referees`` (``instance``: the tournament)."""
    if action == "post_add" and not reverse and pk_set:
        publish([staff_appointed(instance, pk_set, timezone.now().isoformat())])
