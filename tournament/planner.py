"""What a tournament needs next, decided purely from its state (docs/rules/service.md, "Tournaments").

* :func:`start_round` — the pairings of the next round the organiser starts, as the tournament's
  format pairs them (tournament/formats/: Berger tables, the Swiss pairer, a bracket's start).
* :func:`bracket_pairings` — elimination pairings whose two entrants are now known: brackets
  advance automatically once a pairing is decided.
* :func:`games_to_create` — the match of a new pairing, the rematch once the match is over.
* :func:`stale_bracket_pairings` — bracket pairings whose entrants no longer follow the bracket
  (a referee changed a result before them).

No Django here; tournament/services.py turns the answers into events and games.
"""
from __future__ import annotations

from . import scoring, table
from .formats import UnknownFormat, elimination, format_for
from .formats.base import GROUP_STAGE, CannotStartRound, NewPairing
from .state import TournamentState

__all__ = ["CannotStartRound", "NewPairing", "start_round", "bracket_pairings", "stale_bracket_pairings",
           "games_to_create"]


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
    """``(RoundStarted payload, pairings)`` for the next round, as the format pairs it; raises
    :class:`CannotStartRound`."""
    _check_can_start(state)
    try:
        fmt = format_for(state.format)
    except UnknownFormat:
        raise CannotStartRound("unknown_format", f"unknown format {state.format!r}") from None
    return fmt.start_round(state, len(state.rounds) + 1)


def bracket_pairings(state: TournamentState) -> list[NewPairing]:
    """Elimination matches whose entrants are both known and that have no pairing yet."""
    spec, resolved = state.resolved_bracket()
    if spec is None:
        return []
    stage_of = state.tournament_format.match_stage
    offset = len([r for r in state.rounds if r["stage"] == GROUP_STAGE])
    out = []
    for match in spec.matches:
        entry = resolved[match.key]
        a, b = entry["a"], entry["b"]
        if entry["void"] or entry["walkover"] or a in (None, elimination.EMPTY) or b in (None, elimination.EMPTY):
            continue
        if state.pairing_for_key(match.key) is None:
            out.append(NewPairing(match.key, offset + match.round, stage_of(match.stage), a, b))
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

