"""A settings PATCH records only what it changes: repeating the settings appends nothing."""
import pytest

from kernel.models import StoredEvent
from tests.conftest import client_for
from tests.tournament.conftest import new_tournament


def events_of(tournament) -> list[tuple[str, dict]]:
    return list(StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values_list("type", "payload"))


@pytest.mark.django_db
def test_a_patch_that_changes_nothing_appends_nothing(league, organiser):
    tournament = new_tournament(league, organiser, rounds=3)
    before = events_of(tournament)
    api = client_for(organiser)
    for body in ({}, {"name": tournament.name}, {"options": {"rounds": 3}},
                 {"name": tournament.name, "scoring": tournament.scoring, "is_public": tournament.is_public}):
        response = api.patch(f"/api/tournaments/{tournament.pk}/", body, format="json")
        assert response.status_code == 200, response.content
        assert response.json()["name"] == tournament.name
    assert events_of(tournament) == before


@pytest.mark.django_db
def test_a_patch_records_only_the_settings_it_changes(league, organiser):
    tournament = new_tournament(league, organiser, rounds=3)
    response = client_for(organiser).patch(f"/api/tournaments/{tournament.pk}/", {
        "name": "Renamed cup", "scoring": tournament.scoring, "options": {"rounds": 3, "requires_check_in": True}},
        format="json")
    assert response.status_code == 200, response.content
    assert events_of(tournament)[-1] == ("TournamentSettingsChanged",
                                         {"name": "Renamed cup", "options": {"requires_check_in": True}})
