"""Tournament list, bracket and pairing pages in the browser (issue 7), on tournaments whose
events come from the planner-driven simulation and are stored in the real event store."""
import pytest

from kernel.store import NewEvent, append_events
from leagues.models import League
from tests.browser.conftest import PHONE
from tests.tournament.simulation import Sim
from tournament import events as ev
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def stored(sim: Sim, league, name: str, fmt: str, scoring: str) -> Tournament:
    sim.events[0]["payload"]["name"] = name
    tournament = Tournament.objects.create(league=league, name=name, system="303", format=fmt, scoring=scoring,
                                           status=sim.state.status)
    append_events(tournament.stream, 0, [NewEvent(e["type"], e["payload"]) for e in sim.events], actor="test")
    return tournament


def upset_in_round_two(pairing, leg):
    a, b = sorted((pairing["a"], pairing["b"]))
    return b if pairing["key"].startswith("W2") else a


def test_bracket_standings_and_pairing_pages(live_server, db, new_context, shot):
    league = League.objects.create(name="Test league", slug="test")
    double = Sim("double-elimination", [f"pilot{i}" for i in range(1, 9)], scoring="polish")
    double.start_round()
    first = next(iter(double.state.pairings))
    double.add(ev.PENALTY_ISSUED, {"penalty_id": "x1", "entrant": double.state.pairings[first]["a"],
                                   "pairing_id": first, "category": "foul_language", "text": "", "referee": "carol"})
    for name, score in (("pilot1", 9), ("pilot8", 5)):
        double.add(ev.KNOWLEDGE_TEST_SCORE_RECORDED, {"entrant": name, "score": score})
    double.play_open(upset_in_round_two)
    elimination = stored(double, league, "Winter double elimination", "double-elimination", "polish")
    robin = Sim("round-robin", ["ace", "bee", "cat", "dog"], scoring="games")
    for _ in range(3):
        robin.start_round()
        robin.play_open(lambda p, leg: min(p["a"], p["b"]) if leg == 1 else max(p["a"], p["b"]))
    stored(robin, league, "Spring round robin", "round-robin", "games")
    swiss = Sim("swiss", [f"s{i}" for i in range(1, 8)], scoring="games", rounds=3)
    for _ in range(3):
        swiss.start_round()
        swiss.play_open(lambda p, leg: min(p["a"], p["b"]))
    stored(swiss, league, "Autumn Swiss", "swiss", "games")

    page = new_context().new_page()
    page.goto(f"{live_server.url}/tournaments/")
    assert page.get_by_role("link", name="Spring round robin").count() == 1
    page.get_by_role("link", name="Winter double elimination").click()
    assert page.get_by_role("heading", name="Losers' bracket").count() == 1
    assert page.locator(".match").count() == len(double.state.pairings)
    box = page.locator(f"#pairing-{double.state.pairings[first]['key']}")
    assert box.get_by_role("img", name="Warning: Foul language").count() == 1
    shot(page, "tournament-double-elimination")
    box.get_by_role("link", name="Details").click()
    assert page.get_by_role("heading", name="How the points were scored").count() == 1
    assert "Knowledge test: pilot1 9, pilot8 5." in page.content()
    shot(page, "tournament-pairing")

    phone = new_context(PHONE).new_page()
    phone.goto(f"{live_server.url}/tournaments/")
    phone.get_by_role("link", name="Spring round robin").click()
    assert phone.get_by_role("table").first.locator("tbody tr").count() == 4
    shot(phone, "tournament-round-robin-phone")
    phone.goto(f"{live_server.url}/tournaments/")
    phone.get_by_role("link", name="Autumn Swiss").click()
    assert phone.get_by_role("heading", name="Round 3").count() == 1
    shot(phone, "tournament-swiss-phone")
    assert elimination.pk

    big = Sim("double-elimination", [f"player-{i:02d}" for i in range(1, 65)], scoring="games")
    big.start_round()
    big.play_open(lambda p, leg: sorted((p["a"], p["b"]))[0 if sum(map(ord, p["key"])) % 4 else 1])
    large = stored(big, league, "Open 64 double elimination", "double-elimination", "games")
    page.goto(f"{live_server.url}/tournaments/{large.pk}/")
    assert page.get_by_role("heading", name="Grand final", exact=True).count() >= 1
    shot(page, "tournament-double-elimination-64")
    phone.goto(f"{live_server.url}/tournaments/{large.pk}/")
    shot(phone, "tournament-double-elimination-64-phone")
    page.goto(f"{live_server.url}/tournaments/{elimination.pk}/embed/")
    assert page.get_by_role("navigation").count() == 0 and page.locator(".match").count() == len(double.state.pairings)
    shot(page, "tournament-embed")

    opening = stored(Sim("swiss", ["ace", "bee", "cat"], scoring="games"), league, "Summer Swiss", "swiss", "games")
    phone.goto(f"{live_server.url}/tournaments/{opening.pk}/")
    assert phone.get_by_role("heading", name="Entrants").count() == 1 and phone.locator("table.standings").count() == 0
    shot(phone, "tournament-registration-phone")
