"""The lobby and a waiting challenge, live (kernel/streaming.py; issue 25).

A change of a challenge wakes the streams of its key (``challenge-<id>``), a change of an open
seek also the lobby's (``lobby``), after the commit like an append does (kernel/announcements.py).
The messages carry what a page needs to know that it is out of date — the open seeks' ids, a
challenge's status — and the page re-reads itself with its own filters and sight.
"""
from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from kernel.announcements import announce
from kernel.streaming import Message

from .models import Challenge

LOBBY = "lobby"
# The id of a challenge's last message: a reconnect after it is answered 204 (EventSource stops).
CLOSED = 1


def challenge_key(challenge_id) -> str:
    return f"challenge-{challenge_id}"


def announce_change(*challenges: Challenge) -> None:
    """Wake the pages that show these challenges once the transaction commits."""
    keys = {challenge_key(c.pk) for c in challenges}
    if any(c.is_seek for c in challenges):
        keys.add(LOBBY)
    if keys:
        announce(*sorted(keys))


class LobbyFeed:
    """``/api/seeks/stream/``: a ``lobby`` message with the open seeks' ids whenever they change."""

    keys = (LOBBY,)

    def __init__(self):
        self.last: list[str] | None = None

    def share_key(self, after: int):
        return None  # each viewer's feed remembers what it last sent

    def read(self, after: int) -> tuple[list[Message], int, bool]:
        ids = [str(pk) for pk in Challenge.objects.filter(
            is_seek=True, status=Challenge.Status.OPEN, expires_at__gt=timezone.now()).values_list("pk", flat=True)]
        if ids == self.last:
            return [], after, False
        self.last = ids
        return [Message(LOBBY, {"seeks": ids})], after, False


class ChallengeFeed:
    """``/api/challenges/<id>/stream/``: a ``challenge`` message with its status and accepted seats
    whenever they change; the last one (id 1) says how it closed and where its game is."""

    def __init__(self, challenge: Challenge, visible):
        self.challenge_id, self.visible = challenge.pk, visible
        self.keys = (challenge_key(challenge.pk),)
        self.last: dict | None = None

    def share_key(self, after: int):
        return None

    def read(self, after: int) -> tuple[list[Message], int, bool]:
        challenge = self.visible.filter(pk=self.challenge_id).first()
        if challenge is None or after >= CLOSED:
            return [], after, True
        status = challenge.status
        if status == Challenge.Status.OPEN and challenge.expires_at <= timezone.now():
            status = Challenge.Status.EXPIRED
        state = {"status": status,
                 "accepted": sorted(challenge.seats.filter(accepted_at__isnull=False).values_list("side", flat=True)),
                 "game_url": reverse("game-play", args=[challenge.game_id]) if challenge.game_id else None}
        closed = status != Challenge.Status.OPEN
        if state == self.last:
            return [], after, closed
        self.last = state
        return [Message("challenge", state, CLOSED if closed else None)], CLOSED if closed else after, closed
