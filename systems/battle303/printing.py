"""What 303's printed game cards show besides the players (tournament/printing/): the round
track to tick off and each side's turn (docs/rules/303.md "Round structure")."""
from __future__ import annotations

from django.utils.translation import gettext as _

from systems.kit.presentation import side_name

from .rules.rules import LAST_ROUND, LUFTWAFFE, RAF, REINFORCEMENT_ROUNDS


def round_track() -> list[dict]:
    """Eight rounds, the Luftwaffe's turn then the RAF's, reinforcements at the start of rounds
    4 and 6, the RAF wins after the last."""
    notes = {1: _("Round marker on 1"), LAST_ROUND: _("Last round: RAF wins if the bomber survives")}
    for n in REINFORCEMENT_ROUNDS:
        notes[n] = _("RAF reinforcement on Northolt")
    return [{"round": n, "note": notes.get(n, "")} for n in range(1, LAST_ROUND + 1)]


def game_card() -> dict:
    """The card's own parts: the sheet's and each card's title, the round track, the turn order,
    how to tick."""
    return {
        "title": _("303 game cards"), "track": round_track(),
        # One card's heading in the PDF (tournament/printing/pdf.py fills in the numbers).
        "card_title": _("303 game card · Round %(round)s · Table %(table)s · %(leg)s"),
        "turns": [
            {"side": side_name(LUFTWAFFE), "steps": _("A repair on own airfields · B fighters move 0–3 hexes · "
                                                      "C fighters and bomber attack · D bomber moves 0–2 hexes")},
            {"side": side_name(RAF), "steps": _("A repair on own airfields · B fighters move 0–3 hexes · "
                                                "C fighters attack · D move the round marker")}],
        "tick": _("Tick each round as it ends, whatever the marker on the board shows.")}
