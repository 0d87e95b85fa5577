"""Which tournament events are posted to webhooks, and as what (issue 16).

From a committed range ``(after, until]`` of a tournament stream: ``round_started``,
``pairing_created``, ``game_finished`` (a game's result recorded) and ``tournament_finished``
come from single events; ``pairing_decided`` and ``standings_changed`` are what the fold says
changed between ``after`` and ``until`` (tournament/state.py), so a revoked penalty that
re-decides a pairing is posted again. Each becomes one delivery per endpoint of the tournament
or of its league, keyed by the event (``tournament-<id>#<seq>``), so a task run twice queues
nothing new.
"""
from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from game.models import StoredEvent
from tournament import events as tev
from tournament.models import Tournament
from tournament.projections import standings_of
from tournament.scoring import DECIDED
from tournament.state import TournamentState

from ..models import WebhookDelivery, WebhookEndpoint

ROUND_STARTED = "round_started"
PAIRING_CREATED = "pairing_created"
GAME_FINISHED = "game_finished"
PAIRING_DECIDED = "pairing_decided"
STANDINGS_CHANGED = "standings_changed"
TOURNAMENT_FINISHED = "tournament_finished"
EVENTS = (ROUND_STARTED, PAIRING_CREATED, GAME_FINISHED, PAIRING_DECIDED, STANDINGS_CHANGED, TOURNAMENT_FINISHED)

FROM_STORED = {tev.ROUND_STARTED: ROUND_STARTED, tev.PAIRING_CREATED: PAIRING_CREATED,
               tev.GAME_RESULT_RECORDED: GAME_FINISHED, tev.TOURNAMENT_FINISHED: TOURNAMENT_FINISHED}


def endpoints_for(tournament: Tournament):
    return WebhookEndpoint.objects.filter(Q(tournament=tournament) | Q(league_id=tournament.league_id))


def _decided(state: TournamentState, pid: str):
    result = state.result(pid)
    return result if result.status == DECIDED else None


def webhook_events(tournament: Tournament, after: int, until: int) -> list[tuple[str, str, dict]]:
    """``(event, key, data)`` for the range, in stream order."""
    rows = list(StoredEvent.objects.filter(stream=tournament.stream, seq__lte=until).order_by("seq")
                .values("seq", "type", "payload"))
    before, now = TournamentState([r for r in rows if r["seq"] <= after]), TournamentState(rows)
    out = [(FROM_STORED[r["type"]], f"{tournament.stream}#{r['seq']}", {"seq": r["seq"], **r["payload"]})
           for r in rows if r["seq"] > after and r["type"] in FROM_STORED]
    for pid, pairing in now.pairings.items():
        result = _decided(now, pid)
        if result is not None and (pid not in before.pairings or _decided(before, pid) != result):
            out.append((PAIRING_DECIDED, f"{tournament.stream}#{until}:{pid}", {
                "seq": until, "pairing_id": pid, "key": pairing["key"], "round": pairing["round"],
                "a": pairing["a"], "b": pairing["b"], "result": now.named_result(pairing)}))
    standings = standings_of(now, tournament.pk)
    if standings["rows"] != standings_of(before, tournament.pk)["rows"]:
        out.append((STANDINGS_CHANGED, f"{tournament.stream}#{until}:standings", {"seq": until, **standings}))
    return out


def envelope(tournament: Tournament, event: str, data: dict) -> dict:
    site = settings.NIGHTDUEL_SITE_URL.rstrip("/")
    return {"event": event, "sent_for": timezone.now().isoformat(),
            "tournament": {"id": tournament.pk, "name": tournament.name, "league": tournament.league.slug,
                           "url": site + reverse("tournament-page", args=[tournament.pk])},
            "data": data}


def queue_deliveries(tournament_id, after: int, until: int) -> list:
    """Create the deliveries of the range; the ids of those created now."""
    tournament = Tournament.objects.select_related("league").filter(pk=tournament_id).first()
    endpoints = list(endpoints_for(tournament)) if tournament else []
    if not endpoints:
        return []
    created = []
    now = timezone.now()
    for event, key, data in webhook_events(tournament, after, until):
        for endpoint in endpoints:
            if not endpoint.wants(event):
                continue
            delivery, new = WebhookDelivery.objects.get_or_create(
                endpoint=endpoint, key=key,
                defaults={"event": event, "payload": envelope(tournament, event, data), "next_attempt_at": now})
            if new:
                created.append(delivery.pk)
    return created
