"""The 303 sheet end to end through the services: scoring, red cards, revocation, referee
decisions (docs/rules/303.md "Tournament rules from the sheet"; docs/rules/service.md "Referee discipline")."""
import pytest

from game.models import Game
from kernel.store import read_events
from tests.tournament.conftest import enter, new_tournament, open_games, players, win_game
from tournament import services


@pytest.fixture
def duel(league, organiser, referee):
    """A two-entrant polish tournament with its only pairing started: p01 v p02."""
    t = new_tournament(league, organiser, referee, fmt="round-robin")
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    return t


def pairing_of(t):
    state = services.load_state(t)
    return state, next(iter(state.pairings.values()))


def play_leg(t, winner):
    [(_, _, game_id)] = open_games(t)
    win_game(game_id, winner)
    return game_id


def result(t):
    state, pairing = pairing_of(t)
    r = state.named_result(pairing)
    return r["status"], r["score"], r["points"], r["winner"]


def foul(t, who, times, category="stalling"):
    return [services.issue_penalty(t.pk, who, category, f"offence {i}", "rita")[1] for i in range(times)]


def test_2_0_scores_3_and_0(duel):
    play_leg(duel, "p01"), play_leg(duel, "p01")
    assert result(duel) == ("decided", [2, 0], [3, 0], "p01")


def test_0_2_scores_0_and_3(duel):
    play_leg(duel, "p02"), play_leg(duel, "p02")
    assert result(duel) == ("decided", [0, 2], [0, 3], "p02")


@pytest.mark.parametrize("tests, expected", [((9, 4), ([2, 1], "p01")), ((4, 9), ([1, 2], "p02"))])
def test_1_1_better_knowledge_test_scores_2_worse_1(duel, tests, expected):
    services.record_knowledge_test(duel.pk, "p01", tests[0], "olga")
    services.record_knowledge_test(duel.pk, "p02", tests[1], "rita")
    play_leg(duel, "p01"), play_leg(duel, "p02")
    assert result(duel) == ("decided", [1, 1], *expected)


def test_1_1_equal_tests_wait_for_a_referee_decision_with_a_reason(duel):
    services.record_knowledge_test(duel.pk, "p01", 5, "olga")
    services.record_knowledge_test(duel.pk, "p02", 5, "olga")
    play_leg(duel, "p01"), play_leg(duel, "p02")
    assert result(duel)[0] == "awaiting_referee"
    _, pairing = pairing_of(duel)
    with pytest.raises(services.CommandRejected) as exc:
        services.referee_decision(duel.pk, pairing["id"], "tie", "  ", "rita", winner="p02")
    assert exc.value.code == "reason_required"
    services.referee_decision(duel.pk, pairing["id"], "tie", "p02 answered the tie question", "rita", winner="p02")
    assert result(duel) == ("decided", [1, 1], [1, 2], "p02")


def test_red_card_at_1_0_for_the_leader_ends_the_pairing_0_2(duel):
    play_leg(duel, "p01")  # p01 leads 1:0
    [(_, _, game2)] = open_games(duel)
    levels = [p["level"] for p in foul(duel, "p01", 4)]
    assert levels == ["warning", "yellow", "warning", "red"]
    assert result(duel) == ("decided", [0, 2], [0, 3], "p02")
    game = Game.objects.get(pk=game2)
    assert game.status == "finished" and game.outcome["reason"] == "red_card"
    types = [e.type for e in read_events(game.stream)]
    assert types.count("GameForfeited") == 1 and types[-1] == "Revealed"  # ended by new events, none changed
    assert open_games(duel) == []


def test_red_cards_to_both_give_both_zero(duel):
    foul(duel, "p01", 4)
    assert result(duel)[3] == "p02"
    foul(duel, "p02", 4)
    assert result(duel) == ("decided", [0, 0], [0, 0], None)


def test_revocation_is_a_new_event_and_recomputes(duel):
    play_leg(duel, "p01")
    penalties = foul(duel, "p01", 4)
    assert result(duel)[3] == "p02"
    services.revoke_penalty(duel.pk, penalties[1]["id"], "the yellow was for the wrong player", "rita")
    state, _ = pairing_of(duel)
    assert [p["level"] for p in state.graded_penalties()] == ["warning", None, "yellow", "warning"]
    # The forfeited rematch stays forfeited (events are never changed): p01 1, p02 1 on games.
    assert result(duel)[1] == [1, 1]
    types = [e.type for e in read_events(duel.stream)]
    assert types.count("PenaltyIssued") == 4 and types.count("PenaltyRevoked") == 1


def test_overrule_needs_a_score_and_a_reason(duel):
    play_leg(duel, "p01"), play_leg(duel, "p01")
    _, pairing = pairing_of(duel)
    with pytest.raises(services.CommandRejected) as exc:
        services.referee_decision(duel.pk, pairing["id"], "overrule", "dice left the table", "rita")
    assert exc.value.code == "score_required"
    services.referee_decision(duel.pk, pairing["id"], "overrule", "illegal move in game 2", "rita", score=[1, 1],
                              winner="p01", replaces_score=result(duel)[1])
    assert result(duel) == ("decided", [1, 1], [2, 1], "p01")


def test_penalty_scope_pairing_counts_afresh_in_each_pairing(league, organiser, referee):
    t = new_tournament(league, organiser, referee, fmt="round-robin")
    services.change_settings(t.pk, {"penalty_scope": "pairing"}, "olga")
    enter(t, players(3))
    services.start_round(t.pk, "olga")
    assert [p["level"] for p in foul(t, "p01", 2)] == ["warning", "yellow"]


def test_offence_category_is_checked(duel):
    with pytest.raises(services.CommandRejected) as exc:
        services.issue_penalty(duel.pk, "p01", "cheating", "x", "rita")
    assert exc.value.code == "unknown_offence"
