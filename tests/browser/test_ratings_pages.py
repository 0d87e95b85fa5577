"""League table, leaderboards and player page with the rating-history chart (issue 7;
docs/rules/service.md "Ratings": Elo per game system, rating history per player)."""
import re

import pytest
from django.test import Client

from game import services
from leagues.models import League, Season

pytestmark = pytest.mark.django_db


def forfeit_303(winner, loser):
    """A rated 303 game ended by forfeit (rated as a loss for the forfeiting side)."""
    game = services.create_game(system_name="303", setup={}, players={"luftwaffe": winner, "raf": loser})
    services.end_game(game.pk, "GameForfeited",
                      {"winner": "luftwaffe", "loser": "raf", "reason": "red card", "forfeit": True}, actor="referee")
    return game


def test_player_page_draws_one_chart_point_per_rated_game_plus_the_start(users):
    for _ in range(3):
        forfeit_303(users["alice"], users["bob"])
    html = Client().get("/players/alice/").content.decode()
    assert "303 (Battle of Britain): 15" in html  # the system by name; three wins from 1500 with K = 40 lift alice above 1500
    chart = html.split('class="rating-chart"')[1].split("</svg>")[0]
    assert chart.count('class="rating-point"') == 4
    ratings = [int(r) for r in re.findall(r"game \d vs bob: (\d+)", chart)]
    assert ratings == sorted(ratings) and ratings[0] > 1500


def test_league_index_lists_leaderboard_in_rating_order(users):
    forfeit_303(users["alice"], users["bob"])
    html = Client().get("/league/").content.decode()
    section = html.split("Elo ratings: 303")[1]
    assert section.index(">alice<") < section.index(">bob<")


def test_league_page_shows_the_season_table(users):
    forfeit_303(users["carol"], users["bob"])
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    Season.objects.create(league=league, name="2026")
    html = Client().get("/leagues/pl303/").content.decode()
    assert "League table, 2026" in html and ">carol<" in html


def test_unknown_player_is_404(db):
    assert Client().get("/players/nobody/").status_code == 404
