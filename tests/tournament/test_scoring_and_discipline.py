"""The 303 sheet's scoring and fair-play ladder (docs/rules/303.md "Tournament rules"; docs/rules/service.md sections
"Tournaments" and "Referee discipline"), as pure functions."""
import pytest

from tournament import discipline, scoring
from tournament.scoring import DECIDED, GameFact, PairingFacts, score_pairing

A, B = GameFact("a"), GameFact("b")
TESTS = {"a": 10, "b": 7}


@pytest.mark.parametrize("games, tests, expected", [
    ((A, A), TESTS, (DECIDED, (2, 0), (3, 0), "a")),                    # 2:0 → 3 pts
    ((B, B), TESTS, (DECIDED, (0, 2), (0, 3), "b")),                    # 0:2 → 0 pts
    ((A, B), {"a": 10, "b": 7}, (DECIDED, (1, 1), (2, 1), "a")),        # 1:1, better test → 2, worse → 1
    ((A, B), {"a": 3, "b": 7}, (DECIDED, (1, 1), (1, 2), "b")),
    ((A, B), {"a": 7, "b": 7}, ("awaiting_referee", (1, 1), (0, 0), None)),   # equal tests → referee
    ((A, B), {"a": 7, "b": None}, ("awaiting_knowledge_test", (1, 1), (0, 0), None)),
    ((A,), TESTS, ("playing", (1, 0), (0, 0), None)),
])
def test_polish_sheet_points(games, tests, expected):
    r = score_pairing(scoring.POLISH, PairingFacts(games=games, tests=tests))
    assert (r.status, r.score, r.points, r.winner) == expected


def test_polish_referee_decides_equal_tests():
    r = score_pairing(scoring.POLISH, PairingFacts(games=(A, B), tests={"a": 5, "b": 5}, decision={"winner": "b"}))
    assert (r.status, r.points, r.winner) == (DECIDED, (1, 2), "b")


def test_red_card_at_1_0_for_the_leader_ends_the_pairing_0_2():
    r = score_pairing(scoring.POLISH, PairingFacts(games=(A,), tests=TESTS, red=frozenset("a")))
    assert (r.status, r.score, r.points, r.winner) == (DECIDED, (0, 2), (0, 3), "b")


def test_red_cards_to_both_give_both_zero():
    r = score_pairing(scoring.POLISH, PairingFacts(games=(A, B), tests=TESTS, red=frozenset("ab")))
    assert (r.status, r.points, r.winner) == (DECIDED, (0, 0), None)


def test_vp_aggregate_decides_each_game_by_vp_and_1_1_by_summed_margin():
    games = (GameFact("b", vp={"a": 12, "b": 4}), GameFact("b", vp={"a": 3, "b": 6}))  # a wins game 1 on VP
    r = score_pairing(scoring.VP_AGGREGATE, PairingFacts(games=games, tests={"a": 1, "b": 9}))
    assert (r.score, r.winner, r.points) == ((1, 1), "a", (2, 1))  # margin +8 −3 = +5 beats the test


def test_vp_aggregate_equal_margin_falls_back_to_test_then_referee():
    games = (GameFact("a", vp={"a": 5, "b": 3}), GameFact("b", vp={"a": 3, "b": 5}))
    assert score_pairing(scoring.VP_AGGREGATE, PairingFacts(games=games, tests={"a": 1, "b": 9})).winner == "b"
    tied = score_pairing(scoring.VP_AGGREGATE, PairingFacts(games=games, tests={"a": 4, "b": 4}))
    assert tied.status == "awaiting_referee"


def test_games_scheme_one_point_per_game():
    assert score_pairing(scoring.GAMES, PairingFacts(games=(A, A))).points == (2, 0)
    split = score_pairing(scoring.GAMES, PairingFacts(games=(A, B)), needs_winner=False)
    assert (split.status, split.points, split.winner) == (DECIDED, (1, 1), None)


def test_overrule_sets_the_score():
    r = score_pairing(scoring.POLISH, PairingFacts(games=(A, A), decision={"score": [0, 2]}))
    assert (r.score, r.points, r.winner) == ((0, 2), (0, 3), "b")


def penalty(i, entrant="x", pairing="p1", revoked=False):
    return {"id": str(i), "entrant": entrant, "pairing": pairing, "revoked": revoked}


def test_ladder_warning_yellow_warning_red():
    graded = discipline.grade([penalty(i) for i in range(1, 5)], discipline.TOURNAMENT_SCOPE)
    assert [p["level"] for p in graded] == ["warning", "yellow", "warning", "red"]
    assert discipline.red_cards(graded) == {"p1": {"x"}}


def test_revocation_regrades_everything_after_it():
    graded = discipline.grade([penalty(1), penalty(2, revoked=True), penalty(3), penalty(4)],
                              discipline.TOURNAMENT_SCOPE)
    assert [p["level"] for p in graded] == ["warning", None, "yellow", "warning"]
    assert discipline.red_cards(graded) == {}


def test_pairing_scope_counts_each_pairing_afresh():
    items = [penalty(1, pairing="p1"), penalty(2, pairing="p1"), penalty(3, pairing="p2"), penalty(4, pairing="p2")]
    assert [p["level"] for p in discipline.grade(items, discipline.PAIRING_SCOPE)] == ["warning", "yellow"] * 2
    assert [p["level"] for p in discipline.grade(items, discipline.TOURNAMENT_SCOPE)] == \
        ["warning", "yellow", "warning", "red"]
