"""Notifications (issue 16), recorded once per (user, kind, fact).

The outbox hands each committed fact to a consumer here: a game whose turn passed to somebody
(``turn_passed``), or a tournament's integration message (tournament/messages.py: pairings with
their table, results to confirm, disputes, penalties with the card, the end, pairings waiting at
1:1, an open knowledge test). The key of each notification names the fact (the game's
``<stream>#<seq>``, the message's ``ref``), so a fact told twice records nothing new. Each
returns the users who now have e-mail waiting.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from accounts.models import bot_names
from kernel.announcements import announce, user_key
from game.models import Game

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


def tell(about: list[tuple[str, str, str, dict, str]]) -> set[int]:
    """Record ``(username, kind, key, facts, url)`` for the users that exist."""
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in={a[0] for a in about})}
    return record([News(users[who], kind, key, facts, link) for who, kind, key, facts, link in about
                   if who in users])


def page_url(m: dict) -> str:
    return reverse("tournament-page", args=[m["tournament_id"]])


def report_url(m: dict) -> str:
    return reverse("tournament-pairing-report", args=[m["tournament_id"], m["pairing_id"]])


def pairing_created(m: dict) -> set[int]:
    """Each player of a new pairing is told his opponent (and table)."""
    facts = {"tournament": m["tournament"], "round": m["round"], "bye": m["bye"], "table": m["table"]}
    link = report_url(m) if m["at_table"] and not m["bye"] else page_url(m)
    return tell([(me, kinds.PAIRING_CREATED, m["ref"], {**facts, "opponent": other or "—"}, link)
                 for me, other in ((m["a"], m["b"]), (m["b"], m["a"])) if me])


def result_reported(m: dict) -> set[int]:
    return tell([(m["opponent"], kinds.RESULT_TO_CONFIRM, m["ref"],
                  {"tournament": m["tournament"], "reporter": m["reporter"]}, report_url(m))])


def result_disputed(m: dict) -> set[int]:
    facts = {"tournament": m["tournament"], "table": m["table"] or "—", "by": m["by"], "leg": m["leg"]}
    link = report_url(m) + f"?decide={m['leg']}#decide-leg-{m['leg']}"
    return tell([(staff, kinds.DISPUTE_TO_DECIDE, m["ref"], facts, link) for staff in m["staff"]])


def penalty_issued(m: dict) -> set[int]:
    facts = {"tournament": m["tournament"], "category": m["category"], "text": m["text"], "level": m["level"]}
    return tell([(m["entrant"], kinds.PENALTY_ISSUED, m["ref"], facts, page_url(m))])


def tournament_finished(m: dict) -> set[int]:
    return tell([(entrant, kinds.TOURNAMENT_FINISHED, m["ref"], {"tournament": m["tournament"]}, page_url(m))
                 for entrant in m["entrants"]])


def pairing_waiting(m: dict) -> set[int]:
    """A pairing left at 1:1: its two players are told of the knowledge test (with the round's
    test if it is open), or its staff of the decision waiting for them."""
    facts = {"tournament": m["tournament"], "a": m["a"], "b": m["b"], "round": m["round"]}
    pairing_page = reverse("tournament-pairing-page", args=[m["tournament_id"], m["pairing_id"]])
    if m["waits_for"] == "referee":
        return tell([(staff, kinds.TIE_TO_DECIDE, m["ref"], facts, pairing_page + "#ref-decide-h")
                     for staff in m["staff"]])
    link = reverse("quiz-page", args=[m["tournament_id"], m["round"]]) if m["quiz_open"] else pairing_page
    return tell([(me, kinds.KNOWLEDGE_TEST_OPEN, m["ref"], {**facts, "opponent": other, "quiz": m["quiz_open"]}, link)
                 for me, other in ((m["a"], m["b"]), (m["b"], m["a"]))])


def quiz_opened(m: dict) -> set[int]:
    """The players of the quiz's round whose pairing waits for the knowledge test are told it is open."""
    link = reverse("quiz-page", args=[m["tournament_id"], m["round"]])
    facts = {"tournament": m["tournament"], "round": m["round"], "quiz": True}
    return tell([(me, kinds.KNOWLEDGE_TEST_OPEN, m["ref"], {**facts, "a": a, "b": b, "opponent": other}, link)
                 for a, b in m["waiting"] for me, other in ((a, b), (b, a))])
