"""How a game reads to people (issue 15): each event in words, the state summary, the outcome,
the markers a replay can jump to (turns, rounds, nights), and each legal action as a button
text and as the board clicks that choose it.

One module per game system (``systems/<module>/presentation.py``, named by its descriptor's
``presentation``, systems/kit/descriptor.py) offers
the functions of :class:`Presentation`; a system without a module, or a function a module
does not define, falls back to :mod:`systems.kit.presentation`. The service's own events
(game created, result, resignation, …) are worded once, in :mod:`.framework`, for every system.
The play page, the event log and the replay viewer read a game only through
:func:`presentation_for`, so a system's words live in one place. Unlike ``game/rules`` this
package may use Django's translation functions: everything here is shown to people.

The descriptor's ``templates`` names the per-system page templates
(``systems/<module>/templates/game/<module>/play.html`` and ``replay.html``), see ``game/pages.py``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from typing import Callable

from django.utils.translation import gettext_lazy as _

from systems import registry
from systems.kit.framework_events import FRAMEWORK_EVENTS, GAME_CREATED
from systems.kit import presentation as generic

from . import framework


# The event-log filters every system may use (a module may add its own category names).
CATEGORY_LABELS = {
    "moves": _("Moves"), "combat": _("Combat"), "search": _("Search and contact"), "score": _("Score"),
    "turns": _("Turns and phases"), "units": _("Reinforcements and repairs"), "setup": _("Set-up"),
    framework.GAME: _("Game"), "other": _("Other"),
}
# Replay markers nest in this order: a turn label is read within its round, a round within its
# phase or night; each kind is a group of the replay's jump list.
MARKER_KINDS = ("night", "phase", "round", "turn")
MARKER_KIND_LABELS = {"night": _("Nights"), "phase": _("Phases"), "round": _("Rounds"), "turn": _("Turns")}


@dataclass(frozen=True)
class Presentation:
    # ``{"seq", "type", "payload", ...}`` → one sentence, e.g. "British: 3 VP (city bombed: Essen 2, …)".
    describe_event: Callable[[dict], str]
    # A side's view (``engine.view``) → ``[(label, text)]`` in words: fuel, altitude, weather, round, score.
    summary: Callable[[dict], list[tuple[str, str]]]
    # ``game.outcome`` (or None while running) → one sentence.
    outcome_text: Callable[[dict | None], str]
    # An event → a replay marker such as ``{"kind": "night", "label": "Night 2"}``, or None.
    marker: Callable[[dict], dict | None]
    # An event → the filter category the event log offers (e.g. "moves", "combat", "score").
    category: Callable[[dict], str]
    # A legal action and the view it was offered in → its button text, e.g. "raf1 → 205 via 204".
    describe_action: Callable[[dict, dict], str]
    # A legal action and the view → the board clicks choosing it, e.g. ["piece:raf1", "hex:205"].
    action_picks: Callable[[dict, dict], list[str]]
    # () → the translated sentences the system's own board script uses (static/js/<module>/).
    board_words: Callable[[], dict]
    # A legal action and the view → the question asked before it is sent (it ends the game or
    # the night, say), or None: the page shows it as a secondary button with a confirmation step.
    confirm_action: Callable[[dict, dict], str | None]
    # A template and the view → concrete commands with their board picks (``[{"command", "picks"}]``),
    # e.g. 303's open firing order as every order, the attackers clicked in turn; [] if none.
    expand_template: Callable[[dict, dict], list[dict]]


def _with_framework_events(module) -> dict:
    """The module's functions, with the service's own events worded and filed the same way everywhere."""
    own = {name: getattr(module, name, getattr(generic, name)) for name in Presentation.__dataclass_fields__}
    engine_describe, engine_category, engine_marker = own["describe_event"], own["category"], own["marker"]

    def describe_event(event: dict) -> str:
        if event.get("type") in FRAMEWORK_EVENTS:
            return framework.describe(event, own["outcome_text"]) or generic.describe_event(event)
        return engine_describe(event)

    def category(event: dict) -> str:
        return framework.GAME if event.get("type") in FRAMEWORK_EVENTS else engine_category(event)

    def marker(event: dict) -> dict | None:
        # GameCreated may open the first round or turn; the other framework events mark nothing.
        kind = event.get("type")
        return engine_marker(event) if kind == GAME_CREATED or kind not in FRAMEWORK_EVENTS else None

    return {**own, "describe_event": describe_event, "category": category, "marker": marker}


@lru_cache(maxsize=None)
def presentation_for(system: str) -> Presentation:
    module = generic
    found = registry.find(system)
    if found is not None and found.presentation:
        try:
            module = import_module(found.presentation)
        except ModuleNotFoundError as exc:
            if exc.name != found.presentation:
                raise
    return Presentation(**_with_framework_events(module))


registry.on_reset(presentation_for.cache_clear)


def system_name(system: str) -> str:
    """The system's label (its descriptor's); an unknown name as it is."""
    return registry.label(system)


def category_label(name: str) -> str:
    return str(CATEGORY_LABELS.get(name, generic.words(name).capitalize()))


def in_words(system: str, event: dict) -> dict:
    """What the event log and the replay list show of an event: its words, filter and marker."""
    shown = presentation_for(system)
    return {"text": shown.describe_event(event), "category": shown.category(event), "marker": shown.marker(event)}


def marker_labels(markers: list[dict | None]) -> list[dict | None]:
    """Each marker with ``full_label``: its label within the enclosing ones (MARKER_KINDS), e.g.
    "Round 3 · RAF turn"; a marker of a new outer kind clears the inner ones."""
    current: dict[str, str] = {}
    out = []
    for m in markers:
        if not m:
            out.append(m)
            continue
        kind = m.get("kind")
        if kind in MARKER_KINDS:
            for inner in MARKER_KINDS[MARKER_KINDS.index(kind):]:
                current.pop(inner, None)
        # An outer label the marker's own already starts with ("Round 3: Mosquito") is not repeated.
        outer = [current[k] for k in MARKER_KINDS
                 if k in current and k != kind and not m["label"].startswith(current[k])]
        current[kind] = m["label"]
        out.append({**m, "full_label": " · ".join(outer + [m["label"]])})
    return out
