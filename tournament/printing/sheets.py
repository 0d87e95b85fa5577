"""What the printed sheets of a tournament round say (issue 14, "Printing").

Plain data from the folded state, shared by the print pages (HTML) and the PDFs so both print
the same: the pairing sheet (table, players, sides for the match and the rematch), one result
slip per table, the standings after a round with its tie-break columns, and the 303 game card
with the round track the Polish sheet recommends ("mark the round number on your game card").
No requests here: the slips' report address comes in as a function.
"""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy

from systems import registry
from systems.kit.presentation import side_name

from .. import presentation, table
from ..formats import elimination
from ..state import FINISHED, TournamentState
from ..tiebreaks import OPPONENT_SCORE_KEYS

# The standings sheet's columns after the rank and the name: (row attribute, header, short header
# for the narrow printed column, tie-break key). Head-to-head has no value of its own: it counts
# only among tied players, so the sentence giving the order says it.
STANDING_COLUMNS = (
    ("points", gettext_lazy("Points"), gettext_lazy("Points"), "points"),
    ("played", gettext_lazy("Played"), gettext_lazy("Played"), None),
    ("games_won", gettext_lazy("Games won"), gettext_lazy("Won"), "games_won"),
    ("games_lost", gettext_lazy("Games lost"), gettext_lazy("Lost"), None),
    ("buchholz", gettext_lazy("Buchholz"), gettext_lazy("Buchholz"), "buchholz"),
    ("sonneborn_berger", gettext_lazy("Sonneborn–Berger"), gettext_lazy("S–B"), "sonneborn_berger"),
    ("knowledge_test", gettext_lazy("Knowledge test"), gettext_lazy("Test"), "knowledge_test"),
    ("rating", gettext_lazy("Rating"), gettext_lazy("Rating"), "rating"),
)


def _header(state: TournamentState, title: str, number: int | None) -> dict:
    return {"tournament": state.info.get("name", ""), "title": title, "round": number,
            "system": state.info.get("system"),
            "system_label": presentation.system_label(state.info.get("system")),
            "format_label": presentation.label(presentation.FORMATS, state.format)}


def round_numbers(state: TournamentState) -> list[int]:
    """The rounds that have pairings, in order."""
    return sorted({p["round"] for p in state.ordered_pairings()})


def _legs(pairing: dict) -> list[dict] | None:
    """Both legs' sides (the rematch swaps them), first side first; None while undrawn."""
    first = pairing.get("first_sides")
    if first:
        sides = list(first)
        names = [first[s] for s in sides]
        by_leg = {1: dict(zip(sides, names)), 2: dict(zip(sides, reversed(names)))}
    elif pairing["games"]:
        by_leg = {leg: g["sides"] for leg, g in pairing["games"].items()}
    else:
        return None
    titles = {1: _("Match"), 2: _("Rematch")}
    return [{"leg": leg, "title": titles.get(leg, str(leg)),
             "sides": [{"side": side, "label": side_name(side), "name": name} for side, name in sides.items()]}
            for leg, sides in sorted(by_leg.items())]


def tables(state: TournamentState, number: int) -> tuple[list[dict], list[str]]:
    """The round's pairings by table number, and the names that have a bye.

    A pairing carries its table from ``PairingCreated``; one created before tables existed is
    numbered by its place in the round, the order in which tables are handed out."""
    rows, byes = [], []
    for pairing in state.ordered_pairings():
        if pairing["round"] != number:
            continue
        if pairing["bye"]:
            byes.append(pairing["a"] or pairing["b"])
            continue
        rows.append({"id": pairing["id"], "key": pairing["key"], "table": pairing.get("table") or len(rows) + 1,
                     "a": pairing["a"], "b": pairing["b"], "online": pairing["mode"] == table.ONLINE,
                     "legs": _legs(pairing)})
    return sorted(rows, key=lambda r: r["table"]), byes


def _side_note(system: str | None) -> str:
    found = registry.find(system)
    if found and found.printing.side_note:
        return str(found.printing.side_note)
    return _("Sides were drawn by lot; the rematch is played with the sides swapped.")


def pairing_sheet(state: TournamentState, number: int) -> dict:
    rows, byes = tables(state, number)
    return {**_header(state, _("Pairings"), number), "tables": rows, "byes": byes,
            "note": _side_note(state.info.get("system")), "undrawn": _("drawn at the table")}


def _endings(system: str | None) -> list[str]:
    """How a game can end, as the slip's tick boxes: the endings a report names (tournament/table.py;
    the descriptor's ``table_play.slip_words``); a system without named endings has none to tick."""
    found = registry.find(system)
    words = found.table_play.slip_words if found else {}
    return [str(words[code]) for code in table.endings_for(system or "") if code in words]


def result_slips(state: TournamentState, number: int, report_url) -> dict:
    """One slip per table played at the table; ``report_url(pairing_id)`` is the absolute
    address of the pairing's report page, which the slip's QR code opens."""
    rows, _byes = tables(state, number)
    system = state.info.get("system")
    slips = [{**row, "legs": row["legs"] or _undrawn_legs(), "players": [row["a"], row["b"]],
              "report_url": report_url(row["id"])} for row in rows if not row["online"]]
    return {**_header(state, _("Result slips"), number), "slips": slips, "endings": _endings(system),
            "vp": table.reports_vp(system or ""), "note": _side_note(system),
            "scan": _("Scan to report the result on your phone, or hand this slip to the organiser."),
            "sign": _("Both players sign when the results are written down.")}


def _cell(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def standings_sheet(state: TournamentState, number: int | None = None) -> dict:
    """The standings after round ``number`` (all rounds when None), with the columns of the
    tournament's tie-breaks marked and their order in words."""
    pairings = [p for p in state.ordered_pairings() if number is None or p["round"] <= number]
    entrants = [n for n in state.entrants if state.seeds is None or n in state.seeds or state.entrants[n]["late"]]
    ranked = state.standings_rows(pairings, entrants)
    keys = set(state.tie_breaks)
    knockout = state.tournament_format.knockout
    columns = [{"key": k, "header": str(header), "short": str(short), "tie_break": t in keys}
               for k, header, short, t in STANDING_COLUMNS if not (knockout and k in OPPONENT_SCORE_KEYS)]
    rows = [{"rank": i + 1, "entrant": row.entrant, "withdrawn": state.entrants[row.entrant]["withdrawn"],
             "cells": [_cell(round(row.rating) if c["key"] == "rating" else getattr(row, c["key"]))
                       for c in columns]} for i, row in enumerate(ranked)]
    order = ", ".join(presentation.label(presentation.TIE_BREAKS, t) for t in state.tie_breaks
                      if not (knockout and t in OPPONENT_SCORE_KEYS))
    final = state.status == FINISHED and (number is None or number == max(round_numbers(state), default=number))
    champion = _champion(state, ranked) if final else None
    if final:
        title = _("Final standings")
    elif number is None:
        title = _("Standings")
    elif state.round_complete(number):
        title = _("Standings after round %(n)s") % {"n": number}
    else:
        title = _("Standings during round %(n)s (results so far)") % {"n": number}
    return {**_header(state, title, number), "columns": columns, "rows": rows,
            "order": _("Ranked by %(order)s; head-to-head counts only the pairings among the players still "
                       "tied.") % {"order": order},
            "legend": _("Won, Lost: games; S–B: Sonneborn–Berger; Test: knowledge test."),
            "final": final, "champion": champion,
            "champion_line": _("Winner: %(name)s") % {"name": champion} if champion else ""}


def _champion(state: TournamentState, ranked) -> str | None:
    """The bracket's winner in a knockout, else the first of the final standings."""
    spec, resolved = state.resolved_bracket()
    if spec is not None:
        return elimination.champion(spec, resolved)
    return ranked[0].entrant if ranked else None


def has_game_cards(system: str | None) -> bool:
    found = registry.find(system)
    return bool(found and found.printing.game_cards)


def game_cards(state: TournamentState, number: int) -> dict:
    """Two game cards per table, the match and the rematch: who flies which side, the result, and
    what the system's own card shows (its descriptor's ``printing.game_cards``: 303's round track
    to tick off and its turn order)."""
    system = state.info.get("system")
    own = registry.load(registry.descriptor(system).printing.game_cards)()
    rows, _byes = tables(state, number)
    cards = [{"table": row["table"], "a": row["a"], "b": row["b"], "leg": leg, "players": _players(row, leg),
              "heading": own["card_title"] % {"round": number, "table": row["table"], "leg": leg["title"]}}
             for row in rows if not row["online"] for leg in (row["legs"] or _undrawn_legs())]
    return {**_header(state, own["title"], number), "cards": cards, "track": own["track"], "turns": own["turns"],
            "tick": own["tick"], "endings": _endings(system), "undrawn": _("drawn at the table")}


def _players(row: dict, leg: dict) -> list[str]:
    """The winner's tick boxes of a game card: each player with the side flown in this leg."""
    if not leg["sides"]:
        return [row["a"], row["b"]]
    return [f"{s['name']} ({s['label']})" for s in leg["sides"]]


def _undrawn_legs() -> list[dict]:
    return [{"leg": 1, "title": _("Match"), "sides": None}, {"leg": 2, "title": _("Rematch"), "sides": None}]
