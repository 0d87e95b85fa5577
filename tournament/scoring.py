"""Pairing results and scoring schemes (docs/rules/service.md, "Tournaments"; the 303 sheet, "PUNKTACJA").

A pairing is a match and a rematch between entrants ``a`` and ``b``. :func:`score_pairing`
turns what happened (game winners, VP, knowledge tests, red cards, withdrawals, referee
decisions) into ``2:0``, ``1:1`` or ``0:2`` and the points of the tournament's scheme:

* ``polish`` — 2:0 → 3, 1:1 → 2 for the better knowledge test and 1 for the worse, 0:2 → 0;
  equal tests wait for a referee decision.
* ``vp-aggregate`` — each game goes to the side with more VP; 1:1 is decided by the VP margin
  summed over both games, then the knowledge test, then the referee. Points as ``polish``
  [RULING: the spec names no points for this scheme].
* ``games`` — 1 point per game won; a 1:1 pairing still needs a winner for brackets, found
  as in ``polish`` (knowledge test, then referee).

A red card ends the pairing 0:2 against the carded entrant whatever the score; red cards to
both → both 0 points. A withdrawal forfeits the pairing like a red card [RULING].
No Django here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

POLISH, VP_AGGREGATE, GAMES = "polish", "vp-aggregate", "games"
SCHEMES = (POLISH, VP_AGGREGATE, GAMES)
LEGS = 2  # match and rematch with sides swapped

PLAYING = "playing"
DECIDED = "decided"
AWAITING_REFEREE = "awaiting_referee"
AWAITING_KNOWLEDGE_TEST = "awaiting_knowledge_test"

# The sheet's points: 2:0 → 3, 1:1 → 2 (better test) / 1 (worse test), 0:2 → 0.
POLISH_POINTS = {"clean_win": 3, "split_win": 2, "split_loss": 1, "loss": 0}


@dataclass(frozen=True)
class GameFact:
    """One finished game of the pairing, seen from the entrants ``a`` and ``b``."""

    winner: str | None  # "a", "b", or None (draw / aborted)
    vp: dict | None = None  # {"a": n, "b": m} when the game reports victory points
    aborted: bool = False


@dataclass(frozen=True)
class PairingFacts:
    games: tuple = ()
    tests: dict = field(default_factory=dict)  # {"a": score|None, "b": score|None}
    red: frozenset = frozenset()  # {"a"} / {"b"} / both
    withdrawn: frozenset = frozenset()
    decision: dict | None = None  # the latest referee decision: {"score": [x, y]} and/or {"winner": "a"|"b"}


@dataclass(frozen=True)
class PairingResult:
    status: str
    score: tuple = (0, 0)
    points: tuple = (0, 0)
    winner: str | None = None  # "a" / "b" / None

    @property
    def loser(self) -> str | None:
        return None if self.winner is None else ("b" if self.winner == "a" else "a")

    def as_dict(self) -> dict:
        return {"status": self.status, "score": list(self.score), "points": list(self.points),
                "winner": self.winner, "loser": self.loser}


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def game_winner(scheme: str, game: GameFact) -> str | None:
    if scheme == VP_AGGREGATE and game.vp and game.vp.get("a") != game.vp.get("b"):
        return "a" if game.vp["a"] > game.vp["b"] else "b"
    return game.winner


def points_for(scheme: str, score: tuple, winner: str | None) -> tuple:
    if scheme == GAMES:
        return score
    if score == (0, 0):
        return (0, 0)
    table = POLISH_POINTS
    if score[0] != score[1]:
        return (table["clean_win"], table["loss"]) if score[0] > score[1] else (table["loss"], table["clean_win"])
    if winner == "a":
        return (table["split_win"], table["split_loss"])
    return (table["split_loss"], table["split_win"])


def _forfeit(scheme: str, out: frozenset) -> PairingResult:
    if len(out) == 2:
        return PairingResult(DECIDED, (0, 0), (0, 0), None)
    loser = next(iter(out))
    winner = other(loser)
    score = (LEGS, 0) if winner == "a" else (0, LEGS)
    return PairingResult(DECIDED, score, points_for(scheme, score, winner), winner)


def _split_winner(scheme: str, facts: PairingFacts) -> tuple[str | None, str]:
    """Who wins a 1:1 pairing, or the status it waits in."""
    if scheme == VP_AGGREGATE and all(g.vp for g in facts.games):
        margin = sum(g.vp["a"] - g.vp["b"] for g in facts.games)
        if margin:
            return ("a" if margin > 0 else "b"), DECIDED
    ta, tb = facts.tests.get("a"), facts.tests.get("b")
    if ta is None or tb is None:
        return None, AWAITING_KNOWLEDGE_TEST
    if ta != tb:
        return ("a" if ta > tb else "b"), DECIDED
    return None, AWAITING_REFEREE


def score_pairing(scheme: str, facts: PairingFacts, needs_winner: bool = True) -> PairingResult:
    """The pairing's result; ``needs_winner=False`` (league formats) lets a ``games`` 1:1 stand."""
    out = facts.red | facts.withdrawn
    if out:
        return _forfeit(scheme, out)
    decision = facts.decision or {}
    if "score" in decision:
        score = tuple(decision["score"])
        if score[0] != score[1]:
            winner = "a" if score[0] > score[1] else "b"
            return PairingResult(DECIDED, score, points_for(scheme, score, winner), winner)
    else:
        if len(facts.games) < LEGS:
            wins = [game_winner(scheme, g) for g in facts.games]
            return PairingResult(PLAYING, (wins.count("a"), wins.count("b")))
        wins = [game_winner(scheme, g) for g in facts.games]
        if None in wins:
            return PairingResult(AWAITING_REFEREE, (wins.count("a"), wins.count("b")))
        score = (wins.count("a"), wins.count("b"))
        if score[0] != score[1]:
            winner = "a" if score[0] > score[1] else "b"
            return PairingResult(DECIDED, score, points_for(scheme, score, winner), winner)
    winner = decision.get("winner")
    status = DECIDED
    if winner is None and scheme == GAMES and not needs_winner:
        return PairingResult(DECIDED, score, points_for(scheme, score, None), None)
    if winner is None:
        winner, status = _split_winner(scheme, facts)
    if winner is None:
        return PairingResult(status, score)
    return PairingResult(DECIDED, score, points_for(scheme, score, winner), winner)
