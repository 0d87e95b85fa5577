"""Folding is keyed by (system, ruleset version): a game is folded, and re-decided when its
history is verified, by the engine of the rules it was created under, so an erratum never
rewrites a game already played (systems/registry.py ``get_system``; game/folding.py ``engine_of``)."""
import pytest

from game import replay, services
from game.folding import game_aggregate
from game.models import Game
from kernel.store import read_events
from systems import registry
from tests.conftest import make_user

BUILT_IN = ["systems.battle303.descriptor.DESCRIPTOR", "systems.duel.descriptor.DESCRIPTOR",
            "systems.nightfighter.descriptor.DESCRIPTOR"]


def rules(settings, descriptor: str) -> None:
    settings.NIGHTDUEL_SYSTEMS = [*BUILT_IN, f"tests.systems.tally.{descriptor}"]


def play(game: Game, keeper, times: int) -> Game:
    for _ in range(times):
        game.refresh_from_db()
        services.submit_command(game_id=game.pk, user=keeper, command={"type": "add"}, expected_version=game.version)
    game.refresh_from_db()
    return game


def folded_total(game: Game) -> int:
    game.refresh_from_db()
    game.head_version = None  # fold from the events, not the cached head
    return game_aggregate(game)["engine"]["total"]


def verified(game: Game):
    return replay.verify(game.stream, [replay.EventRecord.from_row(r) for r in read_events(game.stream)])


@pytest.mark.django_db
def test_a_game_keeps_the_rules_it_was_created_under(settings):
    keeper = make_user("keeper")
    rules(settings, "FIRST")
    old = play(services.create_game(system_name="tally", setup={}, players={"keeper": keeper}, created_by=keeper, rated=False), keeper, 3)
    assert (old.ruleset_version, folded_total(old)) == ("tally/1", 3)

    rules(settings, "ERRATUM")
    assert folded_total(old) == 3  # folded by version 1, as played
    old = play(old, keeper, 1)  # and played to its end under version 1: one more
    assert (folded_total(old), old.status) == (4, Game.Status.FINISHED)
    assert verified(old).problems == []  # every command re-decided by version 1 gives what is stored

    new = play(services.create_game(system_name="tally", setup={}, players={"keeper": keeper}, created_by=keeper,
                                    rated=False), keeper, 2)
    assert (new.ruleset_version, folded_total(new), new.status) == ("tally/2", 4, Game.Status.FINISHED)


@pytest.mark.django_db
def test_a_game_whose_rules_are_no_longer_kept_is_not_folded_by_others(settings):
    keeper = make_user("keeper")
    rules(settings, "FIRST")
    old = play(services.create_game(system_name="tally", setup={}, players={"keeper": keeper}, created_by=keeper, rated=False), keeper, 2)
    rules(settings, "DROPPED")
    with pytest.raises(registry.UnknownRuleset):
        folded_total(old)
    assert verified(old).problems  # said, not re-decided by the wrong rules
