"""The fallback presentation: an event's type and payload in plain words (issue 15)."""
from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

# Sides of the systems in words; any other side name is shown as written, capitalised.
SIDE_NAMES = {
    # Translators: the sides as the rulebooks name them (303: Luftwaffe and RAF; Duel in the Dark: British, German).
    "luftwaffe": gettext_lazy("Luftwaffe"), "raf": gettext_lazy("RAF"), "british": gettext_lazy("British"),
    "german": gettext_lazy("German"), "player": gettext_lazy("the player"), "referee": gettext_lazy("referee"),
}
SEAT = re.compile(r"([a-z]+)(\d+)")
# Why a game ended from outside the rules (game/endings.py, game/timeouts.py, the tournament's
# forfeits and voided pairings); a system's own reasons are worded in its module.
REASON_WORDS = {
    "resigned": gettext_lazy("resigned"), "timeout": gettext_lazy("timeout"),
    "aborted_by_agreement": gettext_lazy("aborted by agreement"),
    # Translators: a practice bot found no move it could make and resigned its seat.
    "bot_failed": gettext_lazy("the bot could not move"),
    "timeout_before_start": gettext_lazy("timeout before start"),
    # Translators: a referee's red card (tournament discipline) forfeits the game.
    "red_card": gettext_lazy("red card"), "withdrawn": gettext_lazy("withdrawn"),
    "pairing_voided": gettext_lazy("pairing voided"), "moved_to_table": gettext_lazy("moved to table"),
}
# Fields naming the piece a command moves, and the fields naming the hex it ends on.
UNIT_FIELDS = ("fighter", "aircraft", "unit", "token", "piece")
# The engine's mark for a field the player fills in (contract.py: a template's blank).
FREE_TEXT = ""


# A list of more records than this is counted, not spelled out (the raw JSON stays for experts).
LONG_LIST = 3
# Abbreviations that stay in capitals when an identifier is turned into words.
ACRONYMS = {"vp": "VP", "ai": "AI", "raf": "RAF"}
# Payload keys that carry victory points or a score (the fallback files such events under "score").
SCORE_KEY = re.compile(r"(^|_)(vp|score|points)($|_)", re.IGNORECASE)


def words(identifier: str) -> str:
    """``PlanCommitted`` / ``plan_committed`` → "plan committed"; ``VictoryPoints`` → "victory points"."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", str(identifier)).replace("_", " ")
    return " ".join(ACRONYMS.get(w, w) for w in spaced.lower().split())


def ending_reason_words(reason: str | None) -> str:
    """``red_card`` → "red card", in the reader's language when the reason is one of the service's."""
    return str(REASON_WORDS.get(reason or "") or words(reason or ""))


def side_name(side: str | None) -> str:
    if not side:
        return _("nobody")
    known = SIDE_NAMES.get(str(side))
    if known:
        return str(known)
    seat = SEAT.fullmatch(str(side))  # a numbered seat of a known side: german2 → German 2
    if seat and seat[1] in SIDE_NAMES:
        return _("%(side)s %(seat)s") % {"side": SIDE_NAMES[seat[1]], "seat": seat[2]}
    return str(side).capitalize()


def value_words(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return " → ".join(str(v) for v in value)
        if len(value) > LONG_LIST and all(isinstance(v, dict) for v in value):
            return ngettext("%(n)d entry", "%(n)d entries", len(value)) % {"n": len(value)}
        return ", ".join(value_words(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{words(k)} {value_words(v)}" for k, v in value.items())
    return str(value)


def scoring_reason_words(reason) -> str:
    """One scoring term, e.g. ``{"rule": "§5.3 new moon", "value": -3}`` → "§5.3 new moon −3"."""
    if not isinstance(reason, dict):
        return str(reason)
    value = reason.get("value")
    shown = f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else value_words(value)
    return f"{reason.get('rule') or reason.get('reason') or value_words(reason)} {shown}".strip()


def awarded_points(payload: dict) -> str | None:
    """An award with its reasons (``{side, amount, reasons, occasion}``) in words, else None."""
    amount, reasons = payload.get("amount"), payload.get("reasons")
    if not isinstance(amount, int) or not isinstance(reasons, list):
        return None
    text = _("%(side)s: %(amount)+d VP") % {"side": side_name(payload.get("side")), "amount": amount}
    if payload.get("occasion"):
        text += f" — {payload['occasion']}"
    if reasons:
        text += " (" + "; ".join(scoring_reason_words(r) for r in reasons) + ")"
    return text


def describe_event(event: dict) -> str:
    payload = event.get("payload") or {}
    awarded = awarded_points(payload)
    if awarded:
        return awarded
    details = "; ".join(f"{words(k)} {value_words(v)}" for k, v in payload.items())
    title = words(event.get("type", "")).capitalize()
    return f"{title}: {details}" if details else title


def summary(view: dict) -> list[tuple[str, str]]:
    return [(words(k).capitalize(), value_words(v)) for k, v in (view or {}).items()
            if isinstance(v, (str, int, float, bool))]


def outcome_text(outcome: dict | None) -> str:
    if not outcome:
        return _("The game is under way.")
    if outcome.get("aborted"):
        return _("The game was aborted: no winner.")
    winner, reason = outcome.get("winner"), outcome.get("reason")
    if winner and reason:
        return _("%(winner)s won (%(reason)s).") % {"winner": side_name(winner), "reason": ending_reason_words(reason)}
    if winner:
        return _("%(winner)s won.") % {"winner": side_name(winner)}
    return _("The game ended without a winner.")


def marker(event: dict) -> dict | None:
    return None


def category(event: dict) -> str:
    payload = event.get("payload") or {}
    if awarded_points(payload) or any(SCORE_KEY.search(str(k)) for k in payload):
        return "score"
    return "other"


def unit_of(action: dict) -> tuple[str, str] | None:
    return next(((k, str(action[k])) for k in UNIT_FIELDS if isinstance(action.get(k), (str, int))), None)


def destination_hex(action: dict) -> int | None:
    """The hex a move ends on, so the board can highlight it and a click can pick it."""
    path = action.get("path")
    if isinstance(path, list) and path and isinstance(path[-1], int):
        return path[-1]
    return next((action[k] for k in ("to", "hex") if isinstance(action.get(k), int)), None)


def describe_action(action: dict, view: dict | None = None) -> str:
    """A button text for a command, e.g. "move fighter: fighter lw1, path 1102 → 1003"."""
    if action.get("template"):
        return words(action.get("type", "?")).capitalize()
    rest = ", ".join(f"{words(k)} {value_words(v)}" for k, v in action.items()
                     if k != "type" and v != FREE_TEXT and v is not None)
    title = words(action.get("type", "?")).capitalize()
    return f"{title}: {rest}" if rest else title


def action_picks(action: dict, view: dict | None = None) -> list[str]:
    """The board clicks that choose ``action``, in order: ``"piece:<id>"`` or ``"hex:<id>"``.

    The fallback offers the hex a move ends on; an action without picks is a plain button.
    """
    hex_ = destination_hex(action)
    return [f"hex:{hex_}"] if hex_ is not None else []


def expand_template(action: dict, view: dict | None = None) -> list[dict]:
    """A template as concrete commands the board can choose, ``[{"command", "picks"}]``, or []."""
    return []


def confirm_action(action: dict, view: dict | None = None) -> str | None:
    """The question to ask before an action that cannot be taken back (conceding), else None."""
    return None


def board_words() -> dict:
    return {}
