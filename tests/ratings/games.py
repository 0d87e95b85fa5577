"""Finishing games for ratings tests, through the real game services (dice-race double).

``dice-race`` with target 1: side ``a`` wins by rolling first; side ``b`` wins when ``a``
passes (``hide``) and ``b`` rolls. Forfeits, timeouts and aborts go through ``end_game``.
"""
import copy

from game import services
from systems.kit.framework_events import GAME_ABORTED, GAME_FORFEITED, TIMEOUT_ADJUDICATED
from systems.kit.contract import Event, RuleViolation
from systems.registry import register_system
from tests.doubles import RACE

SOLO = "solo-dice"
OTHER = {"a": "b", "b": "a"}


def start(a, b, rated=True, is_public=True):
    return services.create_game(system_name=RACE, setup={"target": 1}, players={"a": a, "b": b},
                                created_by=a, rated=rated, is_public=is_public)


def win(game, winner: str):
    """Let side ``winner`` win ``game`` by the rules."""
    seats = {s.side: s.user for s in game.seats.all()}
    if winner == "b":
        services.submit_command(game_id=game.pk, user=seats["a"], command={"type": "hide", "secret": "x"},
                                expected_version=1)
        game.refresh_from_db()
        services.submit_command(game_id=game.pk, user=seats["b"], command={"type": "roll"},
                                expected_version=game.version)
    else:
        services.submit_command(game_id=game.pk, user=seats["a"], command={"type": "roll"}, expected_version=1)
    game.refresh_from_db()
    return game


def play(a, b, winner="a", rated=True):
    return win(start(a, b, rated=rated), winner)


def forfeit(game, loser: str):
    return services.end_game(game.pk, GAME_FORFEITED,
                             {"winner": OTHER[loser], "loser": loser, "reason": "red_card", "forfeit": True},
                             actor="referee", reason="red card")


def time_out(game, loser: str):
    return services.end_game(game.pk, TIMEOUT_ADJUDICATED,
                             {"winner": OTHER[loser], "loser": loser, "reason": "timeout", "forfeit": True},
                             actor="system")


def abort(game):
    return services.end_game(game.pk, GAME_ABORTED, {"winner": None, "aborted": True}, actor="system")


class SoloDice:
    """One side, one command: ``finish`` with a score ends the game with that score."""

    name = SOLO
    ruleset_version = "solo-dice/1"
    sides = ("player",)

    def initial_state(self, setup, rng):
        return {"score": None}

    def decide(self, state, command, side, rng):
        if command.get("type") != "finish" or not isinstance(command.get("score"), int):
            return RuleViolation("malformed_command", "finish needs an integer score")
        return [Event("Finished", {"score": command["score"]})]

    def evolve(self, state, event):
        state = copy.deepcopy(state)
        state["score"] = event.payload["score"]
        return state

    def view(self, state, side):
        return dict(state)

    def outcome(self, state):
        return None if state["score"] is None else {"winner": "player", "score": state["score"]}

    def to_move(self, state):
        return [] if self.outcome(state) else ["player"]

    def legal_actions(self, state, side):
        return [{"type": "finish", "score": 0}]


register_system(SOLO, SoloDice())


def play_solo(player, score: int):
    game = services.create_game(system_name=SOLO, setup={}, players={"player": player}, created_by=player)
    services.submit_command(game_id=game.pk, user=player, command={"type": "finish", "score": score},
                            expected_version=1)
    game.refresh_from_db()
    return game


TABLE = "table-race"


class TableRace:
    """Two to five seats ``p1``…``pN`` (setup ``players``); ``p1`` ends the game with everybody's
    finishing place, which the engine reports through the optional ``placings`` hook."""

    name = TABLE
    ruleset_version = "table-race/1"
    sides = ("p1", "p2", "p3", "p4", "p5")

    @staticmethod
    def sides_for(setup):
        return tuple(f"p{i}" for i in range(1, setup.get("players", 3) + 1))

    def initial_state(self, setup, rng):
        return {"places": None}

    def decide(self, state, command, side, rng):
        if command.get("type") != "finish" or not isinstance(command.get("places"), dict):
            return RuleViolation("malformed_command", "finish needs everybody's place")
        return [Event("Finished", {"places": command["places"]})]

    def evolve(self, state, event):
        return {"places": dict(event.payload["places"])}

    def view(self, state, side):
        return dict(state)

    def outcome(self, state):
        places = state["places"]
        if places is None:
            return None
        first = [side for side, place in places.items() if place == 1]
        return {"winner": first[0] if len(first) == 1 else None, "places": places}

    @staticmethod
    def placings(outcome):
        return outcome.get("places")

    def to_move(self, state):
        return [] if state["places"] else ["p1"]

    def legal_actions(self, state, side):
        return [{"type": "finish", "places": {}}]


register_system(TABLE, TableRace())


def play_table(players: list, places: list[int]):
    """A finished table-race game: ``players[i]`` in seat ``p{i+1}`` finishing ``places[i]``."""
    seats = {f"p{i}": user for i, user in enumerate(players, start=1)}
    game = services.create_game(system_name=TABLE, setup={"players": len(players)}, players=seats,
                                created_by=players[0])
    services.submit_command(game_id=game.pk, user=players[0], expected_version=1, command={
        "type": "finish", "places": {f"p{i}": place for i, place in enumerate(places, start=1)}})
    game.refresh_from_db()
    return game
