"""The rematch of a tournament pairing flies the match's weather (docs/rules/duel-in-the-dark.md §1.6:
the same weather, the sides swapped)."""
from __future__ import annotations


def rematch_setup(first_setup: dict, first_events) -> dict:
    """What the rematch adds to the tournament's setup: the first game's weather card, once drawn
    (fixed in its setup, or its ``WeatherDrawn`` event); nothing before it is drawn.
    ``first_events``: the first game's events (``.type``, ``.payload``)."""
    card = first_setup.get("weather_card")
    if card is None:
        drawn = next((e for e in first_events if e.type == "WeatherDrawn"), None)
        card = drawn.payload.get("card_id") if drawn else None
    return {} if card is None else {"weather_card": card}
