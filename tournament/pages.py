"""Tournament pages (issue 7; service.md "Tournaments", "Referee discipline").

Everything shown is read from ``tournament.projections`` (``bracket_of`` / ``standings_of``)
and the folded state's graded penalties; this module only arranges it for the templates:
elimination brackets as columns per stage, round robin as a cross table, Swiss as rounds
with pairings, standings with the tournament's tie-break columns, penalties on the pairing
they affect, and a pairing page with both games and the scoring that produced the points.
"""
from __future__ import annotations

from django.core.cache import cache
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from game.store import current_version

from game.visibility import is_league_admin

from . import projections
from .models import Tournament
from .state import DOUBLE_ELIMINATION, GROUPS_PLAYOFFS, ROUND_ROBIN, SINGLE_ELIMINATION, SWISS

STAGE_TITLES = {
    "winners": "Winners' bracket", "losers": "Losers' bracket", "final": "Grand final",
    "third-place": "Third place", "playoff": "Playoffs", "main": "Rounds", "group": "Groups",
}
BRACKET_STAGES = ("winners", "playoff", "third-place", "losers", "final")
# Standings columns after the rank and the entrant: (row key, header, tie-break key).
STANDING_COLUMNS = (
    ("points", "Points", "points"), ("played", "Played", None), ("games_won", "Games won", "games_won"),
    ("games_lost", "Games lost", None), ("buchholz", "Buchholz", "buchholz"),
    ("sonneborn_berger", "Sonneborn–Berger", "sonneborn_berger"),
    ("knowledge_test", "Knowledge test", "knowledge_test"), ("rating", "Rating", "rating"),
)
SCHEME_RULES = {
    "polish": "2:0 → 3 points; 1:1 → 2 points to the better knowledge-test score and 1 to the worse "
              "(equal scores wait for the referee); 0:2 → 0.",
    "vp-aggregate": "Each game is won by the side with more VP; a 1:1 is decided by the VP margin summed "
                    "over both games, then the knowledge test, then the referee.",
    "games": "1 point per game won.",
}
TIE_BREAK_LABELS = {"points": "points", "head_to_head": "head-to-head", "games_won": "games won",
                    "buchholz": "Buchholz", "sonneborn_berger": "Sonneborn–Berger",
                    "knowledge_test": "knowledge test", "rating": "rating"}
# The bracket/standings part of a tournament page is the same for every viewer allowed to see
# it, so it is cached per stream version: a new event makes a new key, nothing goes stale.
BODY_CACHE_SECONDS = 3600
LEVEL_LABELS = {"warning": "Warning", "yellow": "Yellow card", "red": "Red card"}


def penalties_by_pairing(state) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for p in state.graded_penalties():
        item = {**p, "level_label": LEVEL_LABELS.get(p["level"], "Revoked")}
        out.setdefault(p["pairing"], []).append(item)
    return out


def cross_table(entrants: list[str], pairings: list[dict]) -> dict:
    """Rows of scores from each row entrant's side against each column entrant."""
    cells: dict[tuple[str, str], list[str]] = {}
    for p in pairings:
        if p["bye"] or not p["a"] or not p["b"]:
            continue
        done = any(g["result"] for g in p["games"])
        mine = f"{p['score'][0]}:{p['score'][1]}" if done else "·"
        theirs = f"{p['score'][1]}:{p['score'][0]}" if done else "·"
        cells.setdefault((p["a"], p["b"]), []).append(mine)
        cells.setdefault((p["b"], p["a"]), []).append(theirs)
    return {"entrants": entrants, "rows": [
        {"entrant": a, "cells": [{"self": a == b, "scores": cells.get((a, b), [])} for b in entrants]}
        for a in entrants]}


def arrange(state, tournament_id) -> dict:
    """The template context of a tournament page, from the projections."""
    bracket = projections.bracket_of(state, tournament_id)
    standings = projections.standings_of(state, tournament_id)
    penalties = penalties_by_pairing(state)
    for r in bracket["rounds"]:
        for p in r["pairings"]:
            p["penalties"] = penalties.get(p["id"], []) if p["id"] else []
            p["url"] = f"/tournaments/{tournament_id}/pairings/{p['id']}/" if p["id"] else None
    stages: dict[str, list] = {}
    for r in bracket["rounds"]:
        if r["stage"] in BRACKET_STAGES:
            stages.setdefault(r["stage"], []).append(r)
    diagram = [{"stage": s, "title": STAGE_TITLES[s], "rounds": stages[s]} for s in BRACKET_STAGES if s in stages]
    league = [r for r in bracket["rounds"] if r["stage"] == "main"]
    order = [row["entrant"] for row in standings["rows"]]
    groups = []
    for g in standings["groups"]:
        pairings = [p for r in bracket["rounds"] if r["stage"] == "group" for p in r["pairings"]
                    if p["group"] == g["group"]]
        groups.append({**g, "cross": cross_table([row["entrant"] for row in g["rows"]], pairings)})
    tie_breaks = set(standings["tie_breaks"])
    columns = [{"key": k, "header": h, "tie_break": t in tie_breaks} for k, h, t in STANDING_COLUMNS]
    for table in [standings["rows"]] + [g["rows"] for g in standings["groups"]]:
        for row in table:
            row["cells"] = [row.get(c["key"]) for c in columns]
    return {
        "bracket": bracket, "standings": standings, "diagram": diagram, "groups": groups,
        "format": bracket["format"],
        "is_elimination": bracket["format"] in (SINGLE_ELIMINATION, DOUBLE_ELIMINATION, GROUPS_PLAYOFFS),
        "cross": cross_table(order, [p for r in league for p in r["pairings"]])
        if bracket["format"] == ROUND_ROBIN else None,
        "swiss_rounds": league if bracket["format"] == SWISS else None,
        "columns": columns,
        "tie_break_order": [TIE_BREAK_LABELS.get(t, t) for t in standings["tie_breaks"]],
        "scheme_rule": SCHEME_RULES.get(bracket["scoring"], ""),
    }


def find_pairing(bracket: dict, pairing_id: str) -> dict | None:
    return next((p for r in bracket["rounds"] for p in r["pairings"] if p["id"] == pairing_id), None)


def pairing_scoring(state, pairing: dict, scheme: str) -> list[str]:
    """Plain sentences: how the games' results became this pairing's score and points."""
    lines = []
    for g in pairing["games"]:
        r = g["result"]
        sides = ", ".join(f"{side}: {name}" for side, name in g["sides"].items())
        if r is None:
            lines.append(f"Game {g['leg']} ({sides}) is not finished yet.")
            continue
        vp = f"; VP {', '.join(f'{n} {v}' for n, v in r['vp'].items())}" if r.get("vp") else ""
        won = "aborted (no winner)" if r["aborted"] else (f"won by {r['winner']}" if r["winner"] else "drawn")
        lines.append(f"Game {g['leg']} ({sides}): {won}, ended by {r['ended_by']}{vp}.")
    tests = {n: state.tests.get(n) for n in (pairing["a"], pairing["b"]) if n}
    if scheme in ("polish", "vp-aggregate"):
        known = ", ".join(f"{n} {t}" for n, t in tests.items() if t is not None)
        lines.append(f"Knowledge test: {known or 'not recorded'}.")
    for name in pairing["red_cards"]:
        lines.append(f"Red card to {name}: the pairing ends 0:2 against {name}.")
    for d in state.decisions.get(pairing["id"], []):
        lines.append(f"Referee decision by {d.get('referee', 'the referee')}: {d.get('reason', '')}".strip())
    lines.append(f"Score {pairing['score'][0]}:{pairing['score'][1]} → points "
                 f"{pairing['points'][0]}:{pairing['points'][1]} ({pairing['status'].replace('_', ' ')}).")
    return lines


def visible_tournaments(user):
    """Public tournaments; private ones to their referees, the league's organisers and admins."""
    tournaments = Tournament.objects.all()
    if is_league_admin(user):
        return tournaments
    if not user.is_authenticated:
        return tournaments.filter(is_public=True)
    return tournaments.filter(Q(is_public=True) | Q(referees=user) | Q(league__organisers=user)).distinct()


def visible_tournament(request, tournament_id) -> Tournament:
    tournament = visible_tournaments(request.user).filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament


def load(request, tournament_id):
    """The tournament row and its folded state, or 404."""
    tournament = visible_tournament(request, tournament_id)
    return tournament, projections.state_for(tournament)


def tournament_body(tournament) -> str:
    """The rendered bracket, tables and standings at the stream's current version."""
    key = f"tournament-page-body:{tournament.pk}:{current_version(tournament.stream)}"
    body = cache.get(key)
    if body is None:
        state = projections.state_for(tournament)
        body = render_to_string("tournament/_body.html", {"tournament": tournament, **arrange(state, tournament.pk)})
        cache.set(key, body, BODY_CACHE_SECONDS)
    return body


def tournament_list(request):
    tournaments = visible_tournaments(request.user).select_related("league")[:200]
    return render(request, "tournament/list.html", {"tournaments": tournaments})


def tournament_page(request, tournament_id):
    tournament = visible_tournament(request, tournament_id)
    return render(request, "tournament/detail.html",
                  {"tournament": tournament, "body": mark_safe(tournament_body(tournament))})


def pairing_page(request, tournament_id, pairing_id):
    tournament, state = load(request, tournament_id)
    bracket = projections.bracket_of(state, tournament.pk)
    pairing = find_pairing(bracket, pairing_id)
    if pairing is None:
        raise Http404("no such pairing")
    return render(request, "tournament/pairing.html", {
        "tournament": tournament, "bracket": bracket, "pairing": pairing,
        "penalties": penalties_by_pairing(state).get(pairing_id, []),
        "scoring_lines": pairing_scoring(state, pairing, bracket["scoring"]),
        "scheme_rule": SCHEME_RULES.get(bracket["scoring"], ""),
    })
