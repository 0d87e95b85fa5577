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

from game.announcements import announce, user_key
from game.models import Game
from game.store import read_events
from tournament import events as tev
from tournament.models import Tournament
from tournament.services import load_state

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
    news = [
        News(players[side], kinds.YOUR_MOVE, f"{game.stream}#{version}",
             {"system": game.system, "opponent": opponents_of(players[side], players)},
             reverse("game-play", args=[game.pk]))
        for side in sides
        if side in players and side in game.to_move and players[side].get_username() != actor
    ]
    return record(news)


def tournament_news(tournament_id, after: int, until: int) -> set[int]:
    """Pairings, penalties and the end of a tournament, for the entrants they concern."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return set()
    url = reverse("tournament-page", args=[tournament.pk])
    about: list[tuple[str, str, str, dict, str]] = []  # (username, kind, key, facts, url)
    state = None
    for e in read_events(tournament.stream, after=after, until=until):
        key, p = f"{tournament.stream}#{e.seq}", e.payload
        if e.type == tev.PAIRING_CREATED:
            facts = {"tournament": tournament.name, "round": p["round"], "bye": p["bye"]}
            about += [(me, kinds.PAIRING_CREATED, key, {**facts, "opponent": other or "—"}, url)
                      for me, other in ((p["a"], p["b"]), (p["b"], p["a"])) if me]
        elif e.type == tev.LEG_REPORTED:
            state = state or load_state(tournament)
            pairing = state.pairings.get(p["pairing_id"])
            if pairing:
                opponent = pairing["b"] if p["reporter"] == pairing["a"] else pairing["a"]
                report_url = reverse("tournament-pairing-report", args=[tournament.pk, pairing["id"]])
                about.append((opponent, kinds.RESULT_TO_CONFIRM, key,
                              {"tournament": tournament.name, "reporter": p["reporter"]}, report_url))
        elif e.type == tev.PENALTY_ISSUED:
            about.append((p["entrant"], kinds.PENALTY_ISSUED, key,
                          {"tournament": tournament.name, "category": p["category"], "text": p["text"]}, url))
        elif e.type == tev.TOURNAMENT_FINISHED:
            about += [(name, kinds.TOURNAMENT_FINISHED, key, {"tournament": tournament.name}, url)
                      for name in (state or load_state(tournament)).entrants]
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in={a[0] for a in about})}
    return record([News(users[name], kind, key, facts, link) for name, kind, key, facts, link in about
                   if name in users])
