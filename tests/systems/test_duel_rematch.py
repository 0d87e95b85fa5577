"""The rematch of a Duel in the Dark pairing flies the match's weather (docs/rules/duel-in-the-dark.md §1.6),
whichever way the match got it; the descriptor names this as its ``rematch_setup``."""
from types import SimpleNamespace

import pytest

from systems import registry
from systems.duel.rematch import rematch_setup


def event(kind, **payload):
    return SimpleNamespace(type=kind, payload=payload)


@pytest.mark.parametrize("first_setup, events, expected", [
    ({"weather_card": 7}, [event("WeatherDrawn", card_id=3)], {"weather_card": 7}),  # fixed in the setup wins
    ({}, [event("NightStarted"), event("WeatherDrawn", card_id=3)], {"weather_card": 3}),  # drawn in play
    ({"weather_card": 0}, [], {"weather_card": 0}),  # card 0 is a card
    ({}, [event("NightStarted")], {}),  # not drawn yet: nothing to carry over
])
def test_the_rematch_reuses_the_matchs_weather_card(first_setup, events, expected):
    assert rematch_setup(first_setup, events) == expected


def test_only_the_duel_names_a_rematch_setup():
    assert {d.name: d.rematch_setup for d in registry.descriptors()} == {
        "303": None, "duel-in-the-dark": "systems.duel.rematch:rematch_setup", "nightfighter-solo": None}
