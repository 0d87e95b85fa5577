"""The replay's fog toggle and "where could it be" through the API (game/replay_fog.py;
docs/rules/duel-in-the-dark.md §4.5, §10.5; docs/rules/service.md "Replays", "Visibility"): ``as=<side>`` shows each
step as that side saw it live (the engine's view, hidden events without their contents); the
maps are computed once after the game ends (by the outbox's game-finished consumer); a
running game's replay, fog views and maps are served to nobody."""
import json

import pytest

from game import replay_fog, services
from game.models import Game, ReplayFog
from systems.duel.rules import SYSTEM
from tests.conftest import client_for, make_user
from tests.rules.duel.policies import POLICIES

pytestmark = pytest.mark.django_db


def play(game, users_by_side, until=None):
    """Play the Duel game with the test policies, through the service, to the end (or ``until``
    commands)."""
    n = 0
    while until is None or n < until:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        side = game.to_move[0]
        from game.folding import game_aggregate

        engine = game_aggregate(game)["engine"]
        command = POLICIES[side](SYSTEM.view(engine, side), SYSTEM.legal_actions(engine, side), side)
        services.submit_command(game_id=game.pk, user=users_by_side[side], command=command,
                                expected_version=game.version)
        n += 1
    return game


def duel(users, is_public=True, referees=()):
    players = {"british": users["alice"], "german": users["bob"]}
    game = services.create_game(system_name="duel-in-the-dark", setup={}, players=players, is_public=is_public,
                                referees=referees)
    return game, players


def plan_markers(game) -> tuple[list[str], int]:
    """The route as JSON (what only the British and the referee know before the reveal) and the
    seq of the reveal."""
    steps = client_for().get(f"/api/games/{game.pk}/replay/").json()["steps"]
    plan = next(s["event"]["payload"]["plan"] for s in steps if s["event"]["type"] == "PlanCommitted")
    revealed = next(s["event"]["seq"] for s in steps if s["event"]["type"] == "PlanRevealed")
    return [json.dumps(plan["route"]), plan.get("nonce", "") or "x" * 40], revealed


def test_as_the_german_shows_no_secret_before_the_reveal_and_the_british_sees_the_plan(users):
    game, players = duel(users)
    game = play(game, players)
    route, revealed = plan_markers(game)
    anonymous = client_for()
    for start in range(1, revealed, 50):
        body = anonymous.get(f"/api/games/{game.pk}/replay/steps/?start={start}&count=50&as=german").json()
        for step in body["steps"]:
            if step["event"]["seq"] >= revealed:
                break
            text = json.dumps(step)
            assert route[0] not in text and step["state"]["plan"] is None
            assert "dice" not in step["event"] and "command" not in step["event"]
            if step["event"].get("hidden"):
                assert step["event"]["payload"] == {} and step["event"]["visibility"] == "british"
    british = anonymous.get(f"/api/games/{game.pk}/replay/steps/?start={revealed - 5}&count=5&as=british").json()
    assert all(s["state"]["plan"]["route"] for s in british["steps"])
    everything = anonymous.get(f"/api/games/{game.pk}/replay/?as=german").json()
    assert any(s["event"].get("hidden") for s in everything["steps"])


@pytest.mark.parametrize("side", ["nobody", "referee", "german3"])
def test_an_unknown_side_is_refused(users, side):
    game, players = duel(users)
    game.status = Game.Status.FINISHED
    game.save(update_fields=["status"])
    for url in ("replay/steps/", "replay/"):
        response = client_for().get(f"/api/games/{game.pk}/{url}?as={side}")
        assert response.status_code == 400 and response.json()["code"] == "unknown_side"


def test_the_maps_are_computed_once_after_the_game_and_hold_the_true_bomber_hex(users):
    game, players = duel(users)
    game = play(game, players)
    stored = ReplayFog.objects.get(game=game)  # the outbox's game-finished consumer started the task
    assert stored.version == game.version and stored.cpu_seconds >= 0
    assert not replay_fog.compute(str(game.pk))  # once
    body = client_for().get(f"/api/games/{game.pk}/replay/fog/").json()
    assert body["status"] == "ready" and body["sides"] == ["german"]
    steps = client_for().get(f"/api/games/{game.pk}/replay/").json()["steps"]
    checked = 0
    for step in steps:
        index = body["by_step"][str(step["event"]["seq"])]
        bomber = step["state"]["bomber"]
        if index is None or bomber["hex"] is None:
            continue
        assert bomber["hex"] in body["maps"][index]["now"]
        assert bomber["moves_done"] in body["maps"][index]["moves"][str(bomber["hex"])]
        checked += 1
    assert checked > 10


def test_missing_maps_are_asked_for_once_and_said_to_be_computing(users, settings):
    game, players = duel(users)
    game = play(game, players)
    ReplayFog.objects.all().delete()
    settings.CELERY_TASK_ALWAYS_EAGER = True
    from unittest import mock

    with mock.patch("game.tasks.compute_replay_fog.delay") as delay:
        first = client_for().get(f"/api/games/{game.pk}/replay/fog/").json()
        second = client_for().get(f"/api/games/{game.pk}/replay/fog/").json()
    assert first == second == {"status": "computing"}
    delay.assert_called_once_with(str(game.pk))
    assert replay_fog.compute(str(game.pk)) and client_for().get(
        f"/api/games/{game.pk}/replay/fog/").json()["status"] == "ready"


ROLES = ["anonymous", "stranger", "british", "german", "referee", "admin"]


@pytest.mark.parametrize("is_public", [True, False])
def test_a_running_games_fog_views_and_maps_are_served_to_nobody(users, is_public):
    referee, admin = make_user("rita"), make_user("root", is_staff=True, is_superuser=True)
    game, players = duel(users, is_public=is_public, referees=[referee])
    play(game, players, until=12)
    clients = {"anonymous": client_for(), "stranger": client_for(users["carol"]),
               "british": client_for(users["alice"]), "german": client_for(users["bob"]),
               "referee": client_for(referee), "admin": client_for(admin)}
    may_view = {"british", "german", "referee", "admin"} | ({"anonymous", "stranger"} if is_public else set())
    for role in ROLES:
        for url in ("replay/steps/?as=german", "replay/steps/?as=british", "replay/?as=british", "replay/fog/"):
            response = clients[role].get(f"/api/games/{game.pk}/{url}")
            expected = 409 if role in may_view else 404
            if role == "anonymous" and not is_public:
                expected = response.status_code if response.status_code in (401, 404) else 404
            assert response.status_code == expected, (role, url, response.status_code)
            assert "route" not in response.content.decode()
    assert not ReplayFog.objects.exists()


def test_a_private_finished_games_fog_is_for_its_players_and_referees(users):
    referee = make_user("rita")
    game, players = duel(users, is_public=False, referees=[referee])
    game = play(game, players)
    for user, status in ((None, (401, 404)), (users["carol"], (404,)), (users["bob"], (200,)), (referee, (200,))):
        for url in ("replay/steps/?as=british", "replay/fog/"):
            assert client_for(user).get(f"/api/games/{game.pk}/{url}").status_code in status, (user, url)


def test_the_replay_page_keeps_the_side_in_its_links_and_hides_what_it_did_not_see(users):
    from django.test import Client

    game, players = duel(users)
    game = play(game, players)
    route, revealed = plan_markers(game)
    committed = client_for().get(f"/api/games/{game.pk}/replay/").json()["steps"]
    seq = next(s["event"]["seq"] for s in committed if s["event"]["type"] == "PlanCommitted")
    page = Client().get(f"/games/{game.pk}/replay/?step={seq}&as=german").content.decode()
    assert f'href="?step={seq}&amp;as=german"' in page and f'href="?step={seq + 1}&amp;as=german"' in page
    assert "An event hidden from this side" in page and route[0] not in page
    assert 'value="german" checked' in page
    full = Client().get(f"/games/{game.pk}/replay/?step={seq}").content.decode()
    assert "An event hidden from this side" not in full and 'value="" checked' in full
    unknown = Client().get(f"/games/{game.pk}/replay/?step={seq}&as=referee").content.decode()
    assert 'value="" checked' in unknown and f'href="?step={seq + 1}" rel="next"' in unknown


def test_each_german_seat_of_a_three_player_night_has_its_view_and_the_map(users):
    carol = users["carol"]
    game = services.create_game(system_name="duel-in-the-dark", setup={"players": 3},
                                players={"british": users["alice"], "german1": users["bob"], "german2": carol})
    values = [value for value, _ in replay_fog.fog_choices(game)]
    assert values == ["british", "german1", "german2", ""]
    assert replay_fog.guessing_sides(game) == ["german1", "german2"]


def test_the_pilot_and_the_303_sides_are_offered(users):
    from game.models import Game as G

    pilot = G(system="nightfighter-solo", setup={})
    assert replay_fog.fog_choices(pilot)[0] == ("player", "As the pilot saw it")
    battle = G(system="303", setup={})
    assert [v for v, _ in replay_fog.fog_choices(battle)][:-1] == list(services.sides_for(
        services.system_or_reject("303"), {}))
