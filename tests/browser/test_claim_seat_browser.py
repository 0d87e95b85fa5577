"""A player named in an imported game takes his seat from the game page, on a phone (issue 24;
game/imports.py): the page offers the button only to him, and the game then counts as his."""
import json

import pytest
from django.db import transaction

from game import services
from game.models import Game, GameSeat
from tests.browser.conftest import PHONE, log_in
from tests.conftest import client_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def imported_race(users) -> str:
    """A finished race played elsewhere (here, then rolled back) and imported by carol."""
    with transaction.atomic():
        game = services.create_game(system_name="dice-race", setup={"target": 8},
                                    players={"a": users["alice"], "b": users["bob"]})
        while Game.objects.get(pk=game.pk).status == Game.Status.RUNNING:
            row = Game.objects.get(pk=game.pk)
            services.submit_command(game_id=game.pk, user=users["alice" if row.to_move == ["a"] else "bob"],
                                    command={"type": "roll"}, expected_version=row.version)
        exported = client_for().get(f"/api/games/{game.pk}/export/").content
        transaction.set_rollback(True)
    response = client_for(users["carol"]).post("/api/games/import/", data=exported,
                                               content_type="application/x-ndjson")
    assert response.status_code == 201, response.content
    return json.loads(response.content)["id"]


def test_the_named_player_claims_his_seat_from_the_game_page_on_a_phone(live_server, users, new_context, shot):
    game_id = imported_race(users)
    carol, alice = new_context(PHONE).new_page(), new_context(PHONE).new_page()
    for page, name in ((carol, "carol"), (alice, "alice")):
        log_in(page, live_server.url, name)
        page.goto(f"{live_server.url}/games/{game_id}/")
    assert carol.get_by_role("button", name="Claim my seat").count() == 0
    assert "names you as the player of A" in alice.locator("form.claim-seat").inner_text()
    shot(alice, "claim-seat-offered-phone")
    alice.get_by_role("button", name="Claim my seat").click()
    alice.wait_for_selector("text=You now hold your seat in this game.")
    shot(alice, "claim-seat-done-phone")
    assert alice.get_by_role("button", name="Claim my seat").count() == 0
    assert list(GameSeat.objects.filter(game_id=game_id).values_list("side", "user__username")) == [("a", "alice")]
