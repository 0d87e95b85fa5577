"""Every page form refuses a post without its CSRF token (issue 13 "Every form: CSRF"), and the
refusal stores nothing: the organiser's, the league admin's and the account pages alike."""
import pytest
from django.test import Client

from tournament.permissions import join_key

from .test_access_matrix import snapshot


def form_pages(world) -> list[tuple[str, str, dict]]:
    t = world.tournament
    return [
        ("organiser", "/tournaments/new/", {"name": "x", "league": "1", "system": "dice-race", "format": "swiss"}),
        ("organiser", f"/tournaments/{t.pk}/manage/", {"action": "add_entrant", "add-username": "carol"}),
        ("organiser", f"/tournaments/{t.pk}/manage/settings/", {"name": "Renamed"}),
        ("other_player", f"/tournaments/{t.pk}/join/{join_key(t)}/", {}),
        ("league_admin", "/leagues/new/", {"name": "Day League", "slug": "day"}),
        ("league_admin", "/leagues/night/edit/", {"league-name": "Renamed"}),
        ("league_admin", "/leagues/night/seasons/new/", {"name": "Spring"}),
        ("player", "/accounts/profile/", {"display_name": "A", "email": "a@example.org"}),
        ("player", f"/games/{world.game.pk}/end/", {"what": "resign"}),
        ("player", f"/games/{world.game.pk}/", {"action": "0", "expected_version": "1"}),
        (None, "/accounts/signup/", {"username": "zed", "email": "z@example.org", "password1": "Long-enough-1",
                                     "password2": "Long-enough-1"}),
    ]


@pytest.mark.parametrize("index", range(11))
def test_a_page_form_without_its_csrf_token_is_refused_and_changes_nothing(world, index):
    role, url, data = form_pages(world)[index]
    client = Client(enforce_csrf_checks=True)
    if role:
        client.force_login(world.users[role])
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code == 403 and b"CSRF" in response.content, url
    assert snapshot() == before, url
