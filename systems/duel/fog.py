"""Where could the Bomber be, as the German saw it (docs/rules/duel-in-the-dark.md §3.4 R1–R10, §4.4, §4.5, §10.5).

Pure Python (no Django). The German sees the Bomber's hex, heading and every revealed card
(§4.5) but not the route ahead, its length, the target or the landing airfield. So the
question a replay answers for the German is: given what was public at this step, which hexes
could the Bomber occupy at which card of the rest of its route? ``possible`` answers it
exactly by forward set propagation over (hex, heading, card number, leg, cities overflown
on the outbound leg), keeping a state only if some legal completion of the route (R2–R10)
still runs through it: the outbound leg must still reach a target city it has not entered
yet (R5), then green cards reach a British airfield (R7), within ``max_route_cards`` (R8).

What is seen is read from the German's ``view`` only, never the plan, so the answer cannot
leak a secret. Two relaxations make the set a superset (``exact`` False): a compass-card
inventory (R11) is not counted, and re-routing after a weather change (§7.3) may choose an
already overflown city as the new target. The solo mission's British does not plan a route
(§8): no answer there (None).
"""
from __future__ import annotations

import json
from collections import deque
from functools import lru_cache

from systems.kit.hexgrid import DIRECTIONS, steps_between
from .rules.board import Board, board_of
from .rules.visibility import view as german_view

OUT, BACK = "out", "back"
NO_HEADING = None  # before the first card, and over the target (R4, R6)


def _headings_after(heading: str | None) -> tuple[str, ...]:
    """R3/R4/R6: the card after ``heading`` turns at most one notch; any card when free."""
    if heading is None:
        return DIRECTIONS
    return tuple(d for d in DIRECTIONS if steps_between(heading, d) <= 1)


class RouteMap:
    """Least-cards tables of one board (cached per board)."""

    def __init__(self, board: Board):
        self.board = board
        self.states = [(h, d) for h in board.hex_ids for d in (NO_HEADING,) + DIRECTIONS]
        self.succ = {s: [(d, board.step(s[0], d)) for d in _headings_after(s[1])
                         if board.step(s[0], d) is not None]
                     for s in self.states}
        self.pred: dict[tuple, list[tuple]] = {}
        for s, moves in self.succ.items():
            for d, nxt in moves:
                self.pred.setdefault((nxt, d), []).append(s)
        self.back = self._least(set(board.british_airfields), through_goal=True)
        self.to_city = {x: self._least({x}, through_goal=False) for x in board.cities}

    def _least(self, goals: set[int], through_goal: bool) -> dict[tuple, int]:
        """Fewest cards (≥ 1) from each (hex, heading) whose last card enters a hex of
        ``goals``; ``through_goal`` False: no earlier card may enter a goal (R5)."""
        best: dict[tuple, int] = {}
        queue = deque()
        for d in DIRECTIONS:
            for g in goals:
                for s in self.pred.get((g, d), []):
                    if s not in best:
                        best[s] = 1
                        queue.append(s)
        while queue:
            s = queue.popleft()
            if s[0] in goals and not through_goal:
                continue  # a path may not pass through the target before entering it
            for p in self.pred.get(s, []):
                if p not in best:
                    best[p] = best[s] + 1
                    queue.append(p)
        return best


@lru_cache(maxsize=16)
def _route_map(board: Board) -> RouteMap:
    return RouteMap(board)


def _entered_hexes(start: int, cards: list[dict], board: Board) -> list[int]:
    hexes, cur = [], start
    for c in cards:
        cur = board.step(cur, c["dir"])
        hexes.append(cur)
    return hexes


def resolving(event_type: str, payload: dict, before: bool) -> bool:
    """Whether the Bomber's card is still being resolved after this event (§4.4, §4.6): from
    the card's reveal to the end of the Bomber's turn the German does not yet know whether the
    city it entered is bombed (``TargetBombed`` comes after the combats)."""
    if event_type == "CompassCardRevealed":
        return True
    if event_type == "TurnEnded" and payload.get("actor") == "bomber":
        return False
    return before


def possible(view: dict, board: Board, in_resolution: bool = False) -> dict | None:
    """From the German's view of a Duel night: ``now`` (hexes the Bomber may be in now, or
    take off from), ``moves`` ({hex: [card numbers at which it may be there]}, the card
    number of ``now`` included), ``exact``; None in the solo mission. ``in_resolution``: the
    last card is being resolved (:func:`resolving`), so the city it entered may still be bombed."""
    options = view["options"]
    if options.get("mode") == "solo":
        return None
    limit = options.get("max_route_cards", 14)
    b = view["bomber"]
    known = view.get("known_plan") or {}
    exact = not (options.get("compass_inventory") or board.compass_inventory
                 or options.get("reroute_after_weather_change"))
    if b["landed"]:
        return {"now": [b["hex"]], "moves": {b["hex"]: [b["moves_done"]]}, "exact": exact}
    rmap = _route_map(board)
    targets = set(view.get("crests") or board.cities)
    forced: dict[int, dict] = {}
    if b["hex"] is None:
        starts = [known["takeoff_bomber"]] if "takeoff_bomber" in known else list(board.british_airfields)
        frontier = {(h, NO_HEADING, OUT, frozenset()) for h in starts}
        k = 0
    else:
        k = b["moves_done"]
        shown = sorted(b["revealed_cards"], key=lambda c: c["move_no"])
        cards = [c for c in shown if c["move_no"] <= k]
        forced = {c["move_no"]: c for c in shown if c["move_no"] > k}  # revealed, not yet flown
        entered = _entered_hexes(known["takeoff_bomber"], cards, board) if "takeoff_bomber" in known else []
        overflown = frozenset()
        if not options.get("reroute_after_weather_change"):
            overflown = frozenset(h for h in entered if h in board.cities)
        if b["target_bombed"]:
            free = bool(cards) and cards[-1]["colour"] == "red"  # the card that bombed: R6 frees the next
            frontier = {(b["hex"], NO_HEADING if free else b["heading"], BACK, frozenset())}
        else:
            frontier = {(b["hex"], b["heading"] if cards else NO_HEADING, OUT, overflown)}
            before = frozenset(h for h in entered[:-1] if h in overflown)
            if in_resolution and b["hex"] in board.cities and b["hex"] in targets and b["hex"] not in before:
                frontier.add((b["hex"], NO_HEADING, BACK, frozenset()))
    frontier = {s for s in frontier if _completes(s, k, limit, rmap, targets)}
    moves: dict[int, set[int]] = {}
    now = sorted({s[0] for s in frontier})
    for h in now:
        moves.setdefault(h, set()).add(k)
    while frontier and k < limit:
        following = set()
        for hex_id, heading, leg, overflown in frontier:
            card = forced.get(k + 1)
            if card and (card["colour"] == "green") != (leg == BACK):
                continue  # red cards fly out, green ones back (R5, R7)
            for d, nxt in rmap.succ[(hex_id, heading)]:
                if card and d != card["dir"]:
                    continue
                for state in _after_card(nxt, d, leg, overflown, targets, board):
                    if state[2] == "landed" or _completes(state, k + 1, limit, rmap, targets):
                        moves.setdefault(nxt, set()).add(k + 1)
                        if state[2] != "landed":
                            following.add(state)
        frontier, k = following, k + 1
    return {"now": now, "moves": {h: sorted(ks) for h, ks in sorted(moves.items())}, "exact": exact}


def _after_card(nxt: int, d: str, leg: str, overflown: frozenset, targets: set, board: Board):
    """The states a card entering ``nxt`` may lead to: on the way out a city may be the target
    (R5, heading freed by R6) or overflown; on the way back an airfield may be the landing (R7)."""
    if leg == BACK:
        yield (nxt, d, BACK, overflown)
        if nxt in board.british_airfields:
            yield (nxt, d, "landed", overflown)
        return
    if nxt in board.cities and nxt not in overflown:
        if nxt in targets:
            yield (nxt, NO_HEADING, BACK, frozenset())
        yield (nxt, d, OUT, overflown | {nxt})
    else:
        yield (nxt, d, OUT, overflown)


def _completes(state: tuple, k: int, limit: int, rmap: RouteMap, targets: set) -> bool:
    """Whether some legal rest of the route runs from ``state`` after ``k`` cards (R5–R8)."""
    hex_id, heading, leg, overflown = state
    left = limit - k
    if leg == BACK:
        return rmap.back.get((hex_id, heading), 10**6) <= left
    return any(rmap.to_city[x].get((hex_id, heading), 10**6) + rmap.back.get((x, NO_HEADING), 10**6) <= left
               for x in targets if x not in overflown and x in rmap.to_city)


def replay_maps(steps) -> dict:
    """The maps of a whole game for its replay: ``steps`` yields (seq, event type, payload,
    engine state after it); each map is read from the German's view of that state. Returns ``{"by_step": {seq: index or
    None}, "maps": [...]}``, equal maps stored once (the Bomber's public facts change once a
    card, so a night has a few dozen distinct maps among hundreds of steps)."""
    by_step: dict[str, int | None] = {}
    maps: list[dict] = []
    index: dict[str, int] = {}
    in_resolution = False
    for seq, event_type, payload, state in steps:
        view = german_view(state, "german", [])
        in_resolution = resolving(event_type, payload, in_resolution)
        key = json.dumps([view["night"], view["bomber"], view["known_plan"], view.get("crests"), in_resolution],
                         sort_keys=True)
        if key not in index:
            found = possible(view, board_of(state), in_resolution)
            index[key] = len(maps) if found else None
            if found:
                truth = [view["bomber"]["hex"]] if view["bomber"]["hex"] is not None else []  # public (§4.5)
                maps.append({"now": found["now"], "exact": found["exact"], "truth": truth,
                             "moves": {str(h): ks for h, ks in found["moves"].items()}})
        by_step[str(seq)] = index[key]
    return {"by_step": by_step, "maps": maps}
