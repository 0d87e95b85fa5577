"""Players ending a game (issue 15; docs/rules/service.md "Clocks and timeouts", "Ratings", "Visibility"):
resign, abort by agreement before the second side's first move, claim a win on time. Every
refusal has a clear code and appends nothing; the results feed ratings and tournaments as
the service says (resign = loss, aborted = unrated); the timeout sweep stays the authority."""
from datetime import timedelta

import pytest
from django.utils import timezone

from game import services, timeouts
from game.models import Game
from kernel.models import StoredEvent
from ratings.models import PlayerRating, RatedResult
from tests.conftest import client_for, make_user
from tests.doubles import RACE

pytestmark = pytest.mark.django_db


def race(users, **extra):
    return services.create_game(system_name=RACE, setup={"target": 50},
                                players={"a": users["alice"], "b": users["bob"]}, **extra)


def post(user, game, what, body=None):
    return client_for(user).post(f"/api/games/{game.pk}/{what}/", body or {}, format="json")


def types(game) -> list[str]:
    return list(StoredEvent.objects.filter(stream=game.stream).order_by("seq").values_list("type", flat=True))


def roll(user, game):
    game.refresh_from_db()
    services.submit_command(game_id=game.pk, user=user, command={"type": "roll"}, expected_version=game.version)


def refused(response, status, code, game, before):
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert types(game) == before, "a refusal appends nothing"


# -- resign -----------------------------------------------------------------------------------------

def test_resigning_loses_the_game_and_is_rated_as_a_loss(users):
    game = race(users)
    roll(users["alice"], game)
    response = post(users["bob"], game, "resign")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "finished"
    assert body["outcome"] == {"winner": "a", "loser": "b", "reason": "resigned"}
    assert types(game)[-3:] == ["GameResigned", "ResultRecorded", "Revealed"]
    result = RatedResult.objects.get(game=game)
    assert (result.kind, result.ending, result.first_side, result.score) == ("elo", "resigned", "a", 1.0)
    bob = PlayerRating.objects.get(system=RACE, player=users["bob"])
    assert (bob.games, bob.losses) == (1, 1) and bob.rating < 1500


def test_resigning_an_ended_game_is_a_409_and_appends_nothing(users):
    game = race(users)
    assert post(users["alice"], game, "resign").status_code == 201
    refused(post(users["bob"], game, "resign"), 409, "game_over", game, types(game))


def test_only_a_player_resigns_and_a_private_game_stays_hidden(users):
    referee = make_user("rita")
    game = race(users, is_public=False, referees=[referee])
    before = types(game)
    refused(post(users["carol"], game, "resign"), 404, "game_not_found", game, before)
    refused(post(referee, game, "resign"), 403, "not_a_player", game, before)
    response = client_for().post(f"/api/games/{game.pk}/resign/", {}, format="json")
    assert response.status_code == 401 and types(game) == before
    refused(post(users["alice"], game, "resign", {"side": "b"}), 403, "not_your_side", game, before)


def test_a_resignation_is_public_in_the_event_log_in_words(users):
    game = race(users)
    post(users["alice"], game, "resign")
    events = client_for(users["carol"]).get(f"/api/games/{game.pk}/events/").json()["events"]
    resigned = next(e for e in events if e["type"] == "GameResigned")
    assert resigned["visibility"] == "public" and resigned["category"] == "game"
    assert resigned["text"] == "A resigned."


# -- abort by agreement ------------------------------------------------------------------------------

def test_abort_needs_both_players_and_is_not_rated(users):
    game = race(users)
    roll(users["alice"], game)  # only the first side has moved: the window is still open
    first = post(users["alice"], game, "abort")
    assert first.status_code == 201 and first.json()["status"] == "running"
    assert types(game)[-1] == "AbortProposed"
    refused(post(users["alice"], game, "abort"), 409, "abort_already_proposed", game, types(game))
    second = post(users["bob"], game, "abort")
    assert second.status_code == 201
    assert second.json()["status"] == "aborted"
    assert second.json()["outcome"] == {"winner": None, "aborted": True, "reason": "aborted_by_agreement"}
    assert types(game)[-3:] == ["GameAborted", "ResultRecorded", "Revealed"]
    result = RatedResult.objects.get(game=game)
    assert (result.kind, result.ending) == ("not_rated", "aborted")
    assert not PlayerRating.objects.exists()


def test_no_abort_once_the_second_side_has_moved(users):
    game = race(users)
    roll(users["alice"], game)
    roll(users["bob"], game)
    refused(post(users["alice"], game, "abort"), 409, "too_late_to_abort", game, types(game))


def test_no_abort_once_the_second_side_has_moved_after_several_moves_of_the_first(users):
    """303: the Luftwaffe makes several commands before the RAF's first; after it, no abort."""
    from tests.browser.conftest import advance

    players = {"luftwaffe": users["alice"], "raf": users["bob"]}
    game = services.create_game(system_name="303", setup={}, players=players)
    game = advance(game, players, 20, stop=lambda g: g.to_move == ["raf"])
    assert game.moves_made > 1 and post(users["alice"], game, "abort").status_code == 201
    game = advance(game, players, 1)
    refused(post(users["bob"], game, "abort"), 409, "too_late_to_abort", game, types(game))


def test_a_proposal_lapses_when_the_second_side_moves_instead(users):
    game = race(users)
    assert post(users["alice"], game, "abort").status_code == 201
    roll(users["alice"], game)
    roll(users["bob"], game)
    refused(post(users["bob"], game, "abort"), 409, "too_late_to_abort", game, types(game))
    assert Game.objects.get(pk=game.pk).status == "running"


def test_a_solo_night_is_aborted_by_its_player_before_the_first_move_only(users):
    night = services.create_game(system_name="nightfighter-solo", setup={}, players={"player": users["alice"]})
    assert post(users["alice"], night, "abort").json()["status"] == "aborted"
    played = services.create_game(system_name="nightfighter-solo", setup={}, players={"player": users["alice"]})
    services.submit_command(game_id=played.pk, user=users["alice"], command={"type": "start_night"},
                            expected_version=1)
    refused(post(users["alice"], played, "abort"), 409, "too_late_to_abort", played, types(played))


# -- claim on time --------------------------------------------------------------------------------

def overdue(game):
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))


def test_claiming_needs_a_clock_that_has_run_out(users):
    untimed = race(users)
    roll(users["alice"], untimed)
    refused(post(users["alice"], untimed, "claim-timeout"), 422, "untimed_game", untimed, types(untimed))
    timed = race(users, time_control={"kind": "per-move", "seconds": 3600})
    roll(users["alice"], timed)
    refused(post(users["alice"], timed, "claim-timeout"), 422, "time_left", timed, types(timed))
    overdue(timed)
    refused(post(users["bob"], timed, "claim-timeout"), 422, "own_clock", timed, types(timed))


def test_a_claim_appends_the_sweeps_adjudication_exactly_once(users):
    game = race(users, time_control={"kind": "per-move", "seconds": 60})
    roll(users["alice"], game)
    overdue(game)
    response = post(users["alice"], game, "claim-timeout")
    assert response.status_code == 201, response.content
    assert response.json()["outcome"] == {"winner": "a", "loser": "b", "reason": "timeout", "forfeit": True}
    assert types(game).count("TimeoutAdjudicated") == 1
    assert timeouts.adjudicate(game.pk) is False  # the sweep finds nothing left to do
    refused(post(users["alice"], game, "claim-timeout"), 409, "game_over", game, types(game))
    assert RatedResult.objects.get(game=game).ending == "timeout"


def test_a_claim_after_the_sweep_changes_nothing(users):
    game = race(users, time_control={"kind": "per-move", "seconds": 60})
    roll(users["alice"], game)
    overdue(game)
    assert timeouts.adjudicate(game.pk)
    refused(post(users["alice"], game, "claim-timeout"), 409, "game_over", game, types(game))
    assert types(game).count("TimeoutAdjudicated") == 1


def test_a_claim_in_a_game_nobody_moved_in_aborts_it_like_the_sweep(users):
    game = race(users, time_control={"kind": "per-move", "seconds": 60})
    overdue(game)
    response = post(users["bob"], game, "claim-timeout")
    assert response.json()["status"] == "aborted"
    assert RatedResult.objects.get(game=game).kind == "not_rated"
