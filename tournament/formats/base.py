"""The Format protocol: everything a tournament format decides (docs/rules/service.md, "Tournaments": formats).

Outside tournament/formats/ nobody asks ``if format == …``: the fold (tournament/state.py), the
planner, the projections, the previews, the pages and the print sheets ask the format object
``format_for(name)`` returns (tournament/formats/__init__.py). Formats are pure Python like the
fold they serve: they read a folded ``TournamentState`` (duck-typed here, so no import cycle)
and return plain values; no Django, no words (labels live in tournament/presentation.py).

Adding a format takes:

1. a module in tournament/formats/ with a class implementing :class:`Format` (its ``name`` is
   the value stored in ``TournamentCreated.format``), added to ``REGISTRY`` in ``__init__.py``;
2. its own options' defaults in ``state.DEFAULT_OPTIONS``, their names in ``Format.options``
   and their form fields in tournament/forms/options.py (the pages then show them for it only);
3. its label and one-line description in tournament/presentation.py (``FORMATS``,
   ``FORMAT_DESCRIPTIONS``), and their translations;
4. table-driven tests of its rounds and its end, as tests/tournament/test_formats.py has.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .elimination import Bracket

# Stages of a round and of the pairings created in it.
GROUP_STAGE, PLAYOFF_STAGE, LEAGUE_STAGE, BRACKET_STAGE = "group", "playoff", "main", "bracket"

# How a format's main-stage rounds are shown on its page (besides the standings).
CROSS_TABLE, ROUND_LIST = "cross-table", "round-list"


class CannotStartRound(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class NewPairing:
    key: str
    round: int
    stage: str
    a: str
    b: str | None
    group: str | None = None

    @property
    def bye(self) -> bool:
        return self.b is None


class Format(Protocol):
    name: str
    options: tuple[str, ...]  # the keys of ``state.DEFAULT_OPTIONS`` only this format reads
    knockout: bool            # one bracket from round 1: the organiser starts it once, it advances itself
    draws_bracket: bool       # its page draws a bracket (a knockout, or a playoff after groups)
    losers_bracket: bool      # a second bracket for the once-beaten (its winners' bracket is not "the" bracket)
    has_groups: bool          # standings per group besides the overall ones
    rounds_shown_as: str | None  # CROSS_TABLE, ROUND_LIST or None (the bracket shows them)

    def start_round(self, state, number: int) -> tuple[dict, list[NewPairing]]:
        """``(RoundStarted payload, pairings)`` of round ``number``; raises :class:`CannotStartRound`.
        A bracket stage starts with no pairings: the bracket creates them as its slots fill."""

    def needs_winner(self, pairing: dict) -> bool:
        """Whether a drawn pairing must still name a winner (tournament/scoring.py)."""

    def bye_score(self, options: dict) -> tuple[int, int] | None:
        """What a bye counts as (games for:against), or None: a bye scores nothing."""

    def bracket_spec(self, entrants: int, options: dict) -> Bracket | None:
        """The bracket of ``entrants`` seeds (tournament/formats/elimination.py), or None."""

    def bracket_seeds(self, state) -> list[str] | None:
        """The bracket's seeds in order once its stage has started, else None."""

    def match_stage(self, stage: str) -> str:
        """The stage a bracket match of ``stage`` is created and shown in."""

    def planned_rounds(self, state) -> int | None:
        """How many rounds it has once seeded; None where a bracket decides."""

    def is_complete(self, state) -> bool:
        """Whether, every pairing being decided, nothing is left to play."""

    def accepts_late_entry(self, options: dict) -> bool:
        """Whether entrants may still register once seeded (joining the next round)."""


def bracket_complete(state) -> bool:
    """A bracket is over when every match is decided, void or a walkover (a skipped reset too)."""
    spec, resolved = state.resolved_bracket()
    if spec is None:
        return False
    return all(entry["void"] or entry["walkover"] or entry["result"] is not None for entry in resolved.values())


class RoundsWithoutBracket:
    """What the formats played in rounds with no bracket share (round robin, Swiss): every
    pairing may end drawn, the rounds are all of one stage, and the tournament ends when its
    planned rounds are played. A subclass says how a round starts and how many there are."""

    def needs_winner(self, pairing: dict) -> bool:
        return False

    def bye_score(self, options: dict) -> tuple[int, int] | None:
        return None

    def bracket_spec(self, entrants: int, options: dict) -> None:
        return None

    def bracket_seeds(self, state) -> None:
        return None

    def match_stage(self, stage: str) -> str:
        return stage

    def is_complete(self, state) -> bool:
        return len(state.rounds) >= self.planned_rounds(state)

    def accepts_late_entry(self, options: dict) -> bool:
        return False
