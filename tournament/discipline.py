"""The referee's discipline ladder (docs/rules/service.md, "Referee discipline"; 303 sheet, "GRA FAIR PLAY").

Offences of an entrant are counted per tournament (``penalty_scope="tournament"``, default) or
per pairing (``"pairing"``): 1st → warning, 2nd → yellow card, 3rd → warning, 4th → red card.
Every later offence is a red card again [RULING: the sheet stops at the fourth]. A revoked
penalty no longer counts, so everything after it is re-graded. No Django here.
"""
from __future__ import annotations

WARNING, YELLOW, RED = "warning", "yellow", "red"
LADDER = (WARNING, YELLOW, WARNING, RED)
TOURNAMENT_SCOPE, PAIRING_SCOPE = "tournament", "pairing"
SCOPES = (TOURNAMENT_SCOPE, PAIRING_SCOPE)
OFFENCES = ("stalling", "disturbing_play", "foul_language", "insulting_others", "other")


def level_for(count: int) -> str:
    """The sanction for the ``count``-th counted offence (1-based)."""
    return LADDER[min(count, len(LADDER)) - 1]


def grade(penalties: list[dict], scope: str) -> list[dict]:
    """Each penalty with its ``level`` (``None`` once revoked) and ``offence_number``.

    ``penalties``: dicts with ``id``, ``entrant``, ``pairing`` and ``revoked`` in issue order.
    """
    counts: dict[tuple, int] = {}
    graded = []
    for p in penalties:
        if p["revoked"]:
            graded.append({**p, "level": None, "offence_number": None})
            continue
        key = (p["entrant"],) if scope == TOURNAMENT_SCOPE else (p["entrant"], p["pairing"])
        counts[key] = counts.get(key, 0) + 1
        graded.append({**p, "level": level_for(counts[key]), "offence_number": counts[key]})
    return graded


def next_offence(penalties: list[dict], entrant: str, pairing: str | None, scope: str) -> tuple[int, str]:
    """``(offence number, sanction)`` the entrant's next offence in ``pairing`` would get: what
    the referee is told before he confirms it."""
    count = sum(1 for p in penalties if not p["revoked"] and p["entrant"] == entrant
                and (scope == TOURNAMENT_SCOPE or p["pairing"] == pairing))
    return count + 1, level_for(count + 1)


def red_cards(graded: list[dict]) -> dict[str, set[str]]:
    """``{pairing_id: {entrants sent off}}``."""
    out: dict[str, set[str]] = {}
    for p in graded:
        if p["level"] == RED and p["pairing"]:
            out.setdefault(p["pairing"], set()).add(p["entrant"])
    return out
