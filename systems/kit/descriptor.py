"""What the rest of the service knows about one game system (issue "one kernel, one folder per
game system"): its name and label, where its engine, words, setup controls and templates live,
how ratings and tournaments treat it. Each system's folder defines one ``DESCRIPTOR``
(``systems/<module>/descriptor.py``); ``settings.NIGHTDUEL_SYSTEMS`` lists them and
:mod:`systems.registry` answers every question about a system from them, so nothing outside a
system's folder branches on a system's name.

Pure data: paths are dotted strings (``"module:attribute"`` or a module), imported on demand by
the registry, so one broken system cannot stop the others from loading, and this module needs
no Django.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

# How ratings treat a system's games (docs/rules/service.md "Ratings"): Elo between the players of a game
# (two seats, or placings at a table of more), a best-score leaderboard of one-seat games, or none.
HEAD_TO_HEAD, SOLO, UNRATED = "head_to_head", "solo", "unrated"
RATED_AS = (HEAD_TO_HEAD, SOLO, UNRATED)
# What a tournament of a system without named table endings offers (tournament/table.py).
GENERIC_ENDINGS = ("rules",)


@dataclass(frozen=True)
class TablePlay:
    """How a game played at a real table is reported (tournament/table.py)."""

    # The ways a game can end, as a report names them (e.g. docs/rules/303.md "End of game").
    endings: tuple[str, ...] = GENERIC_ENDINGS
    # ending → the side it makes the winner; a winner on the other side contradicts the report.
    winner_side: Mapping[str, str] = field(default_factory=dict)
    # side → its name in the engine-side English refusal ("a win for the RAF"; translated by code).
    side_words: Mapping[str, str] = field(default_factory=dict)
    # The report also gives the night's VP margin (Duel in the Dark).
    reports_vp: bool = False
    # ending → its words on the report page, and on the printed slip's tick boxes (lazy translated).
    ending_words: Mapping[str, Any] = field(default_factory=dict)
    slip_words: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReplayFog:
    """The replay's "where could it be" maps: ``maps`` is the "module:function" computing them
    from a finished game's steps (pure Python), ``side`` the side whose view they guess from (its
    numbered seats — german2 in a 3–5 player night — see the same), ``legend`` what they show."""

    maps: str
    side: str
    legend: str = ""


@dataclass(frozen=True)
class Printing:
    """What the printed tournament sheets say about the system (tournament/printing/)."""

    # The sentence under a pairing sheet about the sides (None: the generic one).
    side_note: Any = None
    # "module:function" building the system's own game cards from (state, round), or None.
    game_cards: str | None = None
    # The title of those cards on the sheet list (lazy translated).
    game_cards_title: Any = None


@dataclass(frozen=True)
class SystemDescriptor:
    name: str  # the slug stored on games and tournaments, e.g. "duel-in-the-dark"
    label: Any  # its name for people (lazy translated)
    module: str  # the folder under systems/, e.g. "duel"
    engine: str  # "module:attribute" of the GameSystem object (systems/kit/contract.py)
    sides: tuple[str, ...]  # the seats of the default setup (the engine's ``sides``)
    rated_as: str = HEAD_TO_HEAD
    # The tournament scoring scheme a new tournament gets unless the organiser picks one
    # (tournament/scoring.py: "polish", "vp-aggregate", "games").
    default_scoring: str = "games"
    # "module:function" (first game's setup, its events) → setup additions for the rematch, or None.
    rematch_setup: str | None = None
    table_play: TablePlay = field(default_factory=TablePlay)
    printing: Printing = field(default_factory=Printing)
    # "module:attribute" of the new-game page's controls: ``(controls, defaults)`` (systems/kit/setup.py).
    setup_controls: str | None = None
    # "module:attribute" of the tournament form's named setup fields: ``(fields, defaults)``.
    tournament_setup: str | None = None
    # The control whose value is the number of players (more opponents are asked for as it grows).
    player_count_control: str | None = None
    # Setup keys a kind of game fixes: {control key: {value: keys dropped}} (the Duel's swap and solo).
    setup_fixed_by: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    # "module:attribute" of the refusal catalogue {code: lazy sentence} (game/error_messages.py).
    messages: str | None = None
    # Module offering the Presentation functions (game/presentation), or None: the generic words.
    presentation: str | None = None
    # Folder of the play/replay templates under templates/ (``game/<module>``), or None: the generic page.
    templates: str | None = None
    # Module of the system's bots (systems/kit/bots.py), which may not exist yet.
    bots: str | None = None
    # Module of the campaign rules (game/campaigns.py), or None: no campaigns.
    campaign: str | None = None
    # Earlier versions of the rules still folded: {ruleset_version: "module:attribute" of that
    # version's engine}. A game is folded by the engine of the version it was created under.
    rulesets: Mapping[str, str] = field(default_factory=dict)
    # The replay's "where could it be" maps (game/replay_fog.py), or None: the toggle only.
    replay_fog: ReplayFog | None = None
    # Words for "as the <side> saw it" where the plain form reads badly ({side: lazy words}).
    replay_as_words: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if self.rated_as not in RATED_AS:
            raise ValueError(f"rated_as must be one of {RATED_AS}, not {self.rated_as!r}")


def generic(name: str, sides: tuple[str, ...] = ()) -> SystemDescriptor:
    """The descriptor of a system registered at run time without one (test doubles, plug-ins):
    its name as its label, the generic words and pages, Elo between two seats."""
    return SystemDescriptor(name=name, label=name, module="", engine="", sides=tuple(sides),
                            rated_as=HEAD_TO_HEAD if len(sides) >= 2 else UNRATED)
