"""An overruled result moves the bracket (issue 19 point 2; docs/rules/service.md "Tournaments", "Event
sourcing"): the later pairing gets the new entrant while none of its games has started (it is
voided and created again at once); once one has (a move or a result), the overrule is refused
with ``next_pairing_started`` unless the referee voids that pairing too, with a reason. Voids
cascade down the bracket; the voided pairings' running games end aborted; rebuilds agree."""
import pytest
from django.core.management import call_command

from game.models import Game
from kernel.models import StoredEvent
from game.services import submit_command
from tests.conftest import client_for
from tests.tournament.conftest import play, started
from tournament import projections, services
from tournament.models import Pairing, PairingGame, TournamentProjection
from kernel.api.errors import status_of


def keyed(t) -> dict:
    return {p["key"]: p for p in services.load_state(t).pairings.values()}


def make_a_move(game_id):
    game = Game.objects.prefetch_related("seats__user").get(pk=game_id)
    side = game.to_move[0]
    user = next(s.user for s in game.seats.all() if s.side == side)
    submit_command(game_id=game.pk, user=user, command={"type": "roll"}, expected_version=game.version, side=side)


def overrule(t, key, score, **extra):
    pairing = keyed(t)[key]
    state = services.load_state(t)
    current = state.decision_in_force(pairing["id"])
    named = {"replaces": current["decision_id"]} if current else \
        {"replaces_score": state.named_result(pairing)["score"]}
    return services.referee_decision(t.pk, pairing["id"], "overrule", "the referee saw an illegal move", "rita",
                                     score=score, **named, **extra)


def appended_types(t, since: int) -> list[str]:
    return list(StoredEvent.objects.filter(stream=t.stream, seq__gt=since).order_by("seq")
                .values_list("type", flat=True))


def first_round_to_favourites(league, organiser, referee, fmt):
    """Four entrants: p01 beats p04 and p02 beats p03, 2:0 each."""
    t = started(league, organiser, referee, fmt, 4)
    play(t, "W1-1", "p01", "p01")
    play(t, "W1-2", "p02", "p02")
    return t


@pytest.fixture
def semis_played(league, organiser, referee):
    """Single elimination: the final p01 v p02 has its first game."""
    return first_round_to_favourites(league, organiser, referee, "single-elimination")


def test_the_final_receives_the_new_winner_while_its_games_have_not_started(semis_played):
    t = semis_played
    old_final = keyed(t)["W2-1"]
    assert (old_final["a"], old_final["b"]) == ("p01", "p02")
    old_game = old_final["games"][1]["game_id"]
    version = services.load_state(t).version
    overrule(t, "W1-1", [0, 2])
    assert appended_types(t, version) == ["RefereeDecision", "PairingVoided", "PairingCreated", "PairingGameCreated"]
    final = keyed(t)["W2-1"]
    assert (final["a"], final["b"]) == ("p04", "p02") and final["id"] != old_final["id"]
    assert Game.objects.get(pk=old_game).status == "aborted"
    new_game = Game.objects.prefetch_related("seats__user").get(pk=final["games"][1]["game_id"])
    assert {s.user.username for s in new_game.seats.all()} == {"p04", "p02"}
    state = services.load_state(t)
    assert state.voided[old_final["id"]]["void"]["automatic"] is True
    assert old_final["id"] not in state.pairings and not state.voided[old_final["id"]]["results"]  # abort not recorded
    bracket = projections.bracket(t)
    assert [v["id"] for v in bracket["voided"]] == [old_final["id"]]
    assert Pairing.objects.get(pk=old_final["id"]).voided
    answer = client_for().get(f"/api/pairings/{old_final['id']}/").json()
    assert answer["void"]["automatic"] is True and answer["key"] == "W2-1"
    # The read models rebuilt from the events equal the live ones.
    live = (bracket, projections.standings(t))
    TournamentProjection.objects.all().delete()
    PairingGame.objects.all().delete()
    Pairing.objects.all().delete()
    call_command("rebuild_tournaments")
    assert (projections.bracket(t), projections.standings(t)) == live
    assert [str(pk) for pk in Pairing.objects.filter(voided=True).values_list("pk", flat=True)] == [old_final["id"]]
    play(t, "W2-1", "p04", "p04")
    assert projections.bracket(t)["champion"] == "p04"


def test_a_started_final_refuses_the_overrule_unless_the_referee_voids_it_with_a_reason(semis_played):
    t = semis_played
    old_final = keyed(t)["W2-1"]
    make_a_move(old_final["games"][1]["game_id"])
    version = services.load_state(t).version
    with pytest.raises(services.CommandRejected) as exc:
        overrule(t, "W1-1", [0, 2])
    assert (status_of(exc.value.kind), exc.value.code) == (409, "next_pairing_started") and "W2-1" in exc.value.message
    with pytest.raises(services.CommandRejected) as exc:
        overrule(t, "W1-1", [0, 2], void=[old_final["id"]])
    assert exc.value.code == "void_reason_required"
    with pytest.raises(services.CommandRejected) as exc:
        overrule(t, "W1-2", [0, 2], void=[keyed(t)["W1-1"]["id"]], void_reason="wrong pairing")
    assert exc.value.code == "next_pairing_started"
    assert appended_types(t, version) == []
    overrule(t, "W1-1", [0, 2], void=[old_final["id"]], void_reason="replayed with the rightful finalist")
    state = services.load_state(t)
    void = state.voided[old_final["id"]]["void"]
    assert void["automatic"] is False and void["reason"] == "replayed with the rightful finalist"
    assert Game.objects.get(pk=old_final["games"][1]["game_id"]).status == "aborted"
    assert (keyed(t)["W2-1"]["a"], keyed(t)["W2-1"]["b"]) == ("p04", "p02")


def test_voiding_a_pairing_that_the_decision_does_not_change_is_refused(semis_played):
    t = semis_played
    with pytest.raises(services.CommandRejected) as exc:
        overrule(t, "W1-1", [0, 2], void=[keyed(t)["W1-2"]["id"]], void_reason="why not")
    assert (status_of(exc.value.kind), exc.value.code) == (422, "void_not_needed")


def test_voids_cascade_down_the_bracket(league, organiser, referee):
    t = started(league, organiser, referee, "single-elimination", 8)
    for key, winner in (("W1-1", "p01"), ("W1-2", "p04"), ("W1-3", "p02"), ("W1-4", "p03"), ("W2-1", "p01"),
                        ("W2-2", "p02")):
        play(t, key, winner, winner)
    semi, final = keyed(t)["W2-1"], keyed(t)["W3-1"]
    assert (semi["a"], semi["b"], final["a"], final["b"]) == ("p01", "p04", "p01", "p02")
    with pytest.raises(services.CommandRejected) as exc:
        overrule(t, "W1-1", [0, 2])
    assert exc.value.code == "next_pairing_started" and "W2-1" in exc.value.message
    overrule(t, "W1-1", [0, 2], void=[semi["id"]], void_reason="p08 goes through")
    state = services.load_state(t)
    assert state.voided[semi["id"]]["void"]["automatic"] is False
    assert state.voided[final["id"]]["void"]["automatic"] is True  # its first finalist is unknown again
    now = keyed(t)
    assert (now["W2-1"]["a"], now["W2-1"]["b"]) == ("p08", "p04") and "W3-1" not in now
    play(t, "W2-1", "p08", "p08")
    assert (keyed(t)["W3-1"]["a"], keyed(t)["W3-1"]["b"]) == ("p08", "p02")


@pytest.fixture
def double(league, organiser, referee):
    """Double elimination: W2-1 (p01 v p02) and L1-1 (p04 v p03) are created."""
    return first_round_to_favourites(league, organiser, referee, "double-elimination")


def test_double_elimination_moves_the_winner_up_and_the_loser_down(double):
    t = double
    before = keyed(t)
    assert (before["W2-1"]["a"], before["W2-1"]["b"], before["L1-1"]["a"], before["L1-1"]["b"]) == \
        ("p01", "p02", "p04", "p03")
    overrule(t, "W1-1", [0, 2])
    after = keyed(t)
    assert (after["W2-1"]["a"], after["W2-1"]["b"]) == ("p04", "p02")
    assert (after["L1-1"]["a"], after["L1-1"]["b"]) == ("p01", "p03")
    assert set(services.load_state(t).voided) == {before["W2-1"]["id"], before["L1-1"]["id"]}


def test_an_overrule_in_the_losers_bracket_moves_the_losers_bracket(double):
    t = double
    play(t, "L1-1", "p03", "p03")
    play(t, "W2-1", "p01", "p01")
    winners_final = keyed(t)["W2-1"]["id"]
    assert (keyed(t)["L2-1"]["a"], keyed(t)["L2-1"]["b"]) == ("p03", "p02")
    overrule(t, "L1-1", [2, 0])
    assert (keyed(t)["L2-1"]["a"], keyed(t)["L2-1"]["b"]) == ("p04", "p02")
    assert keyed(t)["W2-1"]["id"] == winners_final  # the winners' bracket is untouched
    play(t, "L2-1", "p04", "p04")
    assert (keyed(t)["GF"]["a"], keyed(t)["GF"]["b"]) == ("p01", "p04")


def test_a_finished_tournament_takes_an_overrule_of_its_final_but_no_replay(semis_played):
    t = semis_played
    play(t, "W2-1", "p01", "p01")
    assert services.load_state(t).status == "finished"
    final = keyed(t)["W2-1"]
    with pytest.raises(services.CommandRejected) as exc:
        overrule(t, "W1-1", [0, 2], void=[final["id"]], void_reason="too late")
    assert (status_of(exc.value.kind), exc.value.code) == (409, "tournament_finished")
    overrule(t, "W2-1", [0, 2])
    assert projections.bracket(t)["champion"] == "p02"


def test_the_api_refuses_the_overrule_of_a_started_final_appending_nothing_then_voids_it(semis_played, referee):
    t = semis_played
    semi, old_final = keyed(t)["W1-1"], keyed(t)["W2-1"]
    make_a_move(old_final["games"][1]["game_id"])
    body = {"pairing_id": semi["id"], "kind": "overrule", "score": [0, 2], "reason": "an illegal move",
            "replaces_score": services.load_state(t).named_result(semi)["score"]}
    before = services.load_state(t).version
    api = client_for(referee)
    refused = api.post(f"/api/tournaments/{t.pk}/decisions/", body, format="json")
    assert (refused.status_code, refused.json()["code"]) == (409, "next_pairing_started")
    no_reason = api.post(f"/api/tournaments/{t.pk}/decisions/", {**body, "void_pairings": [old_final["id"]]},
                         format="json")
    assert (no_reason.status_code, no_reason.json()["code"]) == (400, "void_reason_required")
    assert appended_types(t, before) == []
    done = api.post(f"/api/tournaments/{t.pk}/decisions/",
                    {**body, "void_pairings": [old_final["id"]], "void_reason": "replayed with p04"}, format="json")
    assert done.status_code == 201 and done.json()["voided"] == [old_final["id"]]
    assert appended_types(t, before)[:2] == ["RefereeDecision", "PairingVoided"]
    assert (keyed(t)["W2-1"]["a"], keyed(t)["W2-1"]["b"]) == ("p04", "p02")
