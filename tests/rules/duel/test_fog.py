"""Where could the Bomber be (systems/duel/fog.py): the exact set equals a brute-force
enumeration of every legal route (the engine's own ``validate_route``, §3.4 R1–R9) that
agrees with what the German saw, on small hand-made boards; and on random finished nights the
Bomber's true hex is always inside."""
import itertools
import random

import pytest

from systems.duel.fog import possible, resolving
from systems.duel.rules import SYSTEM
from systems.duel.rules.board import Board
from systems.kit.contract import RuleViolationError
from systems.duel.rules.planning import validate_route
from systems.kit.contract import Event
from systems.kit.hexgrid import DIRECTIONS

from .test_properties import random_game

LIMIT = 6


def small_board() -> Board:
    """Three rows of four hexes; British airfields 1 and 9, cities 4, 7 and 11."""
    hexes, n = [], 0
    for row, first in ((1, 1), (2, 0), (3, 1)):
        for i in range(4):
            n += 1
            h = {"id": n, "row": row, "col2": first + 2 * i}
            if n in (1, 9):
                h.update(airfield="british", territory="british")
            if n in (4, 7, 11):
                h["city"] = {"name": f"C{n}"}
            hexes.append(h)
    return Board({"name": "small", "hexes": hexes})


BOARD = small_board()
OPTIONS = {"max_route_cards": LIMIT, "compass_inventory": None}


def brute_force(starts, flown, bombed, targets, pending=()) -> dict[int, set[int]]:
    """Every (hex, card number) on a legal route from one of ``starts`` whose first cards are
    ``flown`` then ``pending`` (revealed, not yet flown), from the current card on."""
    k, cards = len(flown), list(flown) + list(pending)
    found: dict[int, set[int]] = {}
    for start in starts:
        for n in range(max(len(cards), 2), LIMIT + 1):
            for tail in itertools.product(DIRECTIONS, repeat=n - len(cards)):
                dirs = [c["dir"] for c in cards] + list(tail)
                hexes, cur = [], start
                for d in dirs:
                    cur = BOARD.step(cur, d)
                    if cur is None:
                        break
                    hexes.append(cur)
                if len(hexes) < n:
                    continue
                for t in range(n - 1):
                    colours = ["red"] * (t + 1) + ["green"] * (n - t - 1)
                    if colours[:len(cards)] != [c["colour"] for c in cards] or hexes[t] not in targets:
                        continue
                    if bombed != (t < k):
                        continue
                    route = [{"dir": d, "colour": c} for d, c in zip(dirs, colours)]
                    try:
                        validate_route(route, start, hexes[t], hexes[-1], BOARD, OPTIONS)
                    except RuleViolationError:
                        continue
                    if hexes[-1] not in BOARD.british_airfields:
                        continue
                    found.setdefault(([start] + hexes)[k], set()).add(k)
                    for i in range(k, n):
                        found.setdefault(hexes[i], set()).add(i + 1)
    return found


def german_view(start, cards, bombed=False, crests=None, pending=None):
    hex_id, heading = start, None
    for c in cards:
        hex_id, heading = BOARD.step(hex_id, c["dir"]), c["dir"]
    return {"options": OPTIONS, "crests": crests,
            "known_plan": {} if start is None else {"takeoff_bomber": start},
            "bomber": {"hex": hex_id, "heading": heading, "moves_done": len(cards), "taken_off": bool(cards),
                       "landed": False, "target_bombed": bombed,
                       "revealed_cards": [{"move_no": i + 1, **c} for i, c in enumerate(cards + (pending or []))]}}


def red(d):
    return {"dir": d, "colour": "red"}


def green(d):
    return {"dir": d, "colour": "green"}


CASES = [
    ("before deployment", None, [], False, None),
    ("on the take-off airfield", 1, [], False, None),
    ("second airfield", 9, [], False, None),
    ("one red card", 1, [red("E")], False, None),
    ("overflew a city", 1, [red("SE"), red("E")], False, None),  # 1 → 6 → 7: city 7 overflown, not bombed
    ("just bombed: heading free", 1, [red("E"), red("E"), red("E")], True, None),  # 4 is the target
    ("one green card after", 1, [red("E"), red("E"), red("E"), green("SW")], True, None),
    ("crests narrow the target", 9, [], False, [11]),
    ("next card shown, not flown", 1, [red("E")], False, None, [red("E")]),
    ("green card shown after the bombing", 1, [red("E"), red("E"), red("E")], True, None, [green("W")]),
]


@pytest.mark.parametrize("name,start,cards,bombed,crests,pending", [c + ((),) * (6 - len(c)) for c in CASES],
                         ids=[c[0] for c in CASES])
def test_exact_set_equals_brute_force(name, start, cards, bombed, crests, pending):
    targets = set(crests or BOARD.cities)
    starts = [start] if start is not None else BOARD.british_airfields
    expected = brute_force(starts, cards, bombed, targets, pending)
    got = possible(german_view(start, cards, bombed, crests, list(pending)), BOARD)
    assert {h: set(ks) for h, ks in got["moves"].items()} == expected
    assert set(got["now"]) == {h for h, ks in expected.items() if len(cards) in ks}
    assert got["exact"]


def test_solo_mission_has_no_answer():
    view = german_view(1, [])
    view["options"] = {**OPTIONS, "mode": "solo"}
    assert possible(view, BOARD) is None


def true_positions(seed: int):
    """A random finished two-player night: each step's German view and the true Bomber hex."""
    initial, final, events = random_game(seed, {})
    state, in_resolution = initial, False
    for event in events:
        state = SYSTEM.evolve(state, Event(event.type, event.payload, event.visibility))
        in_resolution = resolving(event.type, event.payload, in_resolution)
        yield SYSTEM.view(state, "german"), state, in_resolution


@pytest.mark.parametrize("seed", range(100))
def test_true_bomber_hex_always_inside(seed):
    from systems.duel.rules.board import board_of

    rng = random.Random(seed)
    checked = 0
    for view, state, in_resolution in true_positions(seed):
        if state["bomber"]["hex"] is None and state["plan"] is None:
            continue
        if rng.random() > 0.2:
            continue  # a fifth of the steps keeps a hundred nights quick
        got = possible(view, board_of(state), in_resolution)
        truth = state["bomber"]["hex"] if state["bomber"]["hex"] is not None else state["plan"]["takeoff_bomber"]
        assert truth in got["now"]
        plan = state["plan"]
        if not state["bomber"]["landed"]:
            hexes, cur = [], plan["takeoff_bomber"]
            for c in plan["route"]:
                cur = board_of(state).step(cur, c["dir"])
                hexes.append(cur)
            for i in range(state["bomber"]["moves_done"], len(hexes)):
                assert i + 1 in got["moves"][hexes[i]], (seed, i)
        checked += 1
    assert checked
