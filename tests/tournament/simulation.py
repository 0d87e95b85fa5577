"""A pure, in-memory driver of the tournament planner: events in a list, no database.

It mirrors tournament/services.py (same planner, same event payloads) but records game
results directly, so 64-entrant tournaments run in milliseconds.
"""
from __future__ import annotations

from tournament import events as ev, planner
from tournament.state import TournamentState

SIDES = ("a", "b")


class Sim:
    def __init__(self, fmt: str, entrants: list[str], scoring: str = "polish", ratings=None, **options):
        self.events: list[dict] = []
        self.state = TournamentState([])
        self.add(ev.TOURNAMENT_CREATED, {"name": "sim", "system": "dice-race", "format": fmt,
                                         "scoring": scoring, "options": options,
                                         "tie_breaks": options.pop("tie_breaks", None)})
        ratings = ratings or {n: 2000 - i for i, n in enumerate(entrants)}
        for name in entrants:
            self.add(ev.ENTRANT_REGISTERED, {"entrant": name, "rating": ratings[name]})
        self.add(ev.SEEDED, {"order": sorted(entrants, key=lambda n: -ratings[n])})
        self.counter = 0

    def add(self, kind: str, payload: dict) -> None:
        event = {"seq": len(self.events) + 1, "type": kind, "payload": payload}
        self.events.append(event)
        self.state.apply(event)

    def _create(self, pairing: planner.NewPairing) -> None:
        self.counter += 1
        self.add(ev.PAIRING_CREATED, {"pairing_id": f"p{self.counter}", "key": pairing.key, "round": pairing.round,
                                      "stage": pairing.stage, "group": pairing.group, "a": pairing.a,
                                      "b": pairing.b, "bye": pairing.bye,
                                      "first_sides": None if pairing.bye else {"a": pairing.a, "b": pairing.b}})

    def settle(self, touched=None) -> None:
        """Create whatever the planner asks for (bracket pairings, games)."""
        while True:
            before = set(self.state.pairings)
            new = planner.bracket_pairings(self.state)
            for pairing in new:
                self._create(pairing)
            scope = None if touched is None else list(touched) + [p for p in self.state.pairings if p not in before]
            games = planner.games_to_create(self.state, scope)
            for pid, leg in games:
                pairing = self.state.pairings[pid]
                sides = {"a": pairing["a"], "b": pairing["b"]} if leg == 1 else {"a": pairing["b"], "b": pairing["a"]}
                self.add(ev.PAIRING_GAME_CREATED, {"pairing_id": pid, "leg": leg, "game_id": f"{pid}-g{leg}",
                                                   "sides": sides})
            if not new and not games:
                return
            touched = scope

    def start_round(self) -> list[planner.NewPairing]:
        started, pairings = planner.start_round(self.state)
        self.add(ev.ROUND_STARTED, started)
        for pairing in pairings:
            self._create(pairing)
        self.settle()
        return pairings

    def record(self, pid: str, leg: int, winner: str | None, vp=None) -> None:
        self.add(ev.GAME_RESULT_RECORDED, {"pairing_id": pid, "leg": leg, "game_id": f"{pid}-g{leg}",
                                           "winner": winner, "ended_by": "ResultRecorded", "vp": vp})
        self.settle([pid])

    def play_open(self, pick) -> int:
        """Play every open game; ``pick(pairing, leg) -> winner name``. Returns games played."""
        played = 0
        while True:
            state = self.state
            open_games = [(pid, leg) for pid, p in state.pairings.items() for leg in p["games"]
                          if leg not in p["results"]]
            if not open_games:
                return played
            for pid, leg in open_games:
                self.record(pid, leg, pick(state.pairings[pid], leg))
                played += 1
