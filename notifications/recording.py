"""Notifications derived from the event store (issue 16), recorded once per (user, kind, event).

The outbox hands each committed batch to a task here: a game whose turn passed to somebody
(``turn_passed``) or a range of a tournament stream (``tournament_news``). The key of each
notification names the event (``<stream>#<seq>``), so a task delivered twice records nothing
new. Returns the users who now have e-mail waiting.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from accounts.models import bot_names
from game.announcements import announce, user_key
from game.models import Game, StoredEvent
from tournament import events as tev, scoring, table
from tournament.models import Tournament
from tournament.quiz.models import Quiz
from tournament.services import load_state
from tournament.state import TournamentState

from . import kinds
from .models import Notification
from .preferences import choices_of


@dataclass(frozen=True)
class News:
    user: object
    kind: str
    key: str
    facts: dict
    url: str


def record(news: list[News]) -> set[int]:
    """Store what each user wants of ``news``; wake their open pages; who has mail waiting."""
    chosen = choices_of({n.user.pk for n in news})
    rows = []
    for n in news:
        choice = chosen[n.user.pk][n.kind]
        if not (choice.in_page or choice.by_email):
            continue
        mail = Notification.Mail.PENDING if choice.by_email and n.user.email else Notification.Mail.NOT_WANTED
        rows.append(Notification(user=n.user, kind=n.kind, key=n.key, facts=n.facts, url=n.url,
                                 in_page=choice.in_page, mail=mail))
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    for row in rows:
        if row.kind == kinds.YOUR_MOVE:
            supersede_older_turns(row.user_id, row.url)
    for user_id in {r.user_id for r in rows if r.in_page}:
        announce(user_key(user_id))
    return {r.user_id for r in rows if r.mail == Notification.Mail.PENDING}


def supersede_older_turns(user_id, url: str) -> None:
    """Only the newest unread "your move" of a game stays unread (its e-mail too): the older
    ones are past. Newest by id, so a late redelivery of an old turn changes nothing."""
    turns = Notification.objects.filter(user_id=user_id, url=url, kind=kinds.YOUR_MOVE, read_at__isnull=True)
    newest = turns.order_by("-id").values_list("id", flat=True).first()
    older = turns.exclude(id=newest)
    older.filter(mail=Notification.Mail.PENDING).update(mail=Notification.Mail.READ_ON_SITE)
    older.update(read_at=timezone.now())


def opponents_of(user, players: dict) -> str:
    return ", ".join(sorted({u.get_username() for u in players.values() if u.pk != user.pk})) or "—"


def turn_passed(game_id, version: int, sides: list[str], actor: str) -> set[int]:
    """"Your move" for the players of ``sides``, which became to move at ``version`` — unless
    they made that move themself or the turn has already passed on."""
    game = Game.objects.prefetch_related("seats__user").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.RUNNING:
        return set()
    players = {seat.side: seat.user for seat in game.seats.all()}
    bots = bot_names(user.get_username() for user in players.values())  # a bot's move comes by bots/moves.py
    news = [
        News(players[side], kinds.YOUR_MOVE, f"{game.stream}#{version}",
             {"system": game.system, "opponent": opponents_of(players[side], players)},
             reverse("game-play", args=[game.pk]))
        for side in sides
        if side in players and side in game.to_move and players[side].get_username() not in (actor, *bots)
    ]
    return record(news)


def tournament_news(tournament_id, after: int, until: int) -> set[int]:
    """What the committed range ``(after, until]`` of a tournament stream tells whom: pairings
    (with their table), results to confirm, penalties (with the card), the end, and what waits
    for someone (:func:`waiting_news`)."""
    tournament = Tournament.objects.prefetch_related("referees").filter(pk=tournament_id).first()
    if tournament is None:
        return set()
    url = reverse("tournament-page", args=[tournament.pk])
    name = tournament.name
    about: list[tuple[str, str, str, dict, str]] = []  # (username, kind, key, facts, url)
    rows = list(StoredEvent.objects.filter(stream=tournament.stream, seq__lte=until).order_by("seq")
                .values("seq", "type", "payload"))
    state = TournamentState([r for r in rows if r["seq"] <= after])
    for e in (r for r in rows if r["seq"] > after):
        key, p = f"{tournament.stream}#{e['seq']}", e["payload"]
        before = statuses(state)
        state.apply(e)
        if e["type"] == tev.PAIRING_CREATED:
            at_table = p.get("mode") == table.AT_TABLE
            facts = {"tournament": name, "round": p["round"], "bye": p["bye"],
                     "table": p.get("table") if at_table else None}
            link = report_url(tournament, p["pairing_id"]) if at_table and not p["bye"] else url
            about += [(me, kinds.PAIRING_CREATED, key, {**facts, "opponent": other or "—"}, link)
                      for me, other in ((p["a"], p["b"]), (p["b"], p["a"])) if me]
        elif e["type"] == tev.LEG_REPORTED:
            pairing = state.pairings.get(p["pairing_id"])
            if pairing:
                opponent = pairing["b"] if p["reporter"] == pairing["a"] else pairing["a"]
                about.append((opponent, kinds.RESULT_TO_CONFIRM, key, {"tournament": name, "reporter": p["reporter"]},
                              report_url(tournament, pairing["id"])))
        elif e["type"] == tev.LEG_DISPUTED:
            pairing = state.pairings.get(p["pairing_id"])
            if pairing:
                facts = {"tournament": name, "table": pairing.get("table") or "—", "by": p["by"], "leg": p["leg"]}
                link = report_url(tournament, pairing["id"]) + f"?decide={p['leg']}#decide-leg-{p['leg']}"
                about += [(staff, kinds.DISPUTE_TO_DECIDE, key, facts, link) for staff in staff_of(tournament)]
        elif e["type"] == tev.PENALTY_ISSUED:
            card = next((g["level"] for g in state.graded_penalties() if g["id"] == p["penalty_id"]), None)
            about.append((p["entrant"], kinds.PENALTY_ISSUED, key,
                          {"tournament": name, "category": p["category"], "text": p["text"], "level": card}, url))
        elif e["type"] == tev.TOURNAMENT_FINISHED:
            about += [(entrant, kinds.TOURNAMENT_FINISHED, key, {"tournament": name}, url)
                      for entrant in state.entrants]
        about += waiting_news(tournament, state, before, key)
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in={a[0] for a in about})}
    return record([News(users[who], kind, key, facts, link) for who, kind, key, facts, link in about
                   if who in users])


def report_url(tournament, pairing_id: str) -> str:
    return reverse("tournament-pairing-report", args=[tournament.pk, pairing_id])


def staff_of(tournament) -> list[str]:
    """Who settles what waits in a tournament: its referees, else its league's organisers."""
    referees = [u.get_username() for u in tournament.referees.all()]
    return referees or list(tournament.league.organisers.values_list("username", flat=True))


def statuses(state) -> dict[str, str]:
    return {pid: state.result(pid).status for pid in state.pairings}


def waiting_news(tournament, state, before: dict[str, str], key: str) -> list[tuple]:
    """Pairings an event left waiting at 1:1: for the knowledge test (its two players are told,
    with the round's test if it is open) or, with equal tests, for a referee's decision."""
    out = []
    for pid, pairing in state.pairings.items():
        status = state.result(pid).status
        if status == before.get(pid) or pairing["bye"]:
            continue
        facts = {"tournament": tournament.name, "a": pairing["a"], "b": pairing["b"], "round": pairing["round"]}
        if status == scoring.AWAITING_KNOWLEDGE_TEST:
            quiz = open_quiz_url(tournament, pairing["round"])
            for me, other in ((pairing["a"], pairing["b"]), (pairing["b"], pairing["a"])):
                out.append((me, kinds.KNOWLEDGE_TEST_OPEN, key, {**facts, "opponent": other, "quiz": bool(quiz)},
                            quiz or reverse("tournament-pairing-page", args=[tournament.pk, pid])))
        elif status == scoring.AWAITING_REFEREE:
            link = reverse("tournament-pairing-page", args=[tournament.pk, pid]) + "#ref-decide-h"
            out += [(staff, kinds.TIE_TO_DECIDE, key, facts, link) for staff in staff_of(tournament)]
    return out


def open_quiz_url(tournament, round_number: int) -> str | None:
    if not Quiz.objects.filter(tournament=tournament, round=round_number).exists():
        return None
    return reverse("quiz-page", args=[tournament.pk, round_number])


def quiz_opened(quiz_id: int) -> set[int]:
    """The players of the quiz's round whose pairing waits for the knowledge test are told it is open."""
    quiz = Quiz.objects.select_related("tournament").filter(pk=quiz_id).first()
    if quiz is None:
        return set()
    tournament = quiz.tournament
    state = load_state(tournament)
    link = reverse("quiz-page", args=[tournament.pk, quiz.round])
    about = []
    for pid, pairing in state.pairings.items():
        if pairing["round"] != quiz.round or state.result(pid).status != scoring.AWAITING_KNOWLEDGE_TEST:
            continue
        facts = {"tournament": tournament.name, "a": pairing["a"], "b": pairing["b"], "round": pairing["round"],
                 "quiz": True}
        about += [(me, {**facts, "opponent": other}) for me, other in
                  ((pairing["a"], pairing["b"]), (pairing["b"], pairing["a"]))]
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in={a[0] for a in about})}
    return record([News(users[who], kinds.KNOWLEDGE_TEST_OPEN, f"quiz-{quiz.pk}", facts, link)
                   for who, facts in about if who in users])
