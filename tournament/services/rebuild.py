"""Rebuilding the tournament read models from their streams (``manage.py rebuild_tournaments``)."""
from __future__ import annotations

from django.db import transaction

from ..models import Pairing, PairingGame, Tournament
from .reconciliation import refresh_projection
from .stream import load_state


def rebuild_projections() -> int:
    """Rebuild every tournament's read models (status, pairing and game indexes, cached bracket
    and standings) from its events; returns the number of tournaments."""
    count = 0
    for tournament in Tournament.objects.all():
        with transaction.atomic():
            rebuild_tournament(tournament)
        count += 1
    return count


def rebuild_tournament(tournament: Tournament) -> None:
    """One tournament's read models from its events (also an imported tournament's, tournament/uploads.py)."""
    state = load_state(tournament)
    for pid, pairing in {**state.voided, **state.pairings}.items():
        Pairing.objects.update_or_create(id=pid, defaults={"voided": pid in state.voided}, create_defaults={
            "tournament": tournament, "key": pairing["key"], "round": pairing["round"],
            "voided": pid in state.voided})
        for leg, game in pairing["games"].items():
            PairingGame.objects.get_or_create(game_id=game["game_id"], defaults={"pairing_id": pid, "leg": leg})
    refresh_projection(tournament, state)

