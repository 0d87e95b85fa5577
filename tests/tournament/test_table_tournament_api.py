"""A whole 303 Swiss of eight played at the table, through the API only (issue 14 "Done when";
docs/rules/303.md "Tournament rules from the sheet"; docs/rules/service.md "Tournaments", "Ratings").

The organiser creates it, adds the entrants, seeds and starts each round; the players report
and confirm every leg; in round 1 one rematch is disputed and the referee enters it; one pairing
ends 1:1 and is broken by the knowledge-test quiz its players take; after three rounds the
tournament is finished with its standings, and the rated results moved the players' Elo.
"""
import io

import pytest

from kernel.store import read_events
from ratings.models import PlayerRating
from tests.conftest import client_for, make_user
from tournament import events as ev, table
from tournament.models import Tournament

BANK = ("question,choices,answer\n"
        "Which squadron flew from Northolt?,303|302|609,303\n"
        "Who moves first?,RAF|Luftwaffe,Luftwaffe\n"
        "How many legs has a pairing?,1|2|3,2\n"
        "When does the RAF reinforce?,rounds 4 and 6|round 8,rounds 4 and 6\n")


def api(user):
    return client_for(user)


def ok(response, status=201):
    assert response.status_code == status, response.json()
    return response.json()


def pairings_of(t_id, round_number) -> list[dict]:
    bracket = api(None).get(f"/api/tournaments/{t_id}/bracket/").json()
    return [p for r in bracket["rounds"] for p in r["pairings"] if p["round"] == round_number and not p["bye"]]


def won(p, leg, winner) -> str:
    """How the leg ended when ``winner`` won it (docs/rules/303.md "End of game": the ending is his side's)."""
    return table.ending_won_by("303", p, leg, winner)


def report_and_confirm(users, p, leg, winner):
    ended_by = won(p, leg, winner)
    ok(api(users[p["a"]]).post(f"/api/pairings/{p['id']}/legs/{leg}/report/",
                               {"winner": winner, "ended_by": ended_by}, format="json"))
    ok(api(users[p["b"]]).post(f"/api/pairings/{p['id']}/legs/{leg}/confirm/", {}, format="json"))


def quiz(t_id, organiser, users, round_number, right: dict):
    """The organiser opens the round's test; each named player answers ``right[name]`` right."""
    if round_number == 1:
        bank = io.BytesIO(BANK.encode())
        bank.name = "bank.csv"
        ok(api(organiser).post(f"/api/tournaments/{t_id}/quiz/bank/", {"file": bank}, format="multipart"))
    base = f"/api/tournaments/{t_id}/quiz/rounds/{round_number}/"
    ok(api(organiser).post(base, {"questions": 4, "minutes": 5}, format="json"))
    key = {q["question"]: q["answer"] for q in api(organiser).get(base).json()["questions"]}
    for name, count in right.items():
        attempt = ok(api(users[name]).post(base + "attempt/"))
        answers = {str(q["position"]): key[q["question"]] if i < count else (key[q["question"]] + 1) % len(q["choices"])
                   for i, q in enumerate(attempt["questions"])}
        ok(api(users[name]).post(base + "attempt/submit/", {"answers": answers}, format="json"), 200)


@pytest.mark.django_db
def test_an_eight_player_swiss_at_the_table_from_round_one_to_final_standings(league, organiser, referee, admin_user_,
                                                                              settings):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"tournament.result_settled": ["ratings.tasks.rate_settled_leg"]}
    users = {name: make_user(name) for name in
             ("kowalski", "nowak", "wisniewski", "wojcik", "kaminski", "lewandowski", "zielinski", "szymanski")}
    t_id = ok(api(organiser).post("/api/tournaments/", {
        "league": league.slug, "name": "Poznań 303 Open", "system": "303", "format": "swiss",
        "options": {"play_mode": "at_table"}}, format="json"))["id"]
    ok(api(admin_user_).put(f"/api/tournaments/{t_id}/referees/", {"referees": [referee.username]}, format="json"),
       200)
    for name in users:
        ok(api(organiser).post(f"/api/tournaments/{t_id}/entrants/", {"username": name}, format="json"))
    ok(api(organiser).post(f"/api/tournaments/{t_id}/seeding/", {"method": "lot"}, format="json"))

    for round_number in (1, 2, 3):
        ok(api(organiser).post(f"/api/tournaments/{t_id}/rounds/", {"round": round_number}, format="json"))
        pairings = pairings_of(t_id, round_number)
        assert sorted(p["table"] for p in pairings) == [1, 2, 3, 4]
        for index, p in enumerate(pairings):
            report_and_confirm(users, p, 1, p["a"])
            if round_number == 1 and index == 0:  # reported, disputed, entered by the referee
                ok(api(users[p["b"]]).post(f"/api/pairings/{p['id']}/legs/2/report/",
                                           {"winner": p["b"], "ended_by": won(p, 2, p["b"])}, format="json"))
                ok(api(users[p["a"]]).post(f"/api/pairings/{p['id']}/legs/2/dispute/",
                                           {"reason": "the bomber was shot down first"}, format="json"))
                ok(api(referee).post(f"/api/pairings/{p['id']}/legs/2/result/",
                                     {"winner": p["a"], "ended_by": won(p, 2, p["a"]),
                                      "reason": "both game cards show the bomber destroyed"}, format="json"))
            elif round_number == 1 and index == 1:  # 1:1, broken by the quiz
                report_and_confirm(users, p, 2, p["b"])
                assert api(None).get(f"/api/pairings/{p['id']}/").json()["status"] == "awaiting_knowledge_test"
                quiz(t_id, organiser, users, 1, {p["a"]: 1, p["b"]: 3})
                decided = api(None).get(f"/api/pairings/{p['id']}/").json()
                assert (decided["status"], decided["winner"], decided["points"]) == ("decided", p["b"], [1, 2])
            else:
                report_and_confirm(users, p, 2, p["a"])
        assert all(api(None).get(f"/api/pairings/{p['id']}/").json()["status"] == "decided" for p in pairings)

    tournament = Tournament.objects.get(pk=t_id)
    assert tournament.status == "finished"
    standings = api(None).get(f"/api/tournaments/{t_id}/standings/").json()
    assert len(standings["rows"]) == 8 and standings["rows"][0]["points"] >= 6
    types = [e.type for e in read_events(tournament.stream)]
    assert types[-1] == ev.TOURNAMENT_FINISHED
    assert types.count(ev.LEG_DISPUTED) == 1 and types.count(ev.LEG_RESULT_ENTERED) == 1
    assert types.count(ev.LEG_CONFIRMED) == 3 * 4 * 2 - 1
    # Rated: every leg at the table moved the players' Elo (docs/rules/service.md "Ratings").
    ratings = {r.player.username: r for r in PlayerRating.objects.filter(system="303").select_related("player")}
    assert set(ratings) == set(users)
    assert all(r.games == 6 for r in ratings.values())
    assert len({round(r.rating, 3) for r in ratings.values()}) > 1
