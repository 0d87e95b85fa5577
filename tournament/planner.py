"""What a tournament needs next, decided purely from its state (docs/rules/service.md, "Tournaments").

* :func:`start_round` — the pairings of the next round the organiser starts (round robin and
  groups by Berger tables, Swiss by the pairer, elimination: the bracket's first round).
* :func:`bracket_pairings` — elimination pairings whose two entrants are now known: brackets
  advance automatically once a pairing is decided.
* :func:`games_to_create` — the match of a new pairing, the rematch once the match is over.
* :func:`stale_bracket_pairings` — bracket pairings whose entrants no longer follow the bracket
  (a referee changed a result before them).

No Django here; tournament/services.py turns the answers into events and games.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import scoring, table
from .formats import elimination, swiss
from .state import (ELIMINATION_FORMATS, GROUP_STAGE, GROUPS_PLAYOFFS, LEAGUE_STAGE, PLAYOFF_STAGE, ROUND_ROBIN,
                    SWISS, TournamentState)

BRACKET_STAGE = "bracket"


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


def _check_can_start(state: TournamentState) -> None:
    if state.status in ("finished", "cancelled"):
        raise CannotStartRound("tournament_closed", "the tournament is over")
    if state.seeds is None:
        raise CannotStartRound("not_seeded", "seed the entrants first")
    if len(state.seeds) < 2:
        raise CannotStartRound("too_few_entrants", "at least two seeded entrants are needed")
    if state.rounds and not state.round_complete(state.rounds[-1]["round"]):
        raise CannotStartRound("round_not_finished", "the current round has undecided pairings")


def start_round(state: TournamentState) -> tuple[dict, list[NewPairing]]:
    """``(RoundStarted payload, pairings)`` for the next round; raises :class:`CannotStartRound`."""
    _check_can_start(state)
    number = len(state.rounds) + 1
    fmt = state.format
    if fmt in ELIMINATION_FORMATS:
        if state.rounds:
            raise CannotStartRound("bracket_advances_automatically", "the bracket advances by itself")
        return {"round": 1, "stage": BRACKET_STAGE}, []
    if fmt == ROUND_ROBIN:
        schedule = state.league_schedule()
        if number > len(schedule):
            raise CannotStartRound("no_more_rounds", "every round has been played")
        return {"round": number, "stage": LEAGUE_STAGE}, [
            NewPairing(f"R{number}-{i + 1}", number, LEAGUE_STAGE, a, b) for i, (a, b) in enumerate(schedule[number - 1])]
    if fmt == SWISS:
        return {"round": number, "stage": LEAGUE_STAGE}, _swiss_round(state, number)
    if fmt == GROUPS_PLAYOFFS:
        schedule = state.group_schedule()
        if number <= len(schedule):
            return {"round": number, "stage": GROUP_STAGE}, [
                NewPairing(f"{g}-R{number}-{i + 1}", number, GROUP_STAGE, a, b, group=g)
                for i, (g, a, b) in enumerate(schedule[number - 1])]
        if any(r["stage"] == PLAYOFF_STAGE for r in state.rounds):
            raise CannotStartRound("bracket_advances_automatically", "the playoff bracket advances by itself")
        return {"round": number, "stage": PLAYOFF_STAGE}, []
    raise CannotStartRound("unknown_format", f"unknown format {fmt!r}")


def _swiss_round(state: TournamentState, number: int) -> list[NewPairing]:
    if number > state.swiss_rounds():
        raise CannotStartRound("no_more_rounds", "every round has been played")
    rows = {row.entrant: row for row in state.standings_rows()}
    order = {n: i for i, n in enumerate(state.seeds + [n for n in state.entrants if n not in state.seeds])}
    field = [swiss.SwissEntrant(n, rows[n].points, order[n]) for n in state.active_entrants()]
    played = {frozenset((p["a"], p["b"])) for p in state.pairings.values() if not p["bye"]}
    had_bye = {p["a"] for p in state.pairings.values() if p["bye"]}
    try:
        pairs, bye = swiss.pair_round(field, played, had_bye)
    except swiss.NoLegalPairing as exc:
        raise CannotStartRound("no_legal_pairing", str(exc)) from None
    out = [NewPairing(f"R{number}-{i + 1}", number, LEAGUE_STAGE, a, b) for i, (a, b) in enumerate(pairs)]
    if bye:
        out.append(NewPairing(f"R{number}-bye", number, LEAGUE_STAGE, bye, None))
    return out


def bracket_pairings(state: TournamentState) -> list[NewPairing]:
    """Elimination matches whose entrants are both known and that have no pairing yet."""
    spec, resolved = state.resolved_bracket()
    if spec is None:
        return []
    stage_of = PLAYOFF_STAGE if state.format == GROUPS_PLAYOFFS else None
    offset = len([r for r in state.rounds if r["stage"] == GROUP_STAGE])
    out = []
    for match in spec.matches:
        entry = resolved[match.key]
        a, b = entry["a"], entry["b"]
        if entry["void"] or entry["walkover"] or a in (None, elimination.EMPTY) or b in (None, elimination.EMPTY):
            continue
        if state.pairing_for_key(match.key) is None:
            out.append(NewPairing(match.key, offset + match.round, stage_of or match.stage, a, b))
    return out


def stale_bracket_pairings(state: TournamentState) -> list[str]:
    """Ids of bracket pairings that no longer follow the bracket: a changed result before them
    gave a slot another entrant, or none yet (an undecided or voided feeder, a skipped reset)."""
    spec, resolved = state.resolved_bracket()
    if spec is None:
        return []
    out = []
    for match in spec.matches:
        pairing = state.pairing_for_key(match.key)
        entry = resolved[match.key]
        if pairing is not None and (entry["void"] or entry["walkover"] or
                                    (entry["a"], entry["b"]) != (pairing["a"], pairing["b"])):
            out.append(pairing["id"])
    return out


def games_to_create(state: TournamentState, pairing_ids=None) -> list[tuple[str, int]]:
    """``(pairing_id, leg)``: leg 1 of a new pairing, leg 2 once leg 1 has its result. Pairings
    played at the table get no engine games (tournament/table.py).

    ``pairing_ids`` limits the check to the pairings an action touched (all by default).
    """
    out = []
    for pid in (state.pairings if pairing_ids is None else pairing_ids):
        pairing = state.pairings[pid]
        if pairing["bye"] or pairing["mode"] == table.AT_TABLE or state.result(pid).status == scoring.DECIDED:
            continue
        for leg in range(1, scoring.LEGS + 1):
            if leg in pairing["games"]:
                continue
            if leg == 1 or (leg - 1) in pairing["results"]:
                out.append((pid, leg))
            break
    return out

