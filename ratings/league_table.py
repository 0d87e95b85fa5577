"""League tables per league and season (docs/rules/service.md, "Ratings": rating, games, wins, points).

One row per player and game system the player has Elo-rated games in during the season:
* ``rating`` — the player's current Elo in that system;
* ``games`` / ``wins`` — rated results of the season's games (two-player and 3–5 player: a win
  is a first place not shared by the whole table);
* ``tournament_points`` — the player's points summed over the season's tournaments.

The season's tournaments are ``season.tournaments``; their games and points are read through
the tournament projections ``bracket(t)`` (``rounds[].pairings[].games[].game_id``) and
``standings(t)`` (``rows[].entrant`` = username, ``rows[].points``). A season without
tournaments counts the rated games finished within its dates (``starts_on``..``ends_on``
inclusive, open ends unbounded) with 0 points, and the table's ``points_source`` says so.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, time

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from . import elo
from tournament import projections

from .models import PlayerRating, RatedResult, RatingChange
from leagues.models import Season
from .projection import RATED_KINDS, WON

POINTS_FROM_TOURNAMENTS = "tournament.projections.standings"
POINTS_UNAVAILABLE = "no tournament in this season: games counted by the season's dates, tournament points 0"


def tournament_games_and_points(tournaments) -> tuple[set[str], dict[int, float]]:
    game_ids: set[str] = set()
    points_by_name: dict[str, float] = defaultdict(float)
    for tournament in tournaments:
        for stage in projections.bracket(tournament)["rounds"]:
            for pairing in stage["pairings"]:
                game_ids.update(str(g["game_id"]) for g in pairing["games"] if g.get("game_id"))
        for row in projections.standings(tournament)["rows"]:
            points_by_name[row["entrant"]] += float(row.get("points") or 0)
    ids = dict(get_user_model().objects.filter(username__in=points_by_name).values_list("username", "pk"))
    return game_ids, {ids[name]: points for name, points in points_by_name.items() if name in ids}


def _in_dates(season: Season) -> Q:
    window = Q()
    if season.starts_on:
        window &= Q(finished_at__gte=timezone.make_aware(datetime.combine(season.starts_on, time.min)))
    if season.ends_on:
        window &= Q(finished_at__lte=timezone.make_aware(datetime.combine(season.ends_on, time.max)))
    return window


def season_results(season: Season) -> tuple[QuerySet, dict[int, float], str]:
    elo_results = RatedResult.objects.filter(kind__in=RATED_KINDS)
    tournaments = list(season.tournaments.all())
    if not tournaments:
        return elo_results.filter(_in_dates(season)), {}, POINTS_UNAVAILABLE
    game_ids, points = tournament_games_and_points(tournaments)
    played = Q(game_id__in=game_ids) | Q(game__isnull=True, tournament__in=tournaments)  # legs at the table
    return elo_results.filter(played), points, POINTS_FROM_TOURNAMENTS


def season_table(season: Season) -> dict:
    results, points, source = season_results(season)
    per_player = (RatingChange.objects.filter(result__in=results).values("system", "player_id")
                  .annotate(games=Count("id"), wins=Count("id", filter=WON)))
    counts = {(row["system"], row["player_id"]): (row["games"], row["wins"]) for row in per_player}
    ratings = {(r.system, r.player_id): r for r in PlayerRating.objects.filter(
        player_id__in={p for _, p in counts}).select_related("player")}
    rows = [
        {"system": system, "player_id": player, "player": ratings[system, player].player.get_username(),
         "rating": ratings[system, player].rating, "provisional": elo.is_provisional(ratings[system, player].games),
         "games": games, "wins": wins, "tournament_points": points.get(player, 0.0)}
        for (system, player), (games, wins) in counts.items()
    ]
    rows.sort(key=lambda r: (r["system"], -r["tournament_points"], -r["rating"], r["player_id"]))
    return {"league": season.league.slug, "season": season.pk, "starts_on": season.starts_on,
            "ends_on": season.ends_on, "points_source": source, "rows": rows}
