"""The game's stored head is a cache of the fold (docs/rules/service.md "Event sourcing": state is the
engine's fold of the events): after every command of a whole game of each real system, the
head read back from the database equals the events folded from scratch, and a head written by
another ruleset version is ignored."""
import pytest

from game import autoplay, services
from game.folding import fold, game_aggregate
from game.models import Game
from systems.registry import get_system
from kernel.store import read_events
from tests.conftest import make_user

# The shipped engines; test doubles registered at run time (a dice race may end within ten
# versions) are not what this checks.
REAL_SYSTEMS = ("303", "duel-in-the-dark", "nightfighter-solo")


def folded_from_scratch(game: Game) -> dict:
    return fold(get_system(game.system), read_events(game.stream))


@pytest.mark.django_db
@pytest.mark.parametrize("system_name", REAL_SYSTEMS)
def test_the_head_equals_the_fold_after_every_command(system_name):
    system = get_system(system_name)
    sides = services.sides_for(system, {})
    players = {side: make_user(f"p{i}") for i, side in enumerate(sides)}
    game = services.create_game(system_name=system_name, setup={}, players=players)
    for version in range(2, 400):
        game.refresh_from_db()
        assert game.head_ruleset == system.ruleset_version
        assert game.head_state == folded_from_scratch(game), f"{system_name} at version {game.version}"
        if game.status != Game.Status.RUNNING:
            break
        autoplay.play(game, players, seed=version, until_version=version)
        if Game.objects.get(pk=game.pk).version < version:
            break  # nothing left to play (a solo engine waiting for no one)
    assert game.version > 10, "the game was played, not just created"


@pytest.mark.django_db
@pytest.mark.parametrize("stale", [{"head_ruleset": "303/0"}, {"head_version": 0}])
def test_a_head_of_another_ruleset_or_version_is_ignored(users, stale):
    game = services.create_game(system_name="303", setup={}, players={"luftwaffe": users["alice"],
                                                                       "raf": users["bob"]})
    Game.objects.filter(pk=game.pk).update(head_state={"engine": "stale"}, **stale)
    game.refresh_from_db()
    assert game_aggregate(game) == folded_from_scratch(game)
