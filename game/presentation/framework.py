"""The service's own events in words (systems/kit/framework_events.py), the same for every system."""
from __future__ import annotations

from datetime import datetime

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from systems.kit.framework_events import (
    ABORT_PROPOSED, COMMAND_TAKEN_BACK, GAME_ABORTED, GAME_CREATED, GAME_FORKED, GAME_ENDED, GAME_FORFEITED, GAME_RESIGNED, REVEALED,
    TIMEOUT_ADJUDICATED, VACATION_ENDED, VACATION_SCHEDULED,
)
from systems.kit.presentation import ending_reason_words, side_name

GAME = "game"


def describe(event: dict, outcome_text) -> str | None:
    """The event in words, or ``None`` if it is not a framework event; ``outcome_text`` is the
    system's own wording of an outcome."""
    kind, payload = event.get("type"), event.get("payload") or {}
    outcome = payload.get("outcome") or {}
    if kind == GAME_CREATED:
        players = ", ".join(f"{side_name(side)}: {name}" for side, name in (payload.get("players") or {}).items())
        return _("The game is set up (%(players)s).") % {"players": players}
    if kind == GAME_FORKED:
        return _("A sandbox opens at step %(step)s of another game: it never counts.") % {
            "step": (payload.get("source") or {}).get("step")}
    if kind == COMMAND_TAKEN_BACK:
        return _("The move of step %(seq)s is taken back.") % {"seq": payload.get("seq")}
    if kind == GAME_ENDED:
        return _("Result: %(outcome)s") % {"outcome": outcome_text(outcome)}
    if kind == REVEALED:
        return _("The dice seed is revealed: anyone may now check every roll against the commitment.")
    if kind == TIMEOUT_ADJUDICATED:
        return _("%(side)s ran out of time and loses the game.") % {"side": side_name(outcome.get("loser"))}
    if kind == GAME_RESIGNED:
        if (payload.get("reason") or outcome.get("reason")) == "bot_failed":
            return _("%(side)s resigned (%(reason)s).") % {"side": side_name(outcome.get("loser")),
                                                           "reason": ending_reason_words("bot_failed")}
        return _("%(side)s resigned.") % {"side": side_name(outcome.get("loser"))}
    if kind == GAME_FORFEITED:
        reason = payload.get("reason") or outcome.get("reason", "")
        return _("%(side)s forfeits the game (%(reason)s).") % {"side": side_name(outcome.get("loser")),
                                                                  "reason": ending_reason_words(reason)}
    if kind == GAME_ABORTED:
        return _("The game is aborted (%(reason)s); it is not rated.") % {
            "reason": ending_reason_words(payload.get("reason") or outcome.get("reason", ""))}
    if kind == ABORT_PROPOSED:
        return _("%(side)s proposes to abort the game.") % {"side": side_name(payload.get("side"))}
    if kind == VACATION_SCHEDULED:
        return _("%(player)s (%(side)s) takes a vacation from %(start)s until %(until)s UTC: that clock stands still.") % {
            "player": payload.get("player"), "side": side_name(payload.get("side")),
            "start": _moment(payload.get("from")), "until": _moment(payload.get("until"))}
    if kind == VACATION_ENDED and payload.get("at") == payload.get("from"):
        return _("%(player)s (%(side)s) cancels the planned vacation.") % {
            "player": payload.get("player"), "side": side_name(payload.get("side"))}
    if kind == VACATION_ENDED:
        return _("%(player)s (%(side)s) is back from vacation: that clock runs again.") % {
            "player": payload.get("player"), "side": side_name(payload.get("side"))}
    return None


def _moment(iso) -> str:
    """An ISO time of an event as "13 Mar 12:00" (the pages' UTC)."""
    try:
        return date_format(datetime.fromisoformat(iso), "j M, H:i")
    except (TypeError, ValueError):
        return str(iso)
