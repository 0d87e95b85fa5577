"""Pairings played at a real table (issue 14; the 303 tournament sheet plays with real dice).

At the table no engine game is created. Each leg of the pairing (match, then rematch with the
sides swapped; the first sides drawn by lot) gets its result from the players:

* one player reports it (``LegReported``: winner and how the game ended; Duel in the Dark also
  the night's VP margin);
* the opponent confirms it (``LegConfirmed``) or disputes it (``LegDisputed``, with a reason);
  a report nobody answers is confirmed by the beat task after the tournament's
  ``auto_confirm_minutes``; a disputed one waits for a referee;
* a referee or the organiser enters or corrects a leg directly, with a reason
  (``LegResultEntered``).

A confirmed or entered leg becomes the pairing's result for that leg in the same shape as an
online game's ``GameResultRecorded``, so scoring, standings, brackets and discipline read it
as they read online results. This module holds the rules (what may be reported, by whom and
when); no Django here.
"""
from __future__ import annotations

from dataclasses import dataclass

from systems import registry
from systems.kit.descriptor import TablePlay
from kernel import refusals

from . import scoring

ONLINE, AT_TABLE = "online", "at_table"
PLAY_MODES = (ONLINE, AT_TABLE)

# How a game at the table ends, which side each ending makes the winner, whether the report gives
# the VP margin: the system's descriptor says (``table_play``, systems/kit/descriptor.py; e.g.
# docs/rules/303.md "End of game"). A system without one ends "as the rules say".

REPORTED, DISPUTED, CONFIRMED, ENTERED = "reported", "disputed", "confirmed", "entered"
SETTLED = (CONFIRMED, ENTERED)

AUTO_CONFIRM_ACTOR = "system:auto-confirm"
DEFAULT_AUTO_CONFIRM_MINUTES = 30


class TableRefusal(refusals.Refusal):
    """A report, confirmation or entry the rules refuse: its kind, machine code, English message."""


def _table_play(system: str) -> TablePlay:
    found = registry.find(system)
    return found.table_play if found else TablePlay()


def endings_for(system: str) -> tuple[str, ...]:
    return _table_play(system).endings


def reports_vp(system: str) -> bool:
    """The report of a leg gives the night's VP margin (Duel in the Dark)."""
    return _table_play(system).reports_vp


def leg_sides(pairing: dict, leg: int) -> dict[str, str]:
    """``{side: entrant}`` of a leg: the drawn first sides, swapped for the rematch."""
    sides = dict(pairing["first_sides"] or {})
    if leg == 2 and len(sides) == 2:
        first, second = list(sides)
        sides = {first: sides[second], second: sides[first]}
    return sides


def table_numbers_used(pairings, round_number: int) -> set[int]:
    return {p["table"] for p in pairings if p["round"] == round_number and p.get("table")}


def next_table(pairings, round_number: int) -> int:
    """The lowest free table of a round: numbers are given once and never move."""
    used = table_numbers_used(pairings, round_number)
    return next(n for n in range(1, len(used) + 2) if n not in used)


@dataclass(frozen=True)
class LegReport:
    winner: str
    ended_by: str
    vp_margin: int | None = None

    def result(self, pairing: dict, leg: int) -> dict:
        """The leg's result, shaped as an online ``GameResultRecorded`` payload."""
        sides = leg_sides(pairing, leg)
        loser = pairing["b"] if self.winner == pairing["a"] else pairing["a"]
        winner_side = next((side for side, name in sides.items() if name == self.winner), None)
        return {"pairing_id": pairing["id"], "leg": leg, "winner": self.winner, "loser": loser,
                "winner_side": winner_side, "ended_by": self.ended_by, "aborted": False, "forfeit": False,
                "reason": "", "source": AT_TABLE,
                "vp": {self.winner: self.vp_margin, loser: 0} if self.vp_margin is not None else None}


def movable_to_table(pairing: dict | None) -> bool:
    """An online pairing none of whose games has a result may still be played at the table."""
    return bool(pairing) and not pairing["bye"] and pairing["mode"] == ONLINE and not pairing["results"]


def report_from(payload: dict) -> LegReport:
    return LegReport(payload["winner"], payload["ended_by"], payload.get("vp_margin"))


def check_leg_result(system: str, pairing: dict, leg, winner, ended_by, vp_margin) -> LegReport:
    """A leg result well formed for this pairing, or an invalid :class:`TableRefusal`."""
    if leg not in range(1, scoring.LEGS + 1):
        raise TableRefusal(refusals.INVALID, "invalid_leg", "leg must be 1 (the match) or 2 (the rematch)")
    if winner not in (pairing["a"], pairing["b"]):
        raise TableRefusal(refusals.INVALID, "invalid_winner", f"the winner must be {pairing['a']} or {pairing['b']}")
    endings = endings_for(system)
    if ended_by not in endings:
        raise TableRefusal(refusals.INVALID, "invalid_ending", f"how the game ended must be one of: {', '.join(endings)}")
    rules = _table_play(system)
    winning_side = rules.winner_side.get(ended_by)
    sides = leg_sides(pairing, leg)
    if winning_side in sides and sides[winning_side] != winner:
        side = rules.side_words.get(winning_side, winning_side)
        raise TableRefusal(refusals.INVALID, "ending_contradicts_winner",
                           f"that ending is a win for the {side}, and {sides[winning_side]} flew "
                           f"the {side} in this leg, not {winner}")
    if rules.reports_vp:
        if isinstance(vp_margin, bool) or not isinstance(vp_margin, int) or vp_margin < 1:
            raise TableRefusal(refusals.INVALID, "invalid_vp_margin",
                               "give the night's VP margin: a whole number of 1 or more")
    elif vp_margin is not None:
        raise TableRefusal(refusals.INVALID, "invalid_vp_margin", "this game has no victory points to report")
    return LegReport(winner, ended_by, vp_margin)


def ending_won_by(system: str, pairing: dict, leg: int, winner: str) -> str:
    """An ending that agrees with ``winner`` having won this leg (the demo's and tests' reports)."""
    wins, sides = _table_play(system).winner_side, leg_sides(pairing, leg)
    endings = endings_for(system)
    return next((e for e in endings if wins.get(e) not in sides or sides[wins[e]] == winner), endings[0])


def round_closed(state, pairing: dict) -> bool:
    """A pairing's round is closed once its result is decided and play went on past it (a later
    pairing of one of its entrants exists), or the tournament is over."""
    if state.status in ("finished", "cancelled"):
        return True
    if state.result(pairing["id"]).status != scoring.DECIDED:
        return False
    players = {pairing["a"], pairing["b"]}
    return any(p["round"] > pairing["round"] and {p["a"], p["b"]} & players for p in state.pairings.values())


def check_open_leg(state, pairing: dict) -> None:
    """The pairing takes table results now: played at the table, not closed, not forfeited."""
    if pairing.get("mode") != AT_TABLE:
        raise TableRefusal(refusals.CONFLICT, "not_at_table",
                           "this pairing is played online: its games record their results")
    if round_closed(state, pairing):
        raise TableRefusal(refusals.CONFLICT, "round_closed", "the round is closed: ask a referee for a decision")
    if state.forfeited(pairing):
        raise TableRefusal(refusals.CONFLICT, "pairing_forfeited", "the pairing ended by a red card or a withdrawal")


def check_report(state, pairing: dict, leg: int, reporter: str) -> None:
    """A player of the pairing reports a leg that has no report waiting and no settled result."""
    check_open_leg(state, pairing)
    if reporter not in (pairing["a"], pairing["b"]):
        raise TableRefusal(refusals.FORBIDDEN, "not_in_pairing",
                           "only the two players of the pairing report its results")
    existing = pairing["reports"].get(leg)
    if existing is None:
        return
    if existing["status"] in SETTLED:
        raise TableRefusal(refusals.CONFLICT, "result_confirmed",
                           "this leg's result is settled; a referee may correct it")
    if existing["status"] == DISPUTED:
        raise TableRefusal(refusals.CONFLICT, "leg_disputed", "this leg is disputed and waits for a referee")
    raise TableRefusal(refusals.CONFLICT, "report_pending",
                       f"{existing['reporter']} reported this leg: confirm or dispute it")


def pending_report(state, pairing: dict, leg: int, actor: str, report_id: str | None) -> dict:
    """The report ``actor`` (the reporter's opponent) may confirm or dispute now."""
    check_open_leg(state, pairing)
    if actor not in (pairing["a"], pairing["b"]):
        raise TableRefusal(refusals.FORBIDDEN, "not_in_pairing",
                           "only the two players of the pairing answer its reports")
    report = pairing["reports"].get(leg)
    if report is None or report["status"] != REPORTED:
        raise TableRefusal(refusals.CONFLICT, "nothing_to_confirm", "this leg has no report waiting for an answer")
    if report["reporter"] == actor:
        raise TableRefusal(refusals.FORBIDDEN, "own_report", "your opponent confirms or disputes your report")
    if report_id is not None and report_id != report["report_id"]:
        raise TableRefusal(refusals.CONFLICT, "report_outdated", "the report changed since you saw it")
    return report


def check_entry(state, pairing: dict, leg: int, reason: str) -> None:
    """A referee or the organiser enters or corrects a leg of an open table pairing."""
    check_open_leg(state, pairing)
    if not (reason or "").strip():
        raise TableRefusal(refusals.INVALID, "reason_required", "say why the result is entered or corrected")
    settled = pairing["results"].get(leg)
    if settled is not None and pairing["reports"].get(leg) is None:
        raise TableRefusal(refusals.CONFLICT, "result_recorded", "this leg was played online")


def open_reports(state) -> list[tuple[dict, int, dict]]:
    """``(pairing, leg, report)`` of every report still waiting: for the opponent or a referee."""
    return [(p, leg, report) for p in state.pairings.values()
            for leg, report in sorted(p.get("reports", {}).items()) if report["status"] in (REPORTED, DISPUTED)]


def takes_results(state, pairing: dict) -> bool:
    """Whether a report of this pairing can still be answered or decided (see :func:`check_open_leg`)."""
    try:
        check_open_leg(state, pairing)
    except TableRefusal:
        return False
    return True
