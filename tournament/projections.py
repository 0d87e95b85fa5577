"""Brackets and standings: projections of a tournament's events (docs/rules/service.md, "Event sourcing").

``bracket(tournament)`` and ``standings(tournament)`` fold the stream ``tournament-<id>`` (the
game results are in it as ``GameResultRecorded``) and return plain JSON-friendly dicts used by
both the API and the pages. ``bracket_of(state)`` / ``standings_of(state)`` are the pure parts.

``bracket`` shape::

    {"tournament": id, "name": str, "format": str, "scoring": str, "status": str, "version": int,
     "champion": name | None,
     "voided": [{"id", "key", "round", "stage", "a", "b", "games",
                 "void": {"reason", "decision_id", "automatic", "seq"}}, ...],  # replaced by a later pairing
     "rounds": [{"round": int, "stage": "winners"|"losers"|"final"|"third-place"|"main"|"group"|"playoff",
                 "pairings": [PAIRING, ...]}, ...]}

    PAIRING = {"id": str | None (None: not created yet), "key": "W1-1" | "L2-1" | "GF" | "R3-2" | "A-R1-1",
               "round": int, "stage": str, "group": "A" | None,
               "a": name | None, "b": name | None (None: not known yet or a bye),
               "bye": bool, "walkover": bool, "void": bool,
               "first_sides": {side: name} | None, "lot": int | None,
               "games": [{"leg": 1|2, "game_id": str, "sides": {side: name},
                          "result": {"winner": name | None, "ended_by": str, "aborted": bool,
                                     "vp": {name: n} | None} | None}],
               "status": "pending"|"playing"|"decided"|"awaiting_referee"|"awaiting_knowledge_test",
               "score": [a, b], "points": [a, b], "winner": name | None, "loser": name | None,
               "red_cards": [name, ...],
               "next": {"winner": key | None, "loser": key | None},
               "table": int | None, "mode": "online"|"at_table",
               "legs": [{"leg": 1|2, "sides": {side: name},          # at the table only
                         "report": {"report_id", "reporter", "winner", "ended_by", "vp_margin",
                                    "status": "reported"|"disputed"|"confirmed"|"entered", ...} | None}]}

``standings`` shape::

    {"tournament": id, "format": str, "scoring": str, "status": str, "version": int,
     "tie_breaks": [key, ...],
     "rows": [ROW, ...],                       # everybody, ranked by the tie-breaks
     "groups": [{"group": "A", "rows": [ROW, ...]}, ...]}   # groups → playoffs only
    ROW = {"rank": int, "entrant": name, "points": n, "games_won": int, "games_lost": int,
           "played": int, "byes": int, "buchholz": n, "sonneborn_berger": n,
           "knowledge_test": n | None, "rating": n, "rating_provisional": bool, "withdrawn": bool}
    (``rating_provisional``: the entrant had few rated games when registering, ratings/elo.py)
"""
from __future__ import annotations

from . import discipline, scoring, table
from .formats import elimination, groups as group_format
from .formats.base import GROUP_STAGE, LEAGUE_STAGE
from .state import TournamentState

PENDING = "pending"


def _next_links(spec: elimination.Bracket | None) -> dict[str, dict]:
    links: dict[str, dict] = {}
    if spec is None:
        return links
    for match in spec.matches:
        if match.reset_of:
            continue
        for slot in match.slots:
            for role in ("winner", "loser"):
                if slot.get(role):
                    links.setdefault(slot[role], {"winner": None, "loser": None})[role] = match.key
    return links


def _games(state: TournamentState, pairing: dict) -> list[dict]:
    out = []
    for leg in sorted(pairing["games"]):
        game = pairing["games"][leg]
        r = pairing["results"].get(leg)
        out.append({**game, "result": None if r is None else {
            "winner": r.get("winner"), "ended_by": r.get("ended_by"), "aborted": bool(r.get("aborted")),
            "vp": r.get("vp")}})
    return out


def _pairing_dict(state: TournamentState, pairing: dict, reds: dict, links: dict) -> dict:
    result = state.named_result(pairing)
    return {
        "id": pairing["id"], "key": pairing["key"], "round": pairing["round"], "stage": pairing["stage"],
        "group": pairing["group"], "a": pairing["a"], "b": pairing["b"], "bye": pairing["bye"],
        "walkover": False, "void": False, "first_sides": pairing["first_sides"], "lot": pairing["lot"],
        "games": _games(state, pairing), "status": result["status"], "score": result["score"],
        "points": result["points"], "winner": result["winner"], "loser": result["loser"],
        "red_cards": sorted(reds.get(pairing["id"], ())),
        "next": links.get(pairing["key"], {"winner": None, "loser": None}),
        "table": pairing.get("table"), "mode": pairing["mode"], "legs": _table_legs(pairing),
    }


def _table_legs(pairing: dict) -> list[dict]:
    if pairing["mode"] != table.AT_TABLE:
        return []
    return [{"leg": leg, "sides": table.leg_sides(pairing, leg), "report": pairing["reports"].get(leg)}
            for leg in range(1, scoring.LEGS + 1)]


def _planned_dict(match, entry: dict, round_number: int, stage: str, links: dict) -> dict:
    def name(x):
        return None if x in (None, elimination.EMPTY) else x

    a, b = name(entry["a"]), name(entry["b"])
    winner = entry["result"].winner if entry["result"] else None
    return {
        "id": None, "key": match.key, "round": round_number, "stage": stage, "group": None, "a": a, "b": b,
        "bye": entry["walkover"], "walkover": entry["walkover"], "void": entry["void"],
        "first_sides": None, "lot": None, "games": [],
        "status": scoring.DECIDED if (entry["walkover"] and winner) or entry["void"] else PENDING,
        "score": [0, 0], "points": [0, 0], "winner": winner if entry["walkover"] else None, "loser": None,
        "red_cards": [], "next": links.get(match.key, {"winner": None, "loser": None}),
        "table": None, "mode": None, "legs": [],
    }


def bracket_of(state: TournamentState, tournament_id=None) -> dict:
    reds = {k: v for k, v in discipline.red_cards(state.graded_penalties()).items()}
    spec, resolved = state.resolved_bracket()
    links = _next_links(spec)
    rounds: dict[tuple, list] = {}
    for pairing in state.ordered_pairings():
        if pairing["stage"] in (GROUP_STAGE, LEAGUE_STAGE):
            rounds.setdefault((pairing["round"], pairing["stage"]), []).append(_pairing_dict(state, pairing, reds, links))
    if spec is not None:
        offset = len([r for r in state.rounds if r["stage"] == GROUP_STAGE])
        for match in spec.matches:
            stage = state.tournament_format.match_stage(match.stage)
            pairing = state.pairing_for_key(match.key)
            entry = resolved[match.key]
            if pairing is not None:
                item = _pairing_dict(state, pairing, reds, links)
            elif entry["skipped"]:
                continue
            else:
                item = _planned_dict(match, entry, offset + match.round, stage, links)
            rounds.setdefault((offset + match.round, stage), []).append(item)
    champion = None
    if spec is not None:
        champion = elimination.champion(spec, resolved)
    elif state.is_complete():
        rows = state.standings_rows()
        champion = rows[0].entrant if rows else None
    stage_order = {"group": 0, "main": 0, "winners": 1, "playoff": 1, "third-place": 2, "losers": 3, "final": 4}
    voided = [{"id": p["id"], "key": p["key"], "round": p["round"], "stage": p["stage"], "a": p["a"], "b": p["b"],
               "games": _games(state, p), "void": p["void"]} for p in state.voided.values()]
    return {
        "tournament": tournament_id, "name": state.info.get("name"), "format": state.format,
        "scoring": state.scheme, "status": state.status, "version": state.version, "champion": champion,
        "voided": voided, "rounds": [{"round": r, "stage": stage, "pairings": items}
                   for (r, stage), items in sorted(rounds.items(), key=lambda kv: (stage_order.get(kv[0][1], 9), kv[0][0]))],
    }


def _row_dict(rank: int, row, state: TournamentState) -> dict:
    return {"rank": rank, "entrant": row.entrant, "points": row.points, "games_won": row.games_won,
            "games_lost": row.games_lost, "played": row.played, "byes": row.byes, "buchholz": row.buchholz,
            "sonneborn_berger": row.sonneborn_berger, "knowledge_test": row.knowledge_test, "rating": row.rating,
            "rating_provisional": state.entrants[row.entrant]["provisional"],
            "withdrawn": state.entrants[row.entrant]["withdrawn"]}


def standings_of(state: TournamentState, tournament_id=None) -> dict:
    entrants = [n for n in state.entrants if state.seeds is None or n in state.seeds or state.entrants[n]["late"]]
    rows = state.standings_rows(entrants=entrants)
    groups = []
    if state.tournament_format.has_groups and state.seeds:
        for index, members in enumerate(state.groups()):
            name = group_format.group_name(index)
            pairings = [p for p in state.ordered_pairings() if p["group"] == name]
            ranked = state.standings_rows(pairings, members)
            groups.append({"group": name, "rows": [_row_dict(i + 1, r, state) for i, r in enumerate(ranked)]})
    return {
        "tournament": tournament_id, "format": state.format, "scoring": state.scheme, "status": state.status,
        "version": state.version, "tie_breaks": state.tie_breaks,
        "rows": [_row_dict(i + 1, r, state) for i, r in enumerate(rows)], "groups": groups,
    }


def state_for(tournament) -> TournamentState:
    from kernel.models import StoredEvent

    rows = StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values("seq", "type", "payload")
    return TournamentState(list(rows))


def bracket(tournament) -> dict:
    """The bracket of ``tournament`` (a ``tournament.models.Tournament``), see the module docstring."""
    return bracket_of(state_for(tournament), tournament.pk)


def standings(tournament) -> dict:
    """The standings of ``tournament``, see the module docstring."""
    return standings_of(state_for(tournament), tournament.pk)
