"""No secret reaches a viewer who may not see it (docs/rules/service.md "Visibility", "Provably fair
randomness"; issue 9 "Security").

A game is played to the point where it holds secrets — the dice seed, a side's private event
(the dice-race double's ``hide``), Duel in the Dark's hidden British route; a Nightfighter solo
night's and a 303 game's seed; a running tournament's seed — and then every GET the project
serves (API and pages, enumerated from the resolver, with the world's ids filled in) is fetched
by each viewer who may not see them; no body may contain them. Positive controls show the
secrets are where they belong (the owner's view; the replay once revealed), and that the same
scan finds a seed once the end has revealed it. A tournament referee's sight of its games'
hidden events follows the appointment.
"""
import itertools
import json

import pytest

from game import services
from game.folding import load_aggregate
from game.models import Game
from systems.kit.dice import seed_commitment
from systems.registry import get_system
from kernel.streaming import KEEPALIVE
from tests.conftest import client_for
from tests.doubles import RACE
from tests.rules.battle303.policies import aggressive_raf_policy
from tests.rules.duel.policies import policy_for as duel_policy_for
from tests.rules.nightfighter.policies import simple_policy
from tests.security.endpoints import fill, routes
from tests.tournament.conftest import play_all
from tournament import services as tournaments

HIDDEN = "route-7-8-9-secret"
QUERIES = ("", "?side=a", "?side=b", "?side=british", "?side=referee", "?after=0")
# Before the end a dice seed is for no player, organiser or passer-by (docs/rules/service.md "Provably fair
# randomness": only sha256(seed) is published); it foretells every roll, above all to the player.
NOT_REFEREES = ("anonymous", "player", "opponent", "other_player", "organiser")


def readable_urls(ids: dict) -> list[str]:
    """Every URL a GET may be sent to, the world's ids filled in; the game's own with each query."""
    urls = sorted({fill(route, ids) for route, _ in routes()
                   if not route.startswith(("admin/", "api/docs", "api/schema"))})
    return [url + query for url in urls for query in (QUERIES if str(ids["game_id"]) in url else ("",))]


def body_of(response) -> bytes:
    if not response.streaming:
        return response.content
    if response["Content-Type"] == "text/event-stream":
        # A live stream never ends: read what it says now, up to its first keep-alive.
        return b"".join(itertools.takewhile(lambda chunk: chunk != KEEPALIVE, response.streaming_content))
    return b"".join(response.streaming_content)


def leaks(client, ids: dict, secrets: list[str]) -> list[str]:
    found = []
    for url in readable_urls(ids):
        text = body_of(client.get(url)).decode(errors="replace")
        found += [f"{url} shows {secret!r}" for secret in secrets if secret in text]
    return found


def test_the_seed_and_a_private_event_reach_nobody_else_while_the_game_runs(world):
    game = world.game
    hid = world.client("player").post(f"/api/games/{game.pk}/commands/",
                                      {"expected_version": 1, "command": {"type": "hide", "secret": HIDDEN}},
                                      format="json")
    assert hid.status_code == 201
    seed = game.secret.seed
    for role in ("anonymous", "opponent", "other_player", "organiser"):
        assert leaks(world.client(role), world.ids, [seed, HIDDEN]) == [], role
    assert HIDDEN in world.client("player").get(f"/api/games/{game.pk}/events/").content.decode()
    assert seed not in world.client("referee").get(f"/api/games/{game.pk}/").content.decode()


def test_once_the_game_ends_the_replay_reveals_the_seed_and_the_secret(world):
    public = services.create_game(system_name=RACE, setup={"target": 1}, players={
        "a": world.users["player"], "b": world.users["opponent"]})
    services.submit_command(game_id=public.pk, user=world.users["player"], command={"type": "hide", "secret": HIDDEN},
                            expected_version=1)
    services.submit_command(game_id=public.pk, user=world.users["opponent"], command={"type": "roll"},
                            expected_version=3)
    replay = client_for().get(f"/api/games/{public.pk}/replay/").content.decode()
    assert public.secret.seed in replay and HIDDEN in replay


def duel_with_a_committed_route(world) -> tuple[Game, list]:
    """A Duel in the Dark game played by its test policies until the British route is committed
    (the secret British planning, docs/rules/duel-in-the-dark.md §3.4)."""
    system = get_system("duel-in-the-dark")
    users = {"british": world.users["player"], "german": world.users["opponent"]}
    game = services.create_game(system_name="duel-in-the-dark", setup={}, players=users)
    while game.status == "running":
        side = game.to_move[0]
        state = load_aggregate(game.system, game.stream, game.version)["engine"]
        command = duel_policy_for(side)(system.view(state, side), system.legal_actions(state, side), side)
        services.submit_command(game_id=game.pk, user=users[side], command=command,
                                expected_version=game.version, side=side)
        game.refresh_from_db()
        if command["type"] == "CommitRoute":
            return game, command["route"]
    pytest.fail("the duel ended without the British committing a route")


def route_renderings(route: list) -> list[str]:
    return [json.dumps(route), json.dumps(route, separators=(",", ":")), ", ".join(map(str, route))]


def test_the_hidden_duel_route_reaches_neither_the_german_nor_anybody_else(world):
    game, route = duel_with_a_committed_route(world)
    assert len(route) >= 3, "a route this short could match by chance"
    secrets = route_renderings(route)
    for role in ("anonymous", "opponent", "other_player", "organiser"):
        assert leaks(world.client(role), {**world.ids, "game_id": game.pk}, secrets + [game.secret.seed]) == [], role
    british_view = world.client("player").get(f"/api/games/{game.pk}/").content.decode()
    assert any(s in british_view for s in secrets), "the British player sees the route (the scan looks for the right text)"


def play(game_id, clients: dict, policy, commands: int = 10_000) -> str:
    """The side to move plays ``policy`` through its own client, ``commands`` times or to the
    end; the game's status."""
    url = f"/api/games/{game_id}/"
    anyone = next(iter(clients.values()))
    for _ in range(commands):
        detail = anyone.get(url).json()
        if detail["status"] != "running":
            break
        side = detail["to_move"][0]
        mine = clients[side].get(url).json()
        response = clients[side].post(url + "commands/", {"expected_version": mine["version"], "command": policy(
            mine["view"], mine["legal_actions"], side)}, format="json")
        assert response.status_code == 201, response.content
    return anyone.get(url).json()["status"]


def seed_is_secret_until_the_end(world, game: Game, clients: dict, policy, commands: int) -> None:
    """After ``commands`` moves no viewer but a referee finds the seed anywhere; after the last
    move everybody does (the positive control: the scan looks for the right text)."""
    ids = {**world.ids, "game_id": game.pk}
    assert play(game.pk, clients, policy, commands=commands) == "running"
    for role in NOT_REFEREES:
        assert leaks(world.client(role), ids, [game.secret.seed]) == [], role
    assert play(game.pk, clients, policy) == "finished"
    assert leaks(world.client("anonymous"), ids, [game.secret.seed]), "the end reveals the seed; the scan sees it"


def test_a_running_solo_night_shows_its_seed_to_nobody_not_even_its_pilot(world):
    """docs/rules/nightfighter-solo.md §3.14: a campaign's night is a public solo game; only its seed is secret."""
    pilot = {"player": world.client("player")}
    night = pilot["player"].post(f"/api/campaigns/{world.ids['campaign_id']}/nights/", {"expected_version": 1},
                                 format="json")
    assert night.status_code == 201, night.content
    seed_is_secret_until_the_end(world, Game.objects.get(pk=night.json()["game_id"]), pilot, simple_policy, 5)


def test_a_running_303_game_shows_its_seed_to_nobody(world):
    clients = {"luftwaffe": world.client("player"), "raf": world.client("opponent")}
    created = clients["luftwaffe"].post("/api/games/", {"system": "303", "players": {"luftwaffe": "alice",
                                                                                     "raf": "bob"}}, format="json")
    assert created.status_code == 201, created.content
    seed_is_secret_until_the_end(world, Game.objects.get(pk=created.json()["id"]), clients, aggressive_raf_policy, 6)


def test_a_tournament_seed_stays_secret_until_the_tournament_ends(world):
    """docs/rules/service.md "Provably fair randomness", "Tournaments": the tournament's lots (seeding ties,
    first sides) are drawn from its seed; only the commitment is public until it finishes."""
    cup = world.tournament
    tournaments.change_settings(cup.pk, {"is_public": True}, "olga")  # so every viewer sees all there is
    tournaments.seed(cup.pk, "olga")
    pairing = next(iter(tournaments.start_round(cup.pk, "olga").pairings))  # first sides drawn by lot
    [game] = Game.objects.filter(pairing_link__pairing_id=pairing)
    ids = {**world.ids, "pairing_id": pairing, "game_id": game.pk}
    seed = cup.secret.seed
    assert seed_commitment(seed) in world.client("anonymous").get(f"/api/tournaments/{cup.pk}/").content.decode()
    for role in NOT_REFEREES:
        assert leaks(world.client(role), ids, [seed, game.secret.seed]) == [], role
    # Its referee sees the games' hidden information, not the lots to come.
    assert leaks(world.client("referee"), ids, [seed]) == []
    play_all(cup, lambda p, leg: "alice")
    assert leaks(world.client("anonymous"), ids, [seed]), "the end reveals the seed; the scan sees it"


def test_a_tournament_referee_sees_its_games_hidden_information_only_while_appointed(world):
    """docs/rules/service.md "Who uses it": a referee *of a tournament* sees hidden information of that
    tournament's games, so re-appointing the referees moves that sight with them."""
    cup = world.tournament
    tournaments.seed(cup.pk, "olga")
    pairing = next(iter(tournaments.start_round(cup.pk, "olga").pairings.values()))
    [game] = Game.objects.filter(pairing_link__pairing_id=pairing["id"])
    mover = game.seats.get(side=game.to_move[0]).user
    services.submit_command(game_id=game.pk, user=mover, command={"type": "hide", "secret": HIDDEN},
                            expected_version=game.version)
    ids = {**world.ids, "pairing_id": pairing["id"], "game_id": game.pk}
    assert not leaks(world.client("other_player"), ids, [HIDDEN])
    appointed = world.client("league_admin").put(f"/api/tournaments/{cup.pk}/referees/", {"referees": ["carol"]},
                                                 format="json")
    assert appointed.status_code == 200, appointed.content
    assert leaks(world.client("referee"), ids, [HIDDEN]) == [], "rita is no longer the cup's referee"
    assert leaks(world.client("other_player"), ids, [HIDDEN]), "carol, its referee now, sees the hidden event"
