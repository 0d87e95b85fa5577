"""Pairings played at the table (issue 14; tournament/table.py; docs/rules/303.md "Tournament rules from
the sheet": match and rematch with sides swapped, sides drawn by lot).

Through the API: a leg is reported by a player and confirmed or disputed by the opponent, a
referee or organiser enters or corrects it with a reason, an unanswered report is confirmed
after ``auto_confirm_minutes``. Every refusal is a clear code and appends nothing.
"""
from datetime import timedelta

import pytest
from django.utils import timezone

from game.models import Game
from kernel.models import StoredEvent
from tests.conftest import client_for, make_user
from tests.tournament.conftest import players
from tournament import events as ev, services, table
from tournament.models import Tournament
from tournament.services.table_play import due_reports


def table_tournament(league, organiser, referee, n=4, system="303", fmt="swiss", scheme="polish", **options):
    t = services.create_tournament(league=league, name="Table cup", system=system, format=fmt,
                                   created_by=organiser, scoring_scheme=scheme, referees=[referee],
                                   options={"play_mode": "at_table", **options})
    for i, user in enumerate(players(n)):
        services.register(t.pk, user.username, organiser.username, rating=2000 - i)
    services.seed(t.pk, organiser.username)
    services.start_round(t.pk, organiser.username)
    return t


def state_of(t):
    return services.load_state(Tournament.objects.get(pk=t.pk))


def first_pairing(t) -> dict:
    return next(p for p in state_of(t).pairings.values() if not p["bye"])


def events_of(t) -> list:
    return list(StoredEvent.objects.filter(stream=t.stream).order_by("seq").values_list("seq", "type"))


def post(user, url, data=None):
    return client_for(user).post(url, data or {}, format="json")


def leg_url(pairing, leg, action):
    return f"/api/pairings/{pairing['id']}/legs/{leg}/{action}/"


def user(name):
    from django.contrib.auth import get_user_model
    return get_user_model().objects.get(username=name)


def won(pairing, leg, winner):
    """How a 303 leg ends when ``winner`` wins it: an ending of his side (docs/rules/303.md "End of game")."""
    return table.ending_won_by("303", pairing, leg, winner)


def report(pairing, leg, reporter, winner, ended_by=None, **extra):
    ended_by = ended_by or won(pairing, leg, winner)
    return post(user(reporter), leg_url(pairing, leg, "report"), {"winner": winner, "ended_by": ended_by, **extra})


def settle(pairing, leg, winner):
    """Report by ``a`` and confirmation by ``b``."""
    assert report(pairing, leg, pairing["a"], winner).status_code == 201
    assert post(user(pairing["b"]), leg_url(pairing, leg, "confirm")).status_code == 201


@pytest.mark.django_db
def test_a_table_round_creates_no_games_and_numbers_its_tables(league, organiser, referee):
    t = table_tournament(league, organiser, referee, n=5)
    state = state_of(t)
    assert not Game.objects.exists()
    tables = sorted(p["table"] for p in state.pairings.values() if not p["bye"])
    assert tables == [1, 2]
    assert all(p["mode"] == "at_table" for p in state.pairings.values() if not p["bye"])
    assert [p["table"] for p in state.pairings.values() if p["bye"]] == [None]
    body = client_for().get(f"/api/pairings/{first_pairing(t)['id']}/").json()
    assert body["table"] == 1 and body["mode"] == "at_table"
    assert [leg["leg"] for leg in body["legs"]] == [1, 2]
    # Sides swap for the rematch (docs/rules/303.md: match and rematch with sides swapped).
    one, two = body["legs"][0]["sides"], body["legs"][1]["sides"]
    assert one["luftwaffe"] == two["raf"] and one["raf"] == two["luftwaffe"]


@pytest.mark.django_db
def test_reported_and_confirmed_legs_decide_the_pairing_as_online_results_would(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    assert state_of(t).result(p["id"]).status == "playing"
    settle(p, 2, p["a"])
    state = state_of(t)
    result = state.named_result(state.pairings[p["id"]])
    assert (result["status"], result["score"], result["points"], result["winner"]) == \
        ("decided", [2, 0], [3, 0], p["a"])
    types = [kind for _, kind in events_of(t)]
    assert types.count(ev.LEG_REPORTED) == 2 and types.count(ev.LEG_CONFIRMED) == 2
    standings = client_for().get(f"/api/tournaments/{t.pk}/standings/").json()
    assert next(r for r in standings["rows"] if r["entrant"] == p["a"])["points"] == 3


@pytest.mark.django_db
def test_a_split_pairing_waits_for_the_knowledge_test_as_the_sheet_says(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    settle(p, 2, p["b"])
    assert state_of(t).result(p["id"]).status == "awaiting_knowledge_test"
    services.record_knowledge_test(t.pk, p["a"], 4, "rita")
    services.record_knowledge_test(t.pk, p["b"], 7, "rita")
    state = state_of(t)
    assert state.named_result(state.pairings[p["id"]])["points"] == [1, 2]


@pytest.mark.django_db
def test_a_disputed_leg_waits_for_the_referee_who_enters_it(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    assert report(p, 1, p["a"], p["a"]).status_code == 201
    r = post(user(p["b"]), leg_url(p, 1, "dispute"), {"reason": "the bomber reached London"})
    assert r.status_code == 201
    assert r.json()["pairing"]["legs"][0]["report"]["status"] == "disputed"
    queue = client_for(referee).get(f"/api/tournaments/{t.pk}/table-reports/").json()
    assert [(q["pairing_id"], q["leg"], q["report"]["status"]) for q in queue] == [(p["id"], 1, "disputed")]
    assert 1 not in state_of(t).pairings[p["id"]]["results"]
    r = post(referee, leg_url(p, 1, "result"),
             {"winner": p["b"], "ended_by": won(p, 1, p["b"]), "reason": "both agreed on the slip"})
    assert r.status_code == 201
    leg = state_of(t).pairings[p["id"]]["results"][1]
    assert (leg["winner"], leg["ended_by"]) == (p["b"], won(p, 1, p["b"]))
    assert client_for(referee).get(f"/api/tournaments/{t.pk}/table-reports/").json() == []


@pytest.mark.django_db
def test_a_referee_corrects_a_confirmed_leg_with_a_reason(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    r = post(organiser, leg_url(p, 1, "result"), {"winner": p["b"], "ended_by": won(p, 1, p["b"]),
                                                   "reason": "the slip named the wrong player"})
    assert r.status_code == 201
    assert state_of(t).pairings[p["id"]]["results"][1]["winner"] == p["b"]


@pytest.mark.django_db
def test_duel_in_the_dark_reports_the_vp_margin_and_a_split_goes_to_the_larger_margin(league, organiser, referee):
    t = table_tournament(league, organiser, referee, system="duel-in-the-dark", scheme="vp-aggregate")
    p = first_pairing(t)
    for leg, winner, margin in ((1, p["a"], 3), (2, p["b"], 5)):
        assert report(p, leg, p["a"], winner, ended_by="victory_points", vp_margin=margin).status_code == 201
        assert post(user(p["b"]), leg_url(p, leg, "confirm")).status_code == 201
    state = state_of(t)
    assert state.named_result(state.pairings[p["id"]])["winner"] == p["b"]


@pytest.mark.django_db
def test_an_unanswered_report_is_confirmed_after_the_tournaments_wait_once(league, organiser, referee):
    t = table_tournament(league, organiser, referee, auto_confirm_minutes=10)
    p = first_pairing(t)
    report(p, 1, p["a"], p["b"])
    now = timezone.now()
    assert due_reports(state_of(t), now + timedelta(minutes=9)) == []
    assert services.auto_confirm_due_reports(now + timedelta(minutes=9)) == 0
    assert services.auto_confirm_due_reports(now + timedelta(minutes=11)) == 1
    assert services.auto_confirm_due_reports(now + timedelta(minutes=12)) == 0
    state = state_of(t)
    assert state.pairings[p["id"]]["reports"][1]["confirmed_by"] == "system:auto-confirm"
    assert state.pairings[p["id"]]["results"][1]["winner"] == p["b"]


@pytest.mark.django_db
def test_a_disputed_report_is_never_auto_confirmed(league, organiser, referee):
    t = table_tournament(league, organiser, referee, auto_confirm_minutes=1)
    p = first_pairing(t)
    report(p, 1, p["a"], p["a"])
    post(user(p["b"]), leg_url(p, 1, "dispute"), {"reason": "wrong winner"})
    assert services.auto_confirm_due_reports(timezone.now() + timedelta(hours=5)) == 0


@pytest.mark.django_db
def test_an_online_pairing_moved_to_the_table_aborts_its_games_unrated(league, organiser, referee):
    t = table_tournament(league, organiser, referee, n=2, play_mode="online")
    p = first_pairing(t)
    game_id = p["games"][1]["game_id"]
    assert post(user(p["a"]), f"/api/pairings/{p['id']}/table/").status_code == 403
    r = post(organiser, f"/api/pairings/{p['id']}/table/")
    assert r.status_code == 201 and r.json()["pairing"]["mode"] == "at_table"
    assert Game.objects.get(pk=game_id).status != "running"
    state = state_of(t)
    assert state.pairings[p["id"]]["results"] == {} and len(state.pairings[p["id"]]["games"]) == 1
    settle(state.pairings[p["id"]], 1, p["a"])
    assert state_of(t).pairings[p["id"]]["results"][1]["winner"] == p["a"]


def refused(t, response, status, code):
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()


@pytest.mark.django_db
def test_every_refusal_has_a_clear_code_and_appends_nothing(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    other = next(q for q in state_of(t).pairings.values() if q["id"] != p["id"])
    stranger = make_user("stranger")
    cases = []

    def check(response, status, code):
        before = events_of(t)
        cases.append(code)
        refused(t, response, status, code)
        assert events_of(t) == before

    check(report(p, 1, other["a"], p["a"]), 403, "not_in_pairing")
    check(post(stranger, leg_url(p, 1, "report"), {"winner": p["a"], "ended_by": won(p, 1, p["a"])}), 403,
          "not_in_pairing")
    check(client_for().post(leg_url(p, 1, "report"), {"winner": p["a"], "ended_by": won(p, 1, p["a"])},
                            format="json"),
          401, "not_authenticated")
    check(report(p, 1, p["a"], "stranger"), 400, "invalid_winner")
    check(report(p, 1, p["a"], p["a"], ended_by="victory_points"), 400, "invalid_ending")
    check(report(p, 1, p["a"], p["a"], vp_margin=3), 400, "invalid_vp_margin")
    check(report(p, 3, p["a"], p["a"], ended_by="shot_down"), 400, "invalid_leg")
    check(post(user(p["b"]), leg_url(p, 1, "confirm")), 409, "nothing_to_confirm")
    assert report(p, 1, p["a"], p["a"]).status_code == 201
    check(report(p, 1, p["b"], p["b"]), 409, "report_pending")
    check(report(p, 1, p["a"], p["b"]), 409, "report_pending")
    check(post(user(p["a"]), leg_url(p, 1, "confirm")), 403, "own_report")
    check(post(user(p["b"]), leg_url(p, 1, "dispute"), {"reason": "  "}), 400, "reason_required")
    check(post(user(p["b"]), leg_url(p, 1, "confirm"), {"report_id": "00000000-0000-0000-0000-000000000000"}),
          409, "report_outdated")
    check(post(user(p["a"]), leg_url(p, 1, "result"), {"winner": p["a"], "ended_by": won(p, 1, p["a"]),
                                                         "reason": "I won"}), 403, "permission_denied")
    check(post(referee, leg_url(p, 1, "result"), {"winner": p["a"], "ended_by": won(p, 1, p["a"])}), 400,
          "reason_required")
    assert post(user(p["b"]), leg_url(p, 1, "confirm")).status_code == 201
    # A report contradicting (or repeating) a confirmed result.
    check(report(p, 1, p["b"], p["b"]), 409, "result_confirmed")
    check(report(p, 1, p["a"], p["a"]), 409, "result_confirmed")
    # The round closes once the pairing is decided and the next round started.
    settle(p, 2, p["a"])
    settle(other, 1, other["a"])
    settle(other, 2, other["b"])
    services.record_knowledge_test(t.pk, other["a"], 5, "rita")
    services.record_knowledge_test(t.pk, other["b"], 3, "rita")
    services.start_round(t.pk, organiser.username)
    check(post(referee, leg_url(p, 2, "result"), {"winner": p["b"], "ended_by": won(p, 2, p["b"]),
                                                  "reason": "late correction"}), 409, "round_closed")
    check(report(p, 2, p["b"], p["b"]), 409, "round_closed")
    online = services.create_tournament(league=league, name="Online", system="303", format="swiss",
                                        created_by=organiser)
    for i, name in enumerate((p["a"], p["b"])):
        services.register(online.pk, name, organiser.username, rating=2000 - i)
    services.seed(online.pk, organiser.username)
    services.start_round(online.pk, organiser.username)
    q = first_pairing(online)
    before = events_of(online)
    refused(online, report(q, 1, q["a"], q["a"]), 409, "not_at_table")
    assert events_of(online) == before
    assert len(cases) == 19


@pytest.mark.django_db
def test_play_mode_is_validated(league, organiser):
    r = client_for(organiser).post("/api/tournaments/", {
        "league": league.slug, "name": "x", "system": "303", "format": "swiss",
        "options": {"play_mode": "by_post"}}, format="json")
    refused(None, r, 400, "invalid_option")
    r = client_for(organiser).post("/api/tournaments/", {
        "league": league.slug, "name": "x", "system": "303", "format": "swiss",
        "options": {"play_mode": "at_table", "auto_confirm_minutes": 0}}, format="json")
    refused(None, r, 400, "invalid_option")


@pytest.mark.django_db
def test_a_later_rounds_quiz_leaves_an_earlier_split_as_it_was(league, organiser, referee):
    """The knowledge test breaks a 1:1 (docs/rules/303.md); a quiz score is its round's, so a quiz in round 2
    does not re-decide round 1, while a referee's score for the whole tournament replaces both."""
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    settle(p, 2, p["b"])
    services.record_knowledge_test(t.pk, p["a"], 6, "system:quiz", round_number=1)
    services.record_knowledge_test(t.pk, p["b"], 4, "system:quiz", round_number=1)
    assert state_of(t).named_result(state_of(t).pairings[p["id"]])["winner"] == p["a"]
    services.record_knowledge_test(t.pk, p["a"], 1, "system:quiz", round_number=2)
    assert state_of(t).named_result(state_of(t).pairings[p["id"]])["winner"] == p["a"]
    services.record_knowledge_test(t.pk, p["a"], 2, "rita", reason="a miscounted sheet")
    state = state_of(t)
    assert state.named_result(state.pairings[p["id"]])["winner"] == p["b"]
    assert StoredEvent.objects.filter(stream=t.stream, type=ev.KNOWLEDGE_TEST_SCORE_RECORDED).last().payload == \
        {"entrant": p["a"], "score": 2, "reason": "a miscounted sheet"}


@pytest.mark.django_db
def test_a_report_tells_the_opponent_there_is_a_result_to_confirm(league, organiser, referee, settings):
    from notifications.models import Notification

    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"tournament.result_reported": ["notifications.consumers.result_reported"]}
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    report(p, 1, p["a"], p["a"])
    notes = Notification.objects.filter(kind="result_to_confirm")
    assert [(n.user.username, n.url) for n in notes] == \
        [(p["b"], f"/tournaments/{t.pk}/pairings/{p['id']}/report/")]


@pytest.mark.django_db
def test_an_unknown_pairing_is_a_404_with_a_code(league, organiser):
    r = post(organiser, "/api/pairings/00000000-0000-0000-0000-000000000000/legs/1/report/",
             {"winner": "x", "ended_by": "shot_down"})
    assert (r.status_code, r.json()["code"]) == (404, "pairing_not_found")
    r = client_for(organiser).get("/api/pairings/00000000-0000-0000-0000-000000000000/")
    assert (r.status_code, r.json()["code"]) == (404, "pairing_not_found")
    r = client_for(organiser).get("/api/tournaments/999999/bracket/")
    assert (r.status_code, r.json()["code"]) == (404, "not_found")


@pytest.mark.django_db
def test_a_winner_contradicting_how_the_game_ended_is_refused_at_every_door(league, organiser, referee):
    """docs/rules/303.md "End of game": reaching London is a Luftwaffe win, shot down and rounds run out are
    RAF wins. A report or an entry naming the other side's player as winner appends nothing."""
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    sides = table.leg_sides(p, 1)
    raf, luftwaffe = sides["raf"], sides["luftwaffe"]
    before = events_of(t)
    for ended_by in ("shot_down", "rounds_ran_out"):
        refused(t, report(p, 1, luftwaffe, luftwaffe, ended_by=ended_by), 400, "ending_contradicts_winner")
    refused(t, report(p, 1, raf, raf, ended_by="reached_london"), 400, "ending_contradicts_winner")
    for door in (referee, organiser):
        refused(t, post(door, leg_url(p, 1, "result"), {"winner": raf, "ended_by": "reached_london",
                                                          "reason": "from the slip"}), 400, "ending_contradicts_winner")
    # The rematch swaps the sides: the same player wins by reaching London there.
    with pytest.raises(services.CommandRejected) as refusal:
        services.enter_leg_result(t.pk, p["id"], 2, referee.username, winner=luftwaffe, ended_by="reached_london",
                                  reason="from the slip")
    assert refusal.value.code == "ending_contradicts_winner"
    assert events_of(t) == before
    assert report(p, 2, raf, raf, ended_by="reached_london").status_code == 201
    assert report(p, 1, raf, raf, ended_by="shot_down").status_code == 201
