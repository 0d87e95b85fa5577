"""A tournament game ended by its players (issue 15; docs/rules/service.md "Tournaments", "Ratings"): a
resignation is recorded as a win for the opponent, an abort by agreement as an aborted game
(no winner: the pairing waits for a replay or a referee), both through the same result path."""
from game import endings
from game.models import Game
from tests.tournament.conftest import enter, new_tournament, open_games, players
from tournament import services


def first_game(league, organiser, referee):
    """A started two-entrant cup: its tournament, the first game's pairing, leg, id and players."""
    t = new_tournament(league, organiser, referee)
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    pairing, leg, game_id = open_games(t)[0]
    game = Game.objects.prefetch_related("seats__user").get(pk=game_id)
    return t, pairing, leg, game_id, {s.user.username: s.user for s in game.seats.all()}


def test_resigning_a_pairing_game_gives_the_opponent_the_game(league, organiser, referee):
    t, pairing, leg, game_id, users = first_game(league, organiser, referee)
    endings.resign(game_id, users["p02"])
    result = services.load_state(t).pairings[pairing["id"]]["results"][leg]
    assert (result["winner"], result["loser"], result["ended_by"], result["aborted"]) == (
        "p01", "p02", "GameResigned", False)


def test_aborting_a_pairing_game_by_agreement_records_no_winner(league, organiser, referee):
    t, pairing, leg, game_id, users = first_game(league, organiser, referee)
    endings.propose_abort(game_id, users["p01"])
    assert leg not in services.load_state(t).pairings[pairing["id"]]["results"]
    endings.propose_abort(game_id, users["p02"])
    result = services.load_state(t).pairings[pairing["id"]]["results"][leg]
    assert result["aborted"] and result["winner"] is None and result["ended_by"] == "GameAborted"
