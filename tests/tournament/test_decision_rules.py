"""When a referee decision is accepted (issue 13 "Decision rules"; docs/rules/service.md "Tournaments",
"Referee discipline"; docs/rules/303.md "Tournament rules from the sheet"): a ``tie`` only on a 1:1 that
waits for the referee, a ``dispute`` only on a pairing with a result, any later change of a
decided pairing only as an ``overrule`` naming what it replaces. Table-driven over the pure rules
(tournament/decisions.py) on simulated pairings; then the same rules through the API, where a
refusal is a clear 4xx code and appends nothing."""
import pytest

from kernel.models import StoredEvent
from tests.conftest import client_for
from tests.tournament.conftest import play, started
from tests.tournament.simulation import Sim
from tournament import decisions, events as ev, services
from tournament.decisions import DecisionRefused, DecisionRequest
from kernel.api.errors import status_of


def pairing_sim(scheme="polish", fmt="round-robin", games=(), tests=None, vp=None):
    """p01 v p02 in one pairing; ``games``: the winner of each recorded leg (None: no winner)."""
    sim = Sim(fmt, ["p01", "p02"], scoring=scheme)
    sim.start_round()
    pid = next(iter(sim.state.pairings))
    for name, score in (tests or {}).items():
        sim.add(ev.KNOWLEDGE_TEST_SCORE_RECORDED, {"entrant": name, "score": score})
    for leg, winner in enumerate(games, start=1):
        sim.record(pid, leg, winner, vp=vp[leg - 1] if vp else None)
    return sim, pid


def decide(sim, pid, kind, **fields):
    request = DecisionRequest(kind=kind, reason=fields.pop("reason", "the referee's written reason"),
                              referee="rita", **fields)
    new = decisions.decide(sim.state, pid, request, f"d{sim.state.version + 1}", lambda p: bool(p["results"]))
    for kind_, payload in new:
        sim.add(kind_, payload)
    return new[0][1]


def refused(sim, pid, kind, **fields) -> tuple[int, str]:
    version = sim.state.version
    with pytest.raises(DecisionRefused) as exc:
        decide(sim, pid, kind, **fields)
    assert sim.state.version == version
    return status_of(exc.value.kind), exc.value.code


LEVEL_VP = [{"p01": 10, "p02": 5}, {"p01": 5, "p02": 10}]  # 1:1 with a VP margin of 0
P01_VP = [{"p01": 12, "p02": 5}, {"p01": 5, "p02": 10}]    # 1:1, p01 ahead by 2 VP


@pytest.mark.parametrize("scheme, fmt, games, tests, vp, expected", [
    ("polish", "round-robin", (), None, None, (409, "not_tied")),
    ("polish", "round-robin", ("p01",), {"p01": 5, "p02": 5}, None, (409, "not_tied")),
    # The reported bug: a tie accepted before any knowledge-test score existed.
    ("polish", "round-robin", ("p01", "p02"), None, None, (409, "knowledge_test_missing")),
    ("polish", "round-robin", ("p01", "p02"), {"p01": 5}, None, (409, "knowledge_test_missing")),
    ("polish", "round-robin", ("p01", "p02"), {"p01": 6, "p02": 5}, None, (409, "already_decided")),
    ("polish", "round-robin", ("p01", "p01"), {"p01": 5, "p02": 5}, None, (409, "already_decided")),
    ("polish", "round-robin", ("p01", None), {"p01": 5, "p02": 5}, None, (409, "not_tied")),
    ("polish", "round-robin", ("p01", "p02"), {"p01": 5, "p02": 5}, None, None),
    ("vp-aggregate", "round-robin", ("p01", "p02"), {"p01": 5, "p02": 5}, P01_VP, (409, "already_decided")),
    ("vp-aggregate", "round-robin", ("p01", "p02"), None, LEVEL_VP, (409, "knowledge_test_missing")),
    ("vp-aggregate", "round-robin", ("p01", "p02"), {"p01": 7, "p02": 5}, LEVEL_VP, (409, "already_decided")),
    ("vp-aggregate", "round-robin", ("p01", "p02"), {"p01": 5, "p02": 5}, LEVEL_VP, None),
    ("games", "round-robin", ("p01", "p02"), {"p01": 5, "p02": 5}, None, (409, "already_decided")),  # 1:1 stands
    ("games", "single-elimination", ("p01", "p02"), {"p01": 5, "p02": 5}, None, None),  # a bracket needs a winner
])
def test_a_tie_is_decided_only_when_the_pairing_waits_for_one(scheme, fmt, games, tests, vp, expected):
    sim, pid = pairing_sim(scheme, fmt, games, tests, vp)
    if expected:
        assert refused(sim, pid, "tie", winner="p02") == expected
        return
    decide(sim, pid, "tie", winner="p02")
    result = sim.state.named_result(sim.state.pairings[pid])
    assert (result["status"], result["winner"]) == ("decided", "p02")
    # The reported bug: a second tie on the same pairing was accepted too.
    assert refused(sim, pid, "tie", winner="p01") == (409, "already_decided")


@pytest.mark.parametrize("fields, expected", [
    ({}, (400, "winner_required")),
    ({"winner": "p02", "score": [1, 1]}, (400, "score_not_allowed")),
    ({"winner": "p03"}, (400, "not_in_pairing")),
    ({"winner": "p02", "reason": "  "}, (400, "reason_required")),
])
def test_a_tie_names_a_winner_of_the_pairing_with_a_reason(fields, expected):
    sim, pid = pairing_sim(games=("p01", "p02"), tests={"p01": 5, "p02": 5})
    assert refused(sim, pid, "tie", **fields) == expected


@pytest.mark.parametrize("games, fields, expected", [
    ((), {}, (409, "nothing_to_dispute")),
    (("p01",), {}, None),                                          # a ruling: the result stands
    (("p01",), {"score": [2, 0]}, (409, "game_in_progress")),     # the rematch is in play
    (("p01", "p01"), {}, None),
    (("p01", "p01"), {"score": [0, 2]}, (409, "overrule_required")),
    (("p01", None), {"score": [1, 1], "winner": "p02"}, None),    # a game without a winner: the referee rules
    (("p01", None), {"winner": "p02"}, (400, "score_required")),
    (("p01", None), {"score": [1, 0]}, (400, "invalid_score")),
    (("p01", None), {"score": [2, 0], "winner": "p02"}, (422, "winner_contradicts_score")),
])
def test_a_dispute_needs_a_result_and_sets_a_score_only_before_the_pairing_is_decided(games, fields, expected):
    sim, pid = pairing_sim(games=games)
    if expected:
        assert refused(sim, pid, "dispute", **fields) == expected
    else:
        decide(sim, pid, "dispute", **fields)


def test_an_overrule_changes_a_decided_pairing_naming_what_it_replaces():
    sim, pid = pairing_sim(games=("p01", "p01"))
    assert refused(sim, pid, "overrule", score=[0, 2]) == (400, "replaces_required")
    assert refused(sim, pid, "overrule", score=[0, 2], replaces_score=[1, 1]) == (409, "replaces_outdated")
    assert refused(sim, pid, "overrule", score=[2, 0], replaces_score=[2, 0]) == (422, "overrule_changes_nothing")
    assert refused(sim, pid, "overrule", score=[0, 2], replaces="d404") == (404, "decision_not_found")
    first = decide(sim, pid, "overrule", score=[0, 2], replaces_score=[2, 0])
    assert sim.state.named_result(sim.state.pairings[pid])["winner"] == "p02"
    # Now a decision makes the result: the next overrule must name it, not the score.
    assert refused(sim, pid, "overrule", score=[1, 1], winner="p01", replaces_score=[0, 2]) == \
        (400, "replaces_required")
    second = decide(sim, pid, "overrule", score=[1, 1], winner="p01", replaces=first["decision_id"])
    assert refused(sim, pid, "overrule", score=[2, 0], replaces=first["decision_id"]) == (409, "replaces_outdated")
    decide(sim, pid, "overrule", score=[2, 0], replaces=second["decision_id"])
    assert sim.state.named_result(sim.state.pairings[pid])["score"] == [2, 0]


def test_an_overrule_replaces_a_tie_decision_by_its_id():
    sim, pid = pairing_sim(games=("p01", "p02"), tests={"p01": 5, "p02": 5})
    tie = decide(sim, pid, "tie", winner="p02")
    assert refused(sim, pid, "tie", winner="p01") == (409, "already_decided")
    assert refused(sim, pid, "dispute", score=[1, 1], winner="p01") == (409, "overrule_required")
    decide(sim, pid, "overrule", score=[1, 1], winner="p01", replaces=tie["decision_id"])
    assert sim.state.named_result(sim.state.pairings[pid])["points"] == [2, 1]


def test_an_overrule_needs_a_decided_pairing_and_no_red_card():
    sim, pid = pairing_sim(games=("p01",))
    assert refused(sim, pid, "overrule", score=[2, 0], replaces_score=[1, 0]) == (409, "not_decided")
    for i in range(4):
        sim.add(ev.PENALTY_ISSUED, {"penalty_id": f"x{i}", "entrant": "p01", "pairing_id": pid,
                                    "category": "stalling", "text": "slow", "referee": "rita"})
    assert sim.state.named_result(sim.state.pairings[pid])["score"] == [0, 2]
    assert refused(sim, pid, "overrule", score=[2, 0], replaces_score=[0, 2]) == (409, "forfeited")


# -- through the API: codes, and nothing appended -------------------------------------------------
@pytest.fixture
def pairing_1_1(league, organiser, referee):
    t = started(league, organiser, referee, "round-robin", 2)
    play(t, "R1-1", "p01", "p02")
    return t, next(iter(services.load_state(t).pairings))


def post_decision(t, referee, body):
    before = StoredEvent.objects.filter(stream=t.stream).count()
    response = client_for(referee).post(f"/api/tournaments/{t.pk}/decisions/", body, format="json")
    appended = StoredEvent.objects.filter(stream=t.stream, seq__gt=before).order_by("seq").values_list("type", flat=True)
    return response, list(appended)


def test_the_api_refuses_a_tie_before_the_tests_and_a_second_tie_appending_nothing(pairing_1_1, referee):
    t, pid = pairing_1_1
    tie = {"pairing_id": pid, "kind": "tie", "winner": "p02", "reason": "p02 answered the tie question"}
    response, appended = post_decision(t, referee, tie)
    assert (response.status_code, response.json()["code"], appended) == (409, "knowledge_test_missing", [])
    for name in ("p01", "p02"):
        services.record_knowledge_test(t.pk, name, 5, "rita")
    response, appended = post_decision(t, referee, tie)
    assert response.status_code == 201 and appended == ["RefereeDecision", "TournamentFinished"]
    decision = response.json()["decision"]
    assert decision["kind"] == "tie" and decision["winner"] == "p02" and response.json()["voided"] == []
    response, appended = post_decision(t, referee, {**tie, "winner": "p01"})
    assert (response.status_code, response.json()["code"], appended) == (409, "already_decided", [])
    detail = client_for(referee).get(f"/api/pairings/{pid}/").json()
    assert detail["decision_in_force"] == decision["decision_id"]
    overrule = {"pairing_id": pid, "kind": "overrule", "score": [1, 1], "winner": "p02",
                "replaces": decision["decision_id"], "reason": "same winner"}
    response, appended = post_decision(t, referee, overrule)
    assert (response.status_code, response.json()["code"], appended) == (422, "overrule_changes_nothing", [])
    response, appended = post_decision(t, referee, {**overrule, "winner": "p01", "reason": "p01 answered first"})
    assert response.status_code == 201 and appended == ["RefereeDecision"]
    state = services.load_state(t)
    assert state.named_result(state.pairings[pid])["winner"] == "p01"
