"""One rule, two doors (issue 13): the same organiser actions done through the pages and
through the API write the same tournament event stream, apart from ids, times and what the
tournament's own fair seed draws (sides by lot, seed commitment)."""
import uuid

from django.test import Client

from kernel.models import StoredEvent
from ratings.models import PlayerRating
from leagues.models import Season
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tournament.models import Tournament
from tournament.permissions import join_key

DRAWN = {"seed_commitment", "lot"}  # drawn from each tournament's own secret seed


def normalised(value):
    """Ids → "<id>", drawn values → "<drawn>", sides by lot → the set of names seated."""
    if isinstance(value, dict):
        if set(value) <= {"a", "b"} and len(value) == 2 and all(isinstance(v, str) for v in value.values()):
            return sorted(value.values())
        return {k: "<drawn>" if k in DRAWN else normalised(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalised(v) for v in value]
    if isinstance(value, str):
        try:
            uuid.UUID(value)
        except ValueError:
            return value
        return "<id>"
    return value


def stream_of(tournament) -> list:
    rows = StoredEvent.objects.filter(stream=tournament.stream).order_by("seq")
    return [(row.type, normalised(row.payload), row.actor) for row in rows]


def test_pages_and_api_write_the_same_stream(league, organiser, admin_user_):
    season = Season.objects.create(league=league, name="Autumn")
    entrants = [make_user(f"p{i:02d}") for i in range(1, 6)]
    for i, user in enumerate(entrants):
        PlayerRating.objects.create(system=RACE, player=user, rating=1600 - 10 * i, peak=1600, games=3, wins=1,
                                    draws=0, losses=2)

    # -- through the pages ------------------------------------------------------------------
    page = Client()
    page.force_login(organiser)
    created = page.post("/tournaments/new/", {
        "league": league.pk, "name": "Twin cup", "system": RACE, "format": "swiss", "scoring": "games",
        "penalty_scope": "tournament", "time_control": "per-move", "per_move_hours": "24", "rounds": "2",
        "bye_score": "2:0", "cycles": "1", "group_count": "2", "advance_per_group": "2",
        "requires_check_in": "on", "tie_breaks_0": "points", "tie_breaks_1": "buchholz"})
    on_page = Tournament.objects.get(name="Twin cup")
    assert created.status_code == 302
    manage = f"/tournaments/{on_page.pk}/manage/"
    for name in ("p01", "p02", "p03", "p05"):
        assert page.post(manage, {"action": "add_entrant", "add-username": name}).status_code == 302
    joiner = Client()
    joiner.force_login(entrants[3])
    assert joiner.post(f"/tournaments/{on_page.pk}/join/{join_key(on_page)}/").status_code == 302
    for name in ("p01", "p02", "p03", "p04"):
        assert page.post(manage, {"action": "check_in", "check_in-entrant": name}).status_code == 302
    assert page.post(manage, {"action": "withdraw", "withdraw-entrant": "p03",
                              "withdraw-reason": "ill"}).status_code == 302
    settings = page.get(f"{manage}settings/").context["form"]
    data = {k: v for k, v in settings.initial.items() if v is not None and k != "tie_breaks"}
    data.update({"tie_breaks_0": "points", "tie_breaks_1": "buchholz", "name": "Twin cup, renamed",
                 "time_control": "per-move", "requires_check_in": "on"})
    assert page.post(f"{manage}settings/", data).status_code == 302
    assert page.post(manage, {"action": "seed", "seed-method": "rating"}).status_code == 302
    assert page.post(manage, {"action": "start_round", "round-round": "1"}).status_code == 302
    admin_page = Client()
    admin_page.force_login(admin_user_)
    assert admin_page.post(f"/leagues/{league.slug}/seasons/{season.pk}/edit/", {
        "name": "Autumn", "tournaments": [on_page.pk]}).status_code == 302

    # -- through the API --------------------------------------------------------------------
    api = client_for(organiser)
    body = api.post("/api/tournaments/", {
        "league": league.slug, "name": "Twin cup", "system": RACE, "format": "swiss", "scoring": "games",
        "options": {"rounds": 2, "requires_check_in": True}, "tie_breaks": ["points", "buchholz"],
        "time_control": {"kind": "per-move", "seconds": 86400}}, format="json").json()
    through_api = Tournament.objects.get(pk=body["id"])
    t = f"/api/tournaments/{through_api.pk}/"
    for name in ("p01", "p02", "p03", "p05"):
        assert api.post(f"{t}entrants/", {"username": name}, format="json").status_code == 201
    assert client_for(entrants[3]).post(f"{t}entrants/", {"join_key": join_key(through_api)},
                                        format="json").status_code == 201
    for name in ("p01", "p02", "p03", "p04"):
        assert api.post(f"{t}entrants/{name}/check-in/", format="json").status_code == 201
    assert api.post(f"{t}entrants/p03/withdraw/", {"reason": "ill"}, format="json").status_code == 201
    assert api.patch(t, {"name": "Twin cup, renamed"}, format="json").status_code == 200
    assert api.post(f"{t}seeding/", {"method": "rating"}, format="json").status_code == 201
    assert api.post(f"{t}rounds/", format="json").status_code == 201
    assert client_for(admin_user_).put(f"{t}season/", {"season": season.pk}, format="json").status_code == 200

    pages_stream, api_stream = stream_of(on_page), stream_of(through_api)
    assert [kind for kind, _, _ in pages_stream] == [
        "TournamentCreated", *["EntrantRegistered"] * 5, *["CheckedIn"] * 4, "EntrantWithdrawn",
        "TournamentSettingsChanged", "Seeded", "RoundStarted", "PairingCreated", "PairingCreated",
        "PairingGameCreated", "TournamentSettingsChanged"]
    assert pages_stream == api_stream
