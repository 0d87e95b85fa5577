"""What waits for whom in the tournaments a user plays in, runs or referees (issue 26): the
home page and the tournament page lead each person to the next thing to do.

* a player: each undecided pairing of a running tournament — online, the game to play; at the
  table, the table and the report page; at 1:1, the round's knowledge test while it is open;
* the staff (referees, the league's organisers): per tournament, the disputes to decide, the
  reports still to be confirmed, the pairings waiting for a decision, and a round to start.

Read from the folded streams only; the links are the pages that act on them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q
from django.urls import reverse

from game.models import Game
from kernel.models import StoredEvent

from . import events as ev, planner, scoring, table
from .models import Tournament
from .permissions import is_organiser
from .quiz.models import Quiz
from .services import load_state
from .state import CANCELLED, FINISHED, REGISTRATION, RUNNING

LIMIT = 20


@dataclass
class PlayerPairing:
    tournament: Tournament
    pairing: dict
    opponent: str
    status: str
    table: int | None = None
    report_url: str | None = None
    game_id: str | None = None
    quiz_url: str | None = None

    @property
    def round(self) -> int:
        return self.pairing["round"]


def entered_running(user) -> list[Tournament]:
    """Running tournaments ``user`` entered (newest first)."""
    running = {t.stream: t for t in Tournament.objects.filter(status=RUNNING).order_by("-created_at")[:200]}
    me = user.get_username()
    streams = {stream for stream, payload in StoredEvent.objects.filter(
        stream__in=list(running), type=ev.ENTRANT_REGISTERED).values_list("stream", "payload")
        if payload.get("entrant") == me}
    return [t for s, t in running.items() if s in streams][:LIMIT]


def player_pairings(user) -> list[PlayerPairing]:
    """The player's undecided pairings of running tournaments, each with where to go."""
    me, out = user.get_username(), []
    for tournament in entered_running(user):
        state = load_state(tournament)
        for pairing in state.pairings.values():
            if me not in (pairing["a"], pairing["b"]) or pairing["bye"] or not pairing["b"]:
                continue
            status = state.result(pairing["id"]).status
            if status == scoring.DECIDED or state.forfeited(pairing):
                continue
            item = PlayerPairing(tournament, pairing, pairing["b"] if pairing["a"] == me else pairing["a"], status)
            if pairing["mode"] == table.AT_TABLE:
                item.table = pairing["table"]
                item.report_url = reverse("tournament-pairing-report", args=[tournament.pk, pairing["id"]])
            if status == scoring.AWAITING_KNOWLEDGE_TEST:
                item.quiz_url = quiz_to_take(tournament, pairing["round"], me)
            out.append(item)
    running = _running_games([g["game_id"] for p in out for g in p.pairing["games"].values()])
    for item in out:
        item.game_id = next((g["game_id"] for _, g in sorted(item.pairing["games"].items())
                             if g["game_id"] in running), None)
    return out[:LIMIT]


def _running_games(ids: list[str]) -> set[str]:
    return {str(pk) for pk in Game.objects.filter(pk__in=ids, status=Game.Status.RUNNING).values_list("pk", flat=True)}


def quiz_to_take(tournament, round_number: int, me: str) -> str | None:
    """The round's knowledge test, if it is open and ``me`` has not handed it in."""
    quiz = Quiz.objects.filter(tournament=tournament, round=round_number).first()
    if quiz is None or quiz.attempts.filter(entrant=me, finished_at__isnull=False).exists():
        return None
    return reverse("quiz-page", args=[tournament.pk, round_number])


@dataclass
class StaffWaiting:
    """What waits for the staff of one tournament."""

    tournament: Tournament
    disputes: list = field(default_factory=list)      # (pairing, leg)
    to_confirm: list = field(default_factory=list)    # (pairing, leg)
    decisions: list = field(default_factory=list)     # pairings waiting for a referee
    round_to_start: int | None = None                 # the organiser may start this round
    organiser: bool = False

    @property
    def anything(self) -> bool:
        return bool(self.disputes or self.to_confirm or self.decisions or self.round_to_start)

    @property
    def reports_url(self) -> str:
        return reverse("tournament-table-reports-page", args=[self.tournament.pk])

    @property
    def manage_url(self) -> str:
        return reverse("tournament-manage", args=[self.tournament.pk])

    @property
    def first_decision_url(self) -> str | None:
        if not self.decisions:
            return None
        return reverse("tournament-pairing-page", args=[self.tournament.pk, self.decisions[0]["id"]]) + "#ref-decide-h"


def staff_waiting(tournament, state, organiser: bool) -> StaffWaiting:
    out = StaffWaiting(tournament, organiser=organiser)
    for pairing, leg, report in table.open_reports(state):
        if not table.takes_results(state, pairing):  # forfeited or closed: nothing left to decide
            continue
        (out.disputes if report["status"] == table.DISPUTED else out.to_confirm).append((pairing, leg))
    out.decisions = [p for p in state.pairings.values()
                     if not p["bye"] and state.result(p["id"]).status == scoring.AWAITING_REFEREE]
    if organiser and state.status in (REGISTRATION, RUNNING) and state.seeds is not None:
        try:
            planner.start_round(state)
            out.round_to_start = len(state.rounds) + 1
        except planner.CannotStartRound:
            pass
    return out


def staffed_tournaments(user) -> list[Tournament]:
    """Open tournaments ``user`` referees or whose league he organises."""
    if not user.is_authenticated:
        return []
    return list(Tournament.objects.filter(Q(referees=user) | Q(league__organisers=user))
                .exclude(status__in=(FINISHED, CANCELLED)).select_related("league").distinct()
                .order_by("-created_at")[:LIMIT])


def staff_overview(user) -> list[StaffWaiting]:
    """Each tournament ``user`` runs or referees, with what waits in it."""
    return [staff_waiting(t, load_state(t), is_organiser(user, t)) for t in staffed_tournaments(user)]
