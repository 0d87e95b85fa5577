"""The players' pages as the server renders them (issue 26): conceding a Nightfighter night is
a secondary button with a confirmation step that works without JavaScript; no internal id or
"version N" is shown to a player; the home page's running games come as a fragment its script
swaps in live; 303's open firing order reaches the page as every order with its board clicks."""
import json
import re

import pytest
from django.test import Client

from game import services
from game.folding import game_aggregate
from game.models import Game

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def visible_text(html: str) -> str:
    """The page's words without its markup, scripts and JSON."""
    html = re.sub(r"<script.*?</script>|<[^>]+ hidden>.*?</[a-z]+>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_conceding_asks_first_without_javascript(users):
    night = services.create_game(system_name="nightfighter-solo", setup={"scenario": "HS2", "turns": 2},
                                 players={"player": users["alice"]})
    html = logged_in(users["alice"]).get(f"/games/{night.pk}/").content.decode()
    quick = html[html.index('<div class="quick-actions">'):html.index('id="all-moves"')]
    forms = re.findall(r'<form method="post" class="action-form".*?</form>', quick, flags=re.S)
    [concede] = [f for f in forms if "end_night" in f]
    # The only submit button sits inside a folded <details>: a first click only opens the question.
    assert re.search(r'<details class="confirm-step">\s*<summary class="button secondary">', concede)
    assert concede.count('type="submit"') == 1 and concede.index('type="submit"') > concede.index("confirm-question")
    assert "cannot be undone" in concede
    assert "end_night" in forms[-1]  # the main actions come first, conceding last


def test_no_internal_id_or_version_is_shown_to_players(users):
    game = services.create_game(system_name="dice-race", setup={"target": 30},
                                players={"a": users["alice"], "b": users["bob"]})
    alice = logged_in(users["alice"])
    for url in (f"/games/{game.pk}/", "/", "/games/"):
        words = visible_text(alice.get(url).content.decode())
        assert str(game.pk)[:8] not in words, url
        assert not re.search(r"\bVersion\b|\bversion \d", words), url
    stale = alice.post(f"/games/{game.pk}/", {"action": "0", "expected_version": "0", "side": "a"}, follow=True)
    refused = visible_text(stale.content.decode())
    assert "moved on before your command arrived" in refused and not re.search(r"\bversion \d", refused)


def test_the_home_page_fragment_lists_the_games_by_whose_move_it_is(users):
    game = services.create_game(system_name="dice-race", setup={"target": 30},
                                players={"a": users["alice"], "b": users["bob"]})
    assert game.to_move == ["a"]
    fragment = logged_in(users["alice"]).get("/?fragment=games").content.decode()
    assert 'id="your-move-count">(1)<' in fragment and "<html" not in fragment
    waiting = logged_in(users["bob"]).get("/?fragment=games").content.decode()
    assert 'id="your-move-count">(0)<' in waiting and "Your other running games" in waiting


def test_303_offers_every_firing_order_with_the_attackers_to_click(users):
    from game.api.views import game_detail
    from tests.rules.battle303.policies import aggressive_raf_policy

    players = {"luftwaffe": users["alice"], "raf": users["bob"]}
    game = services.create_game(system_name="303", setup={}, players=players)
    for _ in range(400):
        game = Game.objects.get(pk=game.pk)
        engine = game_aggregate(game)["engine"]
        if engine["phase"] == "C" and engine["side"] == "raf" and len(engine["declared"]) >= 2:
            break
        side = game.to_move[0]
        detail = game_detail(game, players[side], side)
        legal = [a for a in detail["legal_actions"] if not a.get("template")]
        services.submit_command(game_id=game.pk, user=players[side], expected_version=game.version, side=side,
                                command=aggressive_raf_policy(detail["view"], legal, side))
    declared = [a["attacker"] for a in engine["declared"]]
    assert len(declared) >= 2
    html = logged_in(users["bob"]).get(f"/games/{game.pk}/").content.decode()
    actions = json.loads(re.search(r'<script id="actions-data" type="application/json">(.*?)</script>', html,
                                   flags=re.S).group(1))
    [open_order] = [a for a in actions if a["template"]]
    orders = [x["command"]["order"] for x in open_order["expanded"]]
    assert sorted(map(tuple, orders)) == sorted(set(map(tuple, orders))) and len(orders) == {2: 2, 3: 6}.get(
        len(declared), len(orders))
    reverse = next(x for x in open_order["expanded"] if x["command"]["order"] == declared[::-1])
    assert reverse["picks"] == [f"piece:{a}" for a in declared[::-1]]
    assert reverse["label"].startswith("Fire in this order: ")
