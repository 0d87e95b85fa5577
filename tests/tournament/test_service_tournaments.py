"""Tournaments driven through tournament.services with real (dice-race) games: each pairing
creates a match and a rematch with sides swapped via game.services.create_game, every game's
end feeds the stream through the outbox, and brackets advance by themselves (issue 5)."""
from dataclasses import replace

import pytest

from systems.kit.framework_events import GAME_ENDED
from game.models import Game, GameSeat
from game.services import submit_command
from systems import registry
from tests.conftest import make_user
from tests.doubles import RACE
from tests.tournament.conftest import enter, new_tournament, open_games, play_all, players, win_game
from tests.tournament.simulation import Sim
from tournament import planner, projections, services
from tournament.models import PairingGame, Tournament

FORMATS = ["single-elimination", "double-elimination", "round-robin", "swiss", "groups-playoffs"]


def favourite(pairing, leg):
    return min(pairing["a"], pairing["b"])


def run_service(tournament) -> None:
    while True:
        try:
            services.start_round(tournament.pk, "olga")
        except services.CommandRejected as exc:
            assert exc.code in {"bracket_advances_automatically", "no_more_rounds", "tournament_closed"}
            return
        play_all(tournament, favourite)


def run_sim(fmt, n):
    sim = Sim(fmt, [f"p{i:02d}" for i in range(1, n + 1)])
    while True:
        try:
            sim.start_round()
        except planner.CannotStartRound:
            break
        sim.play_open(favourite)
    return sim.state


@pytest.mark.parametrize("fmt, n", [(f, n) for f in FORMATS for n in (2, 5, 8)] + [
    ("single-elimination", 13), ("double-elimination", 13), ("swiss", 13)])
def test_service_tournament_matches_the_hand_checked_simulation(league, organiser, referee, fmt, n):
    t = new_tournament(league, organiser, referee, fmt=fmt, game_setup={"target": 3})
    enter(t, players(n))
    run_service(t)
    t = Tournament.objects.get(pk=t.pk)
    live_bracket, live_standings = projections.bracket(t), projections.standings(t)
    expected = run_sim(fmt, n)
    assert t.status == "finished"
    assert live_bracket["champion"] == projections.bracket_of(expected)["champion"] == "p01"
    keys = lambda b: sorted((p["key"], p["a"], p["b"], p["winner"], tuple(p["score"]))
                            for r in b["rounds"] for p in r["pairings"])
    assert keys(live_bracket) == keys(projections.bracket_of(expected))
    assert [(r["entrant"], r["points"]) for r in live_standings["rows"]] == \
        [(r["entrant"], r["points"]) for r in projections.standings_of(expected)["rows"]]


@pytest.mark.slow
def test_64_entrant_single_elimination_through_the_service(league, organiser, referee):
    t = new_tournament(league, organiser, referee)
    enter(t, players(64))
    run_service(t)
    bracket = projections.bracket(Tournament.objects.get(pk=t.pk))
    assert bracket["champion"] == "p01"
    assert PairingGame.objects.filter(pairing__tournament=t).count() == 126  # 63 pairings × 2 games


def test_pairing_is_a_match_and_a_rematch_with_sides_swapped_by_a_recorded_lot(league, organiser, referee):
    t = services.create_tournament(league=league, name="cup", system="dice-race", format="single-elimination",
                                   created_by=organiser, referees=[referee],
                                   time_control={"kind": "per-move", "seconds": 3600})
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    [(pairing, leg, game_id)] = open_games(t)
    assert leg == 1 and pairing["lot"] in (0, 1)
    first = {s.side: s.user.username for s in GameSeat.objects.filter(game_id=game_id).select_related("user")}
    assert first == pairing["first_sides"]
    assert first["a"] == ("p01" if pairing["lot"] == 0 else "p02")
    game = Game.objects.get(pk=game_id)
    assert list(game.referees.values_list("username", flat=True)) == ["rita"]
    assert game.time_control == {"kind": "per-move", "seconds": 3600}
    # Play the match for real: both roll until one reaches the default target 10.
    while Game.objects.get(pk=game_id).status == "running":
        g = Game.objects.get(pk=game_id)
        mover = first[g.to_move[0]]
        submit_command(game_id=game_id, user=GameSeat.objects.get(game_id=game_id, side=g.to_move[0]).user,
                       command={"type": "roll"}, expected_version=g.version)
    [(_, leg2, game2_id)] = open_games(t)
    second = {s.side: s.user.username for s in GameSeat.objects.filter(game_id=game2_id).select_related("user")}
    assert leg2 == 2 and second == {"a": first["b"], "b": first["a"]}
    recorded = services.load_state(t).pairings[pairing["id"]]["results"][1]
    assert recorded["ended_by"] == GAME_ENDED and recorded["winner"] in ("p01", "p02")
    assert mover in ("p01", "p02")


def test_duel_rematch_reuses_the_first_games_weather_card(league, organiser, referee, monkeypatch):
    """For Duel in the Dark the rematch gets setup {"weather_card": <game 1's card>} (here via the
    stand-in system given the Duel's ``rematch_setup``, whose first game was set up with a card)."""
    race = replace(registry.descriptor(RACE), rematch_setup=registry.descriptor("duel-in-the-dark").rematch_setup)
    find = registry.find
    monkeypatch.setattr(registry, "find", lambda name: race if name == RACE else find(name))
    t = new_tournament(league, organiser, referee, game_setup={"weather_card": 7, "target": 3})
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    [(pairing, _, game_id)] = open_games(t)
    win_game(game_id, pairing["a"])
    [(_, leg, game2_id)] = open_games(t)
    assert leg == 2 and Game.objects.get(pk=game2_id).setup["weather_card"] == 7


def test_record_game_result_is_idempotent(league, organiser, referee):
    from tournament.tasks import record_game_result

    t = new_tournament(league, organiser, referee)
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    [(pairing, _, game_id)] = open_games(t)
    win_game(game_id, pairing["a"])
    version = services.load_state(t).version
    game = Game.objects.get(pk=game_id)
    assert record_game_result(str(game_id), game.version) is False
    assert record_game_result.delay(str(game_id), game.version).get() is False
    assert services.load_state(t).version == version


def test_withdrawal_forfeits_the_running_pairing_and_the_bracket_advances(league, organiser, referee):
    t = new_tournament(league, organiser, referee)
    enter(t, players(4))
    services.start_round(t.pk, "olga")
    services.withdraw(t.pk, "p04", "olga", reason="ill")
    state = services.load_state(t)
    w11 = state.pairing_for_key("W1-1")
    assert state.named_result(w11)["winner"] == "p01" and state.named_result(w11)["score"] == [2, 0]
    game = Game.objects.get(pk=w11["games"][1]["game_id"])
    assert game.status == "finished" and game.outcome["forfeit"]


def test_check_in_required_leaves_out_who_did_not_check_in(league, organiser):
    t = new_tournament(league, organiser, requires_check_in=True, check_in_deadline="2999-01-01T00:00:00Z")
    for user in players(3):
        services.register(t.pk, user.username, "olga")
    services.check_in(t.pk, "p01", "p01")
    services.check_in(t.pk, "p02", "p02")
    state = services.seed(t.pk, "olga")
    assert sorted(state.seeds) == ["p01", "p02"]
    with pytest.raises(services.CommandRejected) as exc:
        services.check_in(t.pk, "p03", "p03")
    assert exc.value.code == "check_in_closed"


def test_check_in_deadline(league, organiser):
    t = new_tournament(league, organiser, check_in_deadline="2000-01-01T00:00:00Z")
    services.register(t.pk, players(1)[0].username, "olga")
    with pytest.raises(services.CommandRejected) as exc:
        services.check_in(t.pk, "p01", "p01")
    assert exc.value.code == "check_in_closed"


def test_late_entry_only_for_swiss_with_late_entry(league, organiser):
    swiss = new_tournament(league, organiser, fmt="swiss", late_entry=True)
    enter(swiss, players(4))
    services.start_round(swiss.pk, "olga")
    late = make_user("latecomer")
    state = services.register(swiss.pk, late.username, "olga")
    assert state.entrants["latecomer"]["late"]
    play_all(swiss, favourite)
    state = services.start_round(swiss.pk, "olga")
    assert any("latecomer" in (p["a"], p["b"]) for p in state.pairings.values())
    closed = new_tournament(league, organiser, fmt="round-robin")
    for name in ("p01", "p02"):
        services.register(closed.pk, name, "olga")
    services.seed(closed.pk, "olga")
    with pytest.raises(services.CommandRejected) as exc:
        services.register(closed.pk, "latecomer", "olga")
    assert exc.value.code == "registration_closed"


def test_lots_are_rederived_from_the_revealed_tournament_seed(league, organiser, referee):
    """The first sides' lot comes from the tournament's fair seed (committed at creation, revealed
    at the end): anybody can re-derive it from (seed, stream, seq of PairingCreated)."""
    import hashlib

    from systems.kit.dice import SeededDice
    from kernel.store import read_events

    t = new_tournament(league, organiser, referee)
    enter(t, players(4))
    run_service(t)
    stream = list(read_events(t.stream))
    committed = stream[0].payload["seed_commitment"]
    seed = next(e.payload["seed"] for e in stream if e.type == "TournamentFinished")
    assert hashlib.sha256(seed.encode()).hexdigest() == committed
    created = [e for e in stream if e.type == "PairingCreated"]
    assert len(created) == 3
    for event in created:
        assert SeededDice(seed, t.stream, event.seq).randbelow(2) == event.payload["lot"]


def test_standings_mark_the_rating_of_an_entrant_with_few_rated_games_provisional(league, organiser, client):
    """Issue 19: the rating column says which ratings rest on fewer than PROVISIONAL_GAMES games,
    as they stood when the entrant registered."""
    from ratings.elo import PROVISIONAL_GAMES
    from ratings.models import PlayerRating

    veteran, newcomer = players(2)
    PlayerRating.objects.create(system="dice-race", player=veteran, rating=1700, peak=1700,
                                games=PROVISIONAL_GAMES, wins=PROVISIONAL_GAMES, draws=0, losses=0)
    tournament = new_tournament(league, organiser, fmt="swiss")
    for user in (veteran, newcomer):
        services.register(tournament.pk, user.username, "olga")
    rows = {r["entrant"]: r for r in projections.standings(tournament)["rows"]}
    assert (rows["p01"]["rating_provisional"], rows["p02"]["rating_provisional"]) == (False, True)
    html = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    entrants = html.split('class="entrants"')[1]
    assert entrants.count('class="provisional"') == 1 and "provisional, fewer than" in entrants
