"""Bomber entry (docs/rules/nightfighter-solo.md §1.7, §3.3: S8.0, H3, A26, 6C, 6H, 8F, contrails S21.0)."""
from __future__ import annotations

from .aircraft import speed_on_turn
from .randomness import roll
from .uncertainty import level, live_tokens, occupied_hexes

ODD_TURN_COLUMNS = (4, 10, 16)
EVEN_TURN_COLUMNS = (3, 9, 15)


def entry_columns(turn: int) -> tuple[int, ...]:
    return ODD_TURN_COLUMNS if turn % 2 == 1 else EVEN_TURN_COLUMNS


def _third_of(die: int, count: int) -> int:
    """A die mapped onto ``count`` equal shares, ascending (1–2/3–4/5–6 or 1–3/4–6)."""
    return (die - 1) * count // 6


def _due(state: dict, turn: int) -> list[str]:
    return [b for b, bomber in state["bombers"].items() if bomber["status"] == "scheduled" and bomber["entry_turn"] == turn]


def _enter_token(journal, token_id: str, column: int) -> None:
    state = journal.state
    token = state["tokens"][token_id]
    bomber_id = token["bomber"]
    speed = speed_on_turn(state["bombers"][bomber_id]["speed"], state["turn"])
    occupied = occupied_hexes(state)
    for row in range(min(speed, state["map"]["rows"]), 0, -1):  # H3: fall back behind a taken hex
        hid = column * 100 + row
        if hid not in occupied:
            journal.emit("token_entered", {"token": token_id, "bomber": bomber_id, "hex": hid,
                                           "level": level(state, bomber_id), "n": len(live_tokens(state, bomber_id))})
            return
    journal.emit("entry_delayed", {"token": token_id, "to_turn": state["turn"] + 1})


def _create(journal, bomber_id: str, columns: list[int], turn: int, first_index: int = 1) -> list[str]:
    ids = []
    for k, column in enumerate(columns):
        token_id = f"{bomber_id}.{first_index + k}"
        journal.emit("token_pending", {"token": token_id, "bomber": bomber_id, "entry_turn": turn, "column": column})
        ids.append(token_id)
    return ids


def run_entries(journal) -> None:
    state = journal.state
    turn = state["turn"]
    options = state["options"]
    for token_id, token in sorted(state["tokens"].items()):
        if token["state"] == "pending" and token["entry_turn"] == turn:
            _enter_token(journal, token_id, token["column"])
    due = _due(state, turn)
    if not due:
        return
    wave = state["waves"] + 1
    journal.emit("entry_wave", {"turn": turn, "wave": wave})
    if options["opt_8F"]:
        for bomber_id in due:  # 8F, A20: the column is the sum of two dice
            dice = [roll(journal.rng, "v1_column"), roll(journal.rng, "v1_column")]
            column = dice[0]["value"] + dice[1]["value"]
            journal.emit("entry_column_rolled", {"turn": turn, "bomber": bomber_id, "rolls": dice, "column": column})
            _create(journal, bomber_id, [column], turn)
            _enter_token(journal, f"{bomber_id}.1", column)
        return
    columns = list(entry_columns(turn))
    if len(due) == 2:
        die = roll(journal.rng, "entry_empty_column")
        empty = columns[_third_of(die["value"], 3)]
        journal.emit("entry_column_rolled", {"turn": turn, "rolls": [die], "empty_column": empty})
        columns.remove(empty)
    if options["opt_6H"] and (wave % 3 == 1 if options["opt_6C"] else wave % 2 == 1):
        if len(due) == 1:
            journal.emit("h2s_assigned", {"bomber": due[0], "wave": wave, "rolls": []})
        else:
            die = roll(journal.rng, "h2s_column")
            journal.emit("h2s_assigned", {"bomber": due[_third_of(die["value"], len(due))], "wave": wave,
                                          "rolls": [die]})
    if options["contrails"]:
        for bomber_id in due:  # S21.0: never MEDIUM, only LOW or NONE
            journal.emit("fix_placed", {"bomber": bomber_id, "fix": "track", "by": "contrails", "position": "under"})
    if len(due) == 1:
        bomber_id = due[0]
        tokens = _create(journal, bomber_id, columns, turn)
        if not _due(state, turn + 1) and not state["bombers"][bomber_id]["certain"]:
            _create(journal, bomber_id, list(entry_columns(turn + 1)), turn + 1, first_index=4)
        entering = list(zip(tokens, columns))
    else:
        entering = [(_create(journal, b, [c], turn)[0], c) for b, c in zip(due, columns)]
    for token_id, column in entering:
        _enter_token(journal, token_id, column)
