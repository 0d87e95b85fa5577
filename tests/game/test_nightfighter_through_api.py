"""Nightfighter solo through the API: a full night, and a three-night campaign whose nights
are child games and whose results carry over (docs/rules/nightfighter-solo.md §3.11, §3.14)."""
import pytest

from kernel.models import StoredEvent
from systems.nightfighter.rules.campaign import campaign_initial, campaign_standing, record_night
from tests.conftest import client_for
from tests.rules.nightfighter.policies import simple_policy

pytestmark = pytest.mark.django_db


def play_night(client, game_id):
    while True:
        detail = client.get(f"/api/games/{game_id}/").json()
        if detail["status"] != "running":
            return detail
        command = simple_policy(detail["view"], detail["legal_actions"], "player")
        response = client.post(f"/api/games/{game_id}/commands/",
                               {"expected_version": detail["version"], "command": command}, format="json")
        assert response.status_code == 201, response.content


def test_a_full_solo_night_through_the_api_replays_and_verifies(users):
    client = client_for(users["alice"])
    created = client.post("/api/games/", {"system": "nightfighter-solo", "setup": {"scenario": "HS2"},
                                          "players": {"player": "alice"}}, format="json")
    assert created.status_code == 201, created.content
    final = play_night(client, created.json()["id"])
    assert final["status"] == "finished"
    assert "score" in final["outcome"] and final["outcome"]["winner"] in ("player", None)
    replay = client_for().get(f"/api/games/{created.json()['id']}/replay/").json()
    assert replay["verified"], replay["problems"]
    assert replay["steps"][-1]["outcome"] == final["outcome"]


def test_a_three_night_campaign_through_the_api(users):
    client = client_for(users["alice"])
    ladder = ["HS1", "HS2", "HS3"]
    campaign = client.post("/api/campaigns/", {"system": "nightfighter-solo", "setup": {"ladder": ladder}},
                           format="json")
    assert campaign.status_code == 201, campaign.content
    campaign_id, version = campaign.json()["id"], campaign.json()["version"]
    expected = campaign_initial({"ladder": ladder})
    for night in range(1, 4):
        started = client.post(f"/api/campaigns/{campaign_id}/nights/", {"expected_version": version}, format="json")
        assert started.status_code == 201, started.content
        game_id = started.json()["game_id"]
        again = client.post(f"/api/campaigns/{campaign_id}/nights/",
                            {"expected_version": started.json()["campaign"]["version"]}, format="json")
        assert again.status_code == 409 and again.json()["code"] == "night_running"
        final = play_night(client, game_id)
        body = client.get(f"/api/campaigns/{campaign_id}/").json()
        expected = record_night(expected, {**final["outcome"], "vp": final["outcome"].get("vp", final["outcome"]["score"])})
        assert body["standing"]["score"] == campaign_standing(expected)["score"]
        assert body["standing"]["nights_played"] == night
        assert body["nights"][-1]["game_id"] == str(game_id)
        version = body["version"]
    assert body["status"] == "finished"
    done = client.post(f"/api/campaigns/{campaign_id}/nights/", {"expected_version": version}, format="json")
    assert done.status_code == 422 and done.json()["code"] == "campaign_over"
    types = list(StoredEvent.objects.filter(stream=f"campaign-{campaign_id}").values_list("type", flat=True))
    assert types.count("NightStarted") == 3 and types.count("NightRecorded") == 3
    assert types[-1] == "CampaignFinished"


def test_only_the_campaign_player_starts_nights(users):
    campaign = client_for(users["alice"]).post("/api/campaigns/", {"setup": {"ladder": ["HS1"]}}, format="json").json()
    response = client_for(users["bob"]).post(f"/api/campaigns/{campaign['id']}/nights/",
                                             {"expected_version": campaign["version"]}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_your_campaign"
