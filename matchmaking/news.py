"""What the players of a challenge are told: through the notifications app, like every other
kind (their choice of page and e-mail), recorded in the same transaction as the challenge."""
from __future__ import annotations

from django.urls import reverse

from notifications import kinds
from notifications.recording import News, record
from notifications.tasks import mail_soon

ACCEPTED, DECLINED, JOINED = "accepted", "declined", "joined"


def challenged(challenge) -> None:
    """Each invited player: "alice challenges you to Duel in the Dark"."""
    url = reverse("challenge-page", args=[challenge.pk])
    facts = {"challenger": challenge.challenger.get_username(), "system": challenge.system}
    invited = [seat.user for seat in challenge.seats.select_related("user")
               if seat.user is not None and seat.user_id != challenge.challenger_id]
    mail_soon(record([News(user, kinds.CHALLENGE_RECEIVED, f"challenge-{challenge.pk}", facts, url)
                      for user in invited]))


def answered(challenge, player, answer: str) -> None:
    """The challenger (and, once the game starts, everybody already seated) hears the answer."""
    started = challenge.game_id is not None
    url = reverse("game-play", args=[challenge.game_id]) if started else reverse("challenge-page", args=[challenge.pk])
    facts = {"player": player.get_username(), "system": challenge.system, "answer": answer, "started": started}
    told = {challenge.challenger}
    if started:
        told |= {seat.user for seat in challenge.seats.select_related("user")}
    key = f"challenge-{challenge.pk}#{answer}-{player.pk}"
    mail_soon(record([News(user, kinds.CHALLENGE_ANSWERED, key, facts, url)
                      for user in told if user.pk != player.pk]))
