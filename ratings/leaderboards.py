"""Read side of the ratings projection: Elo leaderboards, solo leaderboards, player history.

docs/rules/service.md, "Ratings": anyone may read ratings. A history row names its game only if the
game is public or the viewer may see it anyway (the player, a league admin). Every rating
shown carries ``provisional``: fewer than ``elo.PROVISIONAL_GAMES`` rated games behind it; a practice bot's row
and a game against one carry ``bot`` / ``bot_game``.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Avg, Count, Max

from accounts.models import bot_names
from accounts.roles import is_league_admin

from . import elo
from .models import PlayerRating, RatedResult, RatingChange

DEFAULT_LIMIT = 100


def entry_rating(system: str, player_id: int) -> tuple[float, bool]:
    """``(rating, provisional)`` a tournament registers a player with: the current Elo in
    ``system`` (the start rating while unrated), provisional below ``elo.PROVISIONAL_GAMES`` games."""
    row = PlayerRating.objects.filter(system=system, player_id=player_id).values_list("rating", "games").first()
    return (elo.START_RATING, True) if row is None else (row[0], elo.is_provisional(row[1]))


def elo_leaderboard(system: str, limit: int = DEFAULT_LIMIT) -> list[dict]:
    """``bot``: the row is a practice bot's (a rated bot game put it there; pages mark it)."""
    rows = list(PlayerRating.objects.filter(system=system).select_related("player").order_by("-rating", "player_id")
                [:limit])
    bots = bot_names(r.player.get_username() for r in rows)
    return [
        {"rank": rank, "player_id": r.player_id, "player": r.player.get_username(), "rating": r.rating,
         "provisional": elo.is_provisional(r.games), "peak": r.peak, "games": r.games, "wins": r.wins,
         "draws": r.draws, "losses": r.losses, "bot": r.player.get_username() in bots}
        for rank, r in enumerate(rows, start=1)
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
    """Per system: the player's current rating and every change, oldest first. A row of a game
    of more than two players has no single opponent: ``opponents`` names the table, with places."""
    sees_everything = is_league_admin(viewer) or (viewer.is_authenticated and viewer.pk == player.pk)
    changes = list(RatingChange.objects.filter(player=player)
                   .select_related("opponent", "result__game").order_by("system", "event_id"))
    tables = {p for c in changes if c.opponent_id is None for _, p, _ in c.result.placings}
    names = dict(get_user_model().objects.filter(pk__in=tables).values_list("pk", "username"))
    bots = bot_names([player.get_username(), *names.values(), *(c.opponent.get_username() for c in changes
                                                               if c.opponent_id)])
    history: dict[str, list[dict]] = {}
    for c in changes:
        game = c.result.game
        if c.opponent_id is None:
            opponents = [{"player_id": p, "player": names.get(p, ""), "side": side, "placing": place}
                         for side, p, place in c.result.placings if p != player.pk]
        else:
            opponents = [{"player_id": c.opponent_id, "player": c.opponent.get_username(), "side": None,
                          "placing": 1 if c.placing == 2 or c.score == elo.DRAW else 2}]
        history.setdefault(c.system, []).append({
            "game": game.pk if game is not None and (game.is_public or sees_everything) else None,
            "at_table": game is None,
            "finished_at": c.result.finished_at, "ending": c.result.ending,
            "side": c.side, "opponent_id": c.opponent_id,
            "opponent": c.opponent.get_username() if c.opponent_id else None,
            "opponents": opponents, "players": c.players, "placing": c.placing,
            # A rated game against a practice bot (or a bot's own history): marked on the pages.
            "bot_game": bool(bots) and (player.get_username() in bots
                                        or any(o["player"] in bots for o in opponents)),
            "score": c.score, "expected": c.expected, "k": c.k, "games_before": c.games_before,
            "rating_before": c.rating_before, "rating_after": c.rating_after,
            "provisional": elo.is_provisional(c.games_before + 1),
        })
    return [
        {"system": r.system, "rating": r.rating, "provisional": elo.is_provisional(r.games), "peak": r.peak,
         "games": r.games, "wins": r.wins, "draws": r.draws, "losses": r.losses,
         "history": history.get(r.system, [])}
        for r in PlayerRating.objects.filter(player=player).order_by("system")
    ]
