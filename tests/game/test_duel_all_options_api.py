"""Duel in the Dark with every advanced rule and expansion on, played through the API by one
British and three German users (issue 4; docs/rules/duel-in-the-dark.md §7, §9): its replay reproduces
every state the referee saw during play."""
import pytest

from game.models import Game
from tests.conftest import client_for, make_user
from tests.rules.duel.policies import options_policy
from tests.rules.duel.test_multiplayer import EVERY_OPTION

pytestmark = pytest.mark.django_db


def test_every_option_on_four_users_through_the_api_and_the_replay_reproduces_every_state(users):
    dave, referee = make_user("dave"), make_user("umpire")
    seats = {"british": users["alice"], "german1": users["bob"], "german2": users["carol"], "german3": dave}
    clients = {side: client_for(user) for side, user in seats.items()}
    created = clients["british"].post("/api/games/", {
        "system": "duel-in-the-dark", "setup": EVERY_OPTION,
        "players": {side: user.username for side, user in seats.items()}}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    Game.objects.get(pk=game_id).referees.add(referee)
    umpire = client_for(referee)

    seen, commands = {}, 0
    detail = umpire.get(f"/api/games/{game_id}/").json()
    while detail["status"] == "running":
        side = detail["to_move"][0]
        mine = clients[side].get(f"/api/games/{game_id}/").json()
        command = options_policy(mine["view"], mine["legal_actions"], side)
        response = clients[side].post(f"/api/games/{game_id}/commands/",
                                      {"expected_version": mine["version"], "command": command}, format="json")
        assert response.status_code == 201, (side, command, response.content)
        commands += 1
        detail = umpire.get(f"/api/games/{game_id}/").json()
        seen[detail["version"]] = detail["view"]
    assert detail["status"] == "finished" and commands > 50
    assert {"WindowDeclared", "MedalsAwarded"} & {
        e["type"] for e in umpire.get(f"/api/games/{game_id}/events/").json()["events"]}

    replay = client_for().get(f"/api/games/{game_id}/replay/").json()
    assert replay["verified"], replay["problems"]
    by_seq = {step["event"]["seq"]: step["state"] for step in replay["steps"]}
    for version, view in seen.items():
        if version in by_seq and version < detail["version"] - 1:
            assert by_seq[version] == view, f"state after event {version} differs in the replay"
