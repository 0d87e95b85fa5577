"""Observed side advantage per game system, and Elo with a fitted side offset (issue 6).

Counted over the system's Elo-rated results (aborted and unrated games are not results).
Fitting the offset re-folds the system's results a few times, so a report is cached under
the system's result count and newest result: any new, late or rebuilt result changes the key.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Max

from . import elo, side_offset
from .models import PlayerRating, RatedResult


def side_record(side: str, scores: list[float]) -> dict:
    games = len(scores)
    wins, draws = scores.count(elo.WIN), scores.count(elo.DRAW)
    return {"side": side, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": wins / games if games else None,
            "score_rate": (wins + draws / 2) / games if games else None}


CACHE_SECONDS = 3600


def report(system: str) -> dict:
    results = RatedResult.objects.filter(system=system, kind=RatedResult.Kind.ELO)
    version = results.aggregate(count=Count("id"), newest=Max("id"))
    key = f"ratings:side-advantage:{system}:{version['count']}:{version['newest']}"
    cached = cache.get(key)
    if cached is None:
        cached = _report(system)
        cache.set(key, cached, CACHE_SECONDS)
    return cached


def _report(system: str) -> dict:
    rows = list(RatedResult.objects.filter(system=system, kind=RatedResult.Kind.ELO).order_by("event_id")
                .values_list("first_side", "second_side", "first_player_id", "second_player_id", "score"))
    first_side = rows[0][0] if rows else None
    second_side = rows[0][1] if rows else None
    first_scores = [score for *_, score in rows]
    offset, states = side_offset.fit([(a, b, score) for _, _, a, b, score in rows])
    plain = {r.player_id: r for r in PlayerRating.objects.filter(system=system)}
    names = dict(get_user_model().objects.filter(pk__in=states).values_list("pk", "username"))
    players = sorted(
        ({"player_id": p, "player": names.get(p, ""), "rating": plain[p].rating if p in plain else None,
          "side_adjusted_rating": state[0], "provisional": elo.is_provisional(state[1]), "games": state[1]}
         for p, state in states.items()),
        key=lambda row: (-row["side_adjusted_rating"], row["player_id"]),
    )
    sides = [] if not rows else [side_record(first_side, first_scores),
                                 side_record(second_side, [1.0 - s for s in first_scores])]
    return {
        "system": system,
        "games": len(rows),
        "sides": sides,
        "fitted_offsets": {} if not rows else {first_side: offset / 2, second_side: -offset / 2},
        "players": players,
    }
