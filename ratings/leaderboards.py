"""Read side of the ratings projection: Elo leaderboards, solo leaderboards, player history.

service.md, "Ratings": anyone may read ratings. A history row names its game only if the
game is public or the viewer may see it anyway (the player, a league admin).
"""
from __future__ import annotations

from django.db.models import Avg, Count, Max

from game.visibility import is_league_admin

from . import elo
from .models import PlayerRating, RatedResult, RatingChange

DEFAULT_LIMIT = 100


def current_ratings(system: str, player_ids) -> dict[int, float]:
    """Each player's Elo in ``system`` (1500 for a player not rated yet), e.g. for seeding."""
    found = dict(PlayerRating.objects.filter(system=system, player_id__in=player_ids)
                 .values_list("player_id", "rating"))
    return {p: found.get(p, elo.START_RATING) for p in player_ids}


def elo_leaderboard(system: str, limit: int = DEFAULT_LIMIT) -> list[dict]:
    rows = PlayerRating.objects.filter(system=system).select_related("player").order_by("-rating", "player_id")
    return [
        {"rank": rank, "player_id": r.player_id, "player": r.player.get_username(), "rating": r.rating,
         "peak": r.peak, "games": r.games, "wins": r.wins, "draws": r.draws, "losses": r.losses}
        for rank, r in enumerate(rows[:limit], start=1)
    ]


def solo_leaderboard(system: str, limit: int = DEFAULT_LIMIT) -> list[dict]:
    """Best score per player over finished solo games (ties: fewer games first, then name)."""
    rows = (RatedResult.objects.filter(system=system, kind=RatedResult.Kind.SOLO)
            .values("first_player_id", "first_player__username")
            .annotate(best=Max("score"), average=Avg("score"), games=Count("id"))
            .order_by("-best", "games", "first_player__username"))
    return [
        {"rank": rank, "player_id": r["first_player_id"], "player": r["first_player__username"],
         "best_score": r["best"], "average_score": r["average"], "games": r["games"]}
        for rank, r in enumerate(rows[:limit], start=1)
    ]


def player_ratings(player, viewer) -> list[dict]:
    """Per system: the player's current rating and every change, oldest first."""
    sees_everything = is_league_admin(viewer) or (viewer.is_authenticated and viewer.pk == player.pk)
    history: dict[str, list[dict]] = {}
    changes = (RatingChange.objects.filter(player=player)
               .select_related("opponent", "result__game").order_by("system", "event_id"))
    for c in changes:
        game = c.result.game
        history.setdefault(c.system, []).append({
            "game": game.pk if (game.is_public or sees_everything) else None,
            "finished_at": c.result.finished_at, "ending": c.result.ending,
            "side": c.side, "opponent_id": c.opponent_id, "opponent": c.opponent.get_username(),
            "score": c.score, "expected": c.expected, "k": c.k, "games_before": c.games_before,
            "rating_before": c.rating_before, "rating_after": c.rating_after,
        })
    return [
        {"system": r.system, "rating": r.rating, "peak": r.peak, "games": r.games, "wins": r.wins,
         "draws": r.draws, "losses": r.losses, "history": history.get(r.system, [])}
        for r in PlayerRating.objects.filter(player=player).order_by("system")
    ]
