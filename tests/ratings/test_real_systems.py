"""Elo for the real two-player systems (docs/rules/service.md "Ratings": 303, Duel in the Dark).

Games are ended from outside the rules (forfeit, timeout, abort), so these tests do not depend
on playing a whole game; they check that the real engines' sides are rated per system.
"""
import pytest

from game import services
from systems.kit.framework_events import GAME_ABORTED, GAME_FORFEITED, TIMEOUT_ADJUDICATED
from ratings.models import PlayerRating, RatedResult

pytestmark = pytest.mark.django_db

SYSTEMS = {"303": ("luftwaffe", "raf"), "duel-in-the-dark": ("british", "german")}


@pytest.mark.parametrize("system", SYSTEMS)
def test_forfeit_and_timeout_in_a_real_system_are_rated_per_system(users, system):
    first, second = SYSTEMS[system]
    alice, bob = users["alice"], users["bob"]
    game = services.create_game(system_name=system, setup={}, players={first: alice, second: bob}, created_by=alice)
    services.end_game(game.pk, GAME_FORFEITED, {"winner": second, "loser": first, "forfeit": True,
                                                "reason": "red_card"}, actor="referee")
    rematch = services.create_game(system_name=system, setup={}, players={first: bob, second: alice},
                                   created_by=alice)
    services.end_game(rematch.pk, TIMEOUT_ADJUDICATED, {"winner": second, "loser": first, "forfeit": True,
                                                        "reason": "timeout"}, actor="system")
    aborted = services.create_game(system_name=system, setup={}, players={first: alice, second: bob},
                                   created_by=alice)
    services.end_game(aborted.pk, GAME_ABORTED, {"winner": None, "aborted": True}, actor="system")

    alice_rating = PlayerRating.objects.get(system=system, player=alice)
    assert (alice_rating.games, alice_rating.wins, alice_rating.losses) == (2, 1, 1)
    assert alice_rating.rating == pytest.approx(1480.0 + 40 * (1 - 1 / (1 + 10 ** (40 / 400))))
    assert not PlayerRating.objects.exclude(system=system).exists()
    sides = set(RatedResult.objects.filter(kind=RatedResult.Kind.ELO).values_list("first_side", "second_side"))
    assert sides == {(first, second)}
