"""League table, leaderboards and player pages (issue 7; docs/rules/service.md "Ratings").

Read through the ratings app's projections (``leaderboards``, ``league_table``); the
rating-history chart is plain server-drawn SVG, so it needs no script.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from accounts.models import display_name_of
from systems.kit.descriptor import HEAD_TO_HEAD, SOLO
from systems.registry import descriptors
from kernel.refusals import CommandRejected
from kernel.replica import reads_may_lag
from game.visibility import is_league_admin
from accounts.roles import is_league_admin, league_admins

from .leaderboards import elo_leaderboard, player_ratings, solo_leaderboard
from .league_table import season_table
from leagues.services import league_at
from leagues.models import League

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 640, 260, 56
LEADERBOARD_ROWS = 50


@reads_may_lag
def league_index(request):
    leagues = League.objects.prefetch_related("seasons").all()
    # Every system on the board its descriptor's ``rated_as`` gives it (systems/kit/descriptor.py).
    boards = [{"system": d.name, "rows": elo_leaderboard(d.name, LEADERBOARD_ROWS)} for d in descriptors()
              if d.rated_as == HEAD_TO_HEAD]
    solo = [{"system": d.name, "rows": solo_leaderboard(d.name, LEADERBOARD_ROWS)} for d in descriptors()
            if d.rated_as == SOLO]
    return render(request, "ratings/league_index.html", {"leagues": leagues, "boards": boards, "solo": solo,
                                                         "is_league_admin": is_league_admin(request.user)})


def league_or_404(address):
    """A league by its slug (or id, as everywhere), or the page's 404."""
    try:
        return league_at(address)
    except CommandRejected:
        raise Http404("no such league") from None


@reads_may_lag
def league_page(request, slug):
    """A league's organisers, and each season's table."""
    league = league_or_404(slug)
    seasons = [{"season": s, "table": season_table(s)} for s in league.seasons.all()]
    admin = is_league_admin(request.user)
    organises = admin or (request.user.is_authenticated and league.organisers.filter(pk=request.user.pk).exists())
    return render(request, "ratings/league.html", {"league": league, "seasons": seasons, "is_league_admin": admin,
                                                   "organises": organises, "league_admins": league_admins()})


def game_label(number: int, change: dict) -> str:
    if change["opponent"]:
        return _("game %(number)s vs %(opponent)s") % {"number": number, "opponent": change["opponent"]}
    return _("game %(number)s: place %(placing)s of %(players)s") % {
        "number": number, "placing": change["placing"], "players": change["players"]}


def rating_chart(history: list[dict]) -> dict | None:
    """Points of a rating-history line chart in SVG user units (oldest game on the left)."""
    if not history:
        return None
    values = [history[0]["rating_before"]] + [h["rating_after"] for h in history]
    low, high = min(values), max(values)
    span = max(high - low, 1.0)
    step = (CHART_WIDTH - 2 * CHART_PAD) / max(len(values) - 1, 1)

    def y(v: float) -> float:
        return round(CHART_HEIGHT - CHART_PAD - (v - low) / span * (CHART_HEIGHT - 2 * CHART_PAD), 1)

    points = [{"x": round(CHART_PAD + i * step, 1), "y": y(v), "rating": round(v),
               "label": _("start") if i == 0 else game_label(i, history[i - 1])}
              for i, v in enumerate(values)]
    return {
        "width": CHART_WIDTH, "height": CHART_HEIGHT, "pad": CHART_PAD, "points": points,
        "polyline": " ".join(f"{p['x']},{p['y']}" for p in points),
        "low": round(low), "high": round(high), "y_low": y(low), "y_high": y(high),
        "right": CHART_WIDTH - CHART_PAD, "bottom": CHART_HEIGHT - CHART_PAD,
    }


def player_page(request, username):
    player = get_object_or_404(get_user_model(), username=username)
    systems = [{**r, "chart": rating_chart(r["history"])} for r in player_ratings(player, request.user)]
    return render(request, "ratings/player.html", {"player": player, "systems": systems,
                                                   "display_name": display_name_of(player)})
