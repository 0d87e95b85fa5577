"""Fixtures for tournament tests: a league with its organiser, a referee, players, helpers."""
import pytest

from systems.kit.framework_events import GAME_FORFEITED
from game.models import Game
from game.services import end_game
from leagues.models import League
from tests.conftest import make_user
from tournament import services
from tournament.models import Tournament


@pytest.fixture(autouse=True)
def only_tournament_consumer(settings):
    """Game ends feed only the tournament here (ratings have their own tests), which keeps
    whole-tournament runs fast."""
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": ["tournament.tasks.record_game_result"]}


@pytest.fixture
def league(db):
    return League.objects.create(name="Polish 303 League", slug="pl303")


@pytest.fixture
def organiser(league):
    user = make_user("olga")
    league.organisers.add(user)
    return user


@pytest.fixture
def referee(db):
    return make_user("rita")


def players(n: int) -> list:
    return [make_user(f"p{i:02d}") for i in range(1, n + 1)]


def new_tournament(league, organiser, referee=None, fmt="single-elimination", scoring_scheme="polish", **options):
    return services.create_tournament(
        league=league, name=f"{fmt} cup", system="dice-race", format=fmt, created_by=organiser,
        scoring_scheme=scoring_scheme, options=options, referees=[referee] if referee else [],
        tie_breaks=options.pop("tie_breaks", None) if "tie_breaks" in options else None,
    )


def enter(tournament, entrants, ratings=None) -> None:
    """Register and seed: rating 2000 - i unless given, so entrant i is seed i."""
    for i, user in enumerate(entrants):
        rating = ratings[user.username] if ratings else 2000 - i
        services.register(tournament.pk, user.username, "olga", rating=rating)
    services.seed(tournament.pk, "olga")


def started(league, organiser, referee, fmt: str, n: int, entrants=None):
    """A tournament of ``n`` players (or ``entrants``) seeded in order, its first round started."""
    t = new_tournament(league, organiser, referee, fmt=fmt)
    enter(t, entrants or players(n))
    services.start_round(t.pk, "olga")
    return t


def win_game(game_id, winner_name: str) -> None:
    """End a running game with ``winner_name`` winning (the scripted result path: the game's
    end goes through the outbox to ``record_game_result`` exactly like a played game)."""
    game = Game.objects.prefetch_related("seats__user").get(pk=game_id)
    seats = {s.user.username: s.side for s in game.seats.all()}
    winner = seats[winner_name]
    loser = next(side for side in seats.values() if side != winner)
    end_game(game_id, GAME_FORFEITED, {"winner": winner, "loser": loser, "reason": "scripted"}, actor="test")


def open_games(tournament) -> list[tuple[dict, int, str]]:
    """``(pairing, leg, game_id)`` of every game of the tournament still running."""
    state = services.load_state(Tournament.objects.get(pk=tournament.pk))
    running = set(str(g) for g in Game.objects.filter(status="running").values_list("pk", flat=True))
    return [(p, leg, g["game_id"]) for p in state.pairings.values() for leg, g in p["games"].items()
            if g["game_id"] in running]


def play(t, key: str, *winners: str) -> None:
    """Play the next games of the pairing ``key``, one per name in ``winners``."""
    for winner in winners:
        [(_, _, game_id)] = [g for g in open_games(t) if g[0]["key"] == key]
        win_game(game_id, winner)


def play_all(tournament, pick) -> int:
    """Play every open game until none is left; ``pick(pairing, leg) -> winner name``."""
    played = 0
    while True:
        games = open_games(tournament)
        if not games:
            return played
        for pairing, leg, game_id in games:
            win_game(game_id, pick(pairing, leg))
            played += 1
