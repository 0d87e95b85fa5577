"""Tournaments of the real game systems: a Duel in the Dark rematch reuses the first game's
weather card (docs/rules/service.md, "Tournaments": "two nights, same weather, swap sides"); a 303
pairing seats Luftwaffe and RAF and swaps them; default scoring schemes per system."""
from game.folding import load_aggregate
from game.models import Game, GameSeat
from systems.registry import get_system
from game.services import submit_command
from kernel.store import read_events
from tests.tournament.conftest import enter, open_games, players, win_game
from tournament import services


def tournament_of(league, organiser, referee, system):
    t = services.create_tournament(league=league, name=system, system=system, format="single-elimination",
                                   created_by=organiser, referees=[referee])
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    return t


def seats(game_id):
    return {s.side: s.user.username for s in GameSeat.objects.filter(game_id=game_id).select_related("user")}


def test_duel_rematch_reuses_the_drawn_weather_card_with_sides_swapped(league, organiser, referee):
    system = get_system("duel-in-the-dark")
    t = tournament_of(league, organiser, referee, "duel-in-the-dark")
    assert services.load_state(t).scheme == "vp-aggregate"
    [(pairing, _, game_id)] = open_games(t)
    while not any(e.type == "WeatherDrawn" for e in read_events(Game.objects.get(pk=game_id).stream)):
        game = Game.objects.get(pk=game_id)
        side = game.to_move[0]
        actions = system.legal_actions(load_aggregate(game.system, game.stream, game.version)["engine"], side)
        command = next(a for a in actions if not a.get("template"))
        submit_command(game_id=game_id, user=GameSeat.objects.get(game=game, side=side).user, command=command,
                       expected_version=game.version)
    card = next(e.payload["card_id"] for e in read_events(Game.objects.get(pk=game_id).stream)
                if e.type == "WeatherDrawn")
    first = seats(game_id)
    win_game(game_id, pairing["a"])
    [(_, leg, rematch)] = open_games(t)
    assert leg == 2 and Game.objects.get(pk=rematch).setup == {"weather_card": card}
    assert seats(rematch) == {"british": first["german"], "german": first["british"]}


def test_303_pairing_seats_luftwaffe_and_raf_and_swaps_them(league, organiser, referee):
    t = tournament_of(league, organiser, referee, "303")
    assert services.load_state(t).scheme == "polish"
    [(pairing, _, game_id)] = open_games(t)
    first = seats(game_id)
    assert set(first) == {"luftwaffe", "raf"}
    win_game(game_id, first["raf"])
    [(_, _, rematch)] = open_games(t)
    assert seats(rematch) == {"luftwaffe": first["raf"], "raf": first["luftwaffe"]}
