"""Tournament pages (issues 7 and 13; docs/rules/service.md "Tournaments", "Referee discipline").

Everything shown is read from ``tournament.projections`` (``bracket_of`` / ``standings_of``)
and the folded state; this module only arranges it for the templates, in words
(tournament/presentation.py): elimination stages as grids whose boxes sit between the two
boxes that feed them (tournament/bracket_layout.py), round robin as a cross table, Swiss as
rounds, the entrant list while registration is open, standings with the tie-break columns, a
pairing page with both games, the scoring that produced its points and, for the tournament's
referees, the referee panel (tournament/referee_panel.py). ``/tournaments/<id>/embed/`` is the
read-only view other sites may frame; the pages refresh themselves when the stream moves on.
"""
from __future__ import annotations

from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext as _, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.clickjacking import xframe_options_exempt

from systems.kit.presentation import side_name
from kernel.store import current_version, head_hash
from kernel.replica import reads_may_lag

from . import bracket_layout, presentation, projections, referee_panel, table
from .formats import format_for
from .formats.base import CROSS_TABLE, ROUND_LIST, Format
from .models import Pairing, Tournament
from .permissions import is_organiser
from .tiebreaks import OPPONENT_SCORE_KEYS

BRACKET_STAGES = ("winners", "playoff", "third-place", "losers", "final")
STAGE_TITLES = {"winners": gettext_lazy("Winners' bracket"), "playoff": gettext_lazy("Playoffs"),
                "third-place": gettext_lazy("Match for third place"), "losers": gettext_lazy("Losers' bracket"),
                "final": gettext_lazy("Grand final")}
# Standings columns after the rank and the entrant: (row key, header, tie-break key).
STANDING_COLUMNS = (
    ("points", gettext_lazy("Points"), "points"), ("played", gettext_lazy("Played"), None),
    ("games_won", gettext_lazy("Games won"), "games_won"), ("games_lost", gettext_lazy("Games lost"), None),
    ("buchholz", gettext_lazy("Buchholz"), "buchholz"),
    ("sonneborn_berger", gettext_lazy("Sonneborn–Berger"), "sonneborn_berger"),
    ("knowledge_test", gettext_lazy("Knowledge test"), "knowledge_test"), ("rating", gettext_lazy("Rating"), "rating"),
)
# The body of a tournament page is the same for every viewer allowed to see it, so it is cached
# per stream version (and language): a new event makes a new key, nothing goes stale.
BODY_CACHE_SECONDS = 3600
# Another site may frame the embeddable view only; every other page keeps ``frame-ancestors
# 'none'`` (kernel/middleware.py) and X-Frame-Options: DENY.
EMBED_FRAME_POLICY = "frame-ancestors *"
# How often an open page asks whether the tournament moved on (static/js/tournament_live.js).
LIVE_POLL_MS = 8000


def _whole(value):
    return None if value is None else round(value)


def penalties_by_pairing(state) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for p in state.graded_penalties():
        item = {**p, "level_label": presentation.label(presentation.LEVELS, p["level"]) if p["level"] else _("Revoked"),
                "category_label": presentation.label(presentation.OFFENCES, p["category"]),
                "nth": presentation.ordinal(p["offence_number"]) if p["offence_number"] else None}
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


def _name_rounds(bracket: dict, double: bool) -> dict[str, str]:
    """Give every round a title and every pairing a name (``Semi-final 2``); returns key → name."""
    by_stage: dict[str, list[dict]] = {}
    for r in bracket["rounds"]:
        by_stage.setdefault(r["stage"], []).append(r)
    names = {}
    for stage, rounds in by_stage.items():
        if stage in BRACKET_STAGES:
            titles = presentation.round_titles(stage, len(rounds), double)
        else:  # league rounds and group rounds
            titles = [(_("Round %(n)s") % {"n": r["round"]}, _("Round %(n)s, pairing") % {"n": r["round"]})
                      for r in rounds]
        for r, (title, singular) in zip(rounds, titles):
            r["title"] = title
            for i, p in enumerate(r["pairings"]):
                p["name"] = presentation.match_name(title, singular, i, len(r["pairings"]))
                if p["group"]:
                    p["name"] = _("Group %(group)s, %(name)s") % {"group": p["group"], "name": p["name"]}
                names[p["key"]] = p["name"]
    return names


def _cards(penalties: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for pen in penalties:
        if pen["level"]:
            out.setdefault(pen["entrant"], []).append(
                {"level": pen["level"], "text": f"{pen['level_label']}: {pen['category_label']}"})
    return out


class PlayerLinks(dict):
    """Player page addresses, each reversed once per page (a bracket names a player many times)."""

    def __missing__(self, name):
        self[name] = reverse("player-page", args=[name])
        return self[name]


def decorate(p: dict, tournament_id, seeds: dict, spec_match, names: dict, penalties: list[dict],
             decided_by: str | None = None, links: PlayerLinks | None = None) -> dict:
    """A pairing of the bracket projection, ready for ``_match.html``: its entries (seed, name or
    where the entrant will come from, its player page, score, cards), status in words, page link."""
    links = PlayerLinks() if links is None else links
    p["penalties"] = penalties
    p["url"] = reverse("tournament-pairing-page", args=[tournament_id, p["id"]]) if p["id"] else None
    p["details_label"] = _("Details: %(name)s") % {"name": p.get("name", "")}
    p["status_text"] = presentation.pairing_status(p, decided_by)
    cards = _cards(penalties)
    entries = []
    for index, side in enumerate(("a", "b")):
        name = p[side]
        if name:
            placeholder = None
        elif p["walkover"] or p["bye"]:
            placeholder = _("Bye")
        elif spec_match is not None and spec_match.reset_of:
            placeholder = _("if needed")
        elif spec_match is not None:
            placeholder = presentation.slot_text(spec_match.slots[index], names)
        else:
            placeholder = "—"
        entries.append({"name": name, "url": links[name] if name else None, "seed": seeds.get(name),
                        "placeholder": placeholder,
                        "score": p["score"][index] if p["games"] else None,
                        "winner": bool(name) and p["winner"] == name, "cards": cards.get(name, [])})
    p["entries"] = entries
    return p


def _diagram(stages: dict, fmt: Format) -> list[dict]:
    diagram = []
    for stage in BRACKET_STAGES:
        if stage not in stages:
            continue
        rounds = stages[stage]
        columns, rows = bracket_layout.layout([r["pairings"] for r in rounds])
        # Without a losers' bracket the winners' bracket is the bracket.
        title = _("Bracket") if stage == "winners" and not fmt.losers_bracket else STAGE_TITLES[stage]
        diagram.append({"stage": stage, "title": title, "columns": columns, "rows": rows,
                        "titles": [r["title"] for r in rounds], "count": len(rounds)})
    return diagram


def _entrant_rows(state) -> list[dict]:
    order = {name: i + 1 for i, name in enumerate(state.seeds or [])}
    return [{"name": name, "rating": e["rating"], "provisional": e.get("provisional", False),
             "checked_in": e["checked_in"], "withdrawn": e["withdrawn"], "seed": order.get(name)}
            for name, e in sorted(state.entrants.items(), key=lambda kv: (order.get(kv[0], 10**6), kv[0]))]


def arrange(state, tournament_id) -> dict:
    """The template context of a tournament page, from the projections."""
    bracket = projections.bracket_of(state, tournament_id)
    standings = projections.standings_of(state, tournament_id)
    penalties = penalties_by_pairing(state)
    fmt = format_for(bracket["format"])
    names = _name_rounds(bracket, fmt.losers_bracket)
    seeds = {name: i + 1 for i, name in enumerate(state.bracket_seeds() or state.seeds or [])}
    spec = state.bracket_spec()
    spec_matches = spec.by_key() if spec else {}
    stages: dict[str, list] = {}
    links = PlayerLinks()
    for r in bracket["rounds"]:
        for p in r["pairings"]:
            decorate(p, tournament_id, seeds, spec_matches.get(p["key"]), names,
                     penalties.get(p["id"], []) if p["id"] else [], presentation.how_decided(state, p), links)
        if r["stage"] in BRACKET_STAGES:
            stages.setdefault(r["stage"], []).append(r)
    league = [r for r in bracket["rounds"] if r["stage"] == "main"]
    order = [row["entrant"] for row in standings["rows"]]
    groups = []
    for g in standings["groups"]:
        pairings = [p for r in bracket["rounds"] if r["stage"] == "group" for p in r["pairings"]
                    if p["group"] == g["group"]]
        groups.append({**g, "cross": cross_table([row["entrant"] for row in g["rows"]], pairings)})
    tie_breaks = set(standings["tie_breaks"])
    knockout = fmt.knockout
    columns = [{"key": k, "header": h, "tie_break": t in tie_breaks} for k, h, t in STANDING_COLUMNS
               if not (knockout and k in OPPONENT_SCORE_KEYS)]
    rating_column = next(i for i, c in enumerate(columns) if c["key"] == "rating")
    for rows in [standings["rows"]] + [g["rows"] for g in standings["groups"]]:
        for row in rows:
            # each value with its column (phone labels); ratings whole, as everywhere else
            row["cells"] = [(_whole(row.get(c["key"])) if c["key"] == "rating" else row.get(c["key"]), c)
                            for c in columns]
            row["provisional_cell"] = rating_column if row["rating_provisional"] else None
    voided = [{**v, "name": names.get(v["key"], v["key"]),
               "url": reverse("tournament-pairing-page", args=[tournament_id, v["id"]])} for v in bracket["voided"]]
    return {
        "bracket": bracket, "standings": standings, "diagram": _diagram(stages, fmt), "groups": groups,
        "format": fmt.name, "format_label": presentation.label(presentation.FORMATS, fmt.name),
        "system_label": presentation.system_label(state.info.get("system")),
        "scheme_label": presentation.label(presentation.SCHEMES, bracket["scoring"]),
        "play_mode_label": _("played at the table, results reported by the players")
        if state.options.get("play_mode") == table.AT_TABLE else _("played online"),
        "status_label": presentation.label(presentation.TOURNAMENT_STATUS, bracket["status"]),
        "registration": not state.started, "entrants": _entrant_rows(state),
        "any_provisional_entrant": any(e.get("provisional") for e in state.entrants.values()),
        "requires_check_in": bool(state.options.get("requires_check_in")),
        "is_elimination": fmt.draws_bracket,
        "cross": cross_table(order, [p for r in league for p in r["pairings"]])
        if fmt.rounds_shown_as == CROSS_TABLE else None,
        "round_list": league if fmt.rounds_shown_as == ROUND_LIST else None,
        "columns": columns, "voided": voided, "names": names,
        "tie_break_order": [presentation.label(presentation.TIE_BREAKS, t) for t in standings["tie_breaks"]
                            if not (knockout and t in OPPONENT_SCORE_KEYS)],
        "scheme_rule": presentation.label(presentation.SCHEME_RULES, bracket["scoring"]),
        # Words every pairing box repeats, translated once per page rather than once per box.
        "box_words": {"seed": _("seed"), "games_won": _("games won"), "details": _("Details"),
                      "table": _("table")},
        "any_provisional": any(row["rating_provisional"] for row in standings["rows"]),
    }


def find_pairing(bracket: dict, pairing_id: str) -> dict | None:
    return next((p for r in bracket["rounds"] for p in r["pairings"] if p["id"] == pairing_id), None)


def _game_line(g: dict) -> str:
    r = g["result"]
    sides = ", ".join(f"{side_name(side)}: {name}" for side, name in g["sides"].items())
    game = _("Match") if g["leg"] == 1 else _("Rematch")
    if r is None:
        return _("%(game)s (%(sides)s) is not finished yet.") % {"game": game, "sides": sides}
    if r["aborted"]:
        won = _("aborted, no winner")
    elif r["winner"]:
        won = _("won by %(name)s") % {"name": r["winner"]}
    else:
        won = _("no winner")
    how = presentation.label(presentation.GAME_ENDINGS, r["ended_by"])
    scores = ", ".join(f"{n} {v}" for n, v in (r.get("vp") or {}).items())
    vp = "; " + _("VP %(scores)s") % {"scores": scores} if scores else ""
    return _("%(game)s (%(sides)s): %(won)s, %(how)s%(vp)s.") % {"game": game, "sides": sides, "won": won,
                                                                   "how": how, "vp": vp}


def pairing_scoring(state, pairing: dict, scheme: str) -> list[str]:
    """Plain sentences: how the games' results became this pairing's score and points."""
    lines = [_game_line(g) for g in pairing["games"]]
    tests = {n: state.tests.get(n) for n in (pairing["a"], pairing["b"]) if n}
    if scheme in ("polish", "vp-aggregate"):
        known = ", ".join(f"{n} {t:g}" for n, t in tests.items() if t is not None)
        lines.append(_("Knowledge test: %(scores)s.") % {"scores": known or _("not recorded")})
    for name in pairing["red_cards"]:
        lines.append(_("Red card to %(name)s: the pairing ends 0:2 against %(name)s.") % {"name": name})
    for d in state.decisions.get(pairing["id"], []):
        lines.append(_("%(decision)s by %(referee)s: %(reason)s") % {
            "decision": presentation.label(presentation.DECISIONS, d["kind"]),
            "referee": d.get("referee") or _("the referee"), "reason": d.get("reason", "")})
    lines.append(_("Score %(a)s:%(b)s → points %(pa)s:%(pb)s. %(status)s.") % {
        "a": pairing["score"][0], "b": pairing["score"][1], "pa": pairing["points"][0], "pb": pairing["points"][1],
        "status": presentation.pairing_status(pairing, presentation.how_decided(state, pairing))})
    return lines


def visible_tournament(request, tournament_id) -> Tournament:
    tournament = Tournament.objects.visible_to(request.user).filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament


def load(request, tournament_id):
    """The tournament row and its folded state, or 404."""
    tournament = visible_tournament(request, tournament_id)
    return tournament, projections.state_for(tournament)


def tournament_body(tournament) -> tuple[str, int]:
    """The rendered bracket, tables and standings at the stream's current version, and that version."""
    version = current_version(tournament.stream)
    key = f"tournament-page-body:{tournament.pk}:{version}:{get_language()}"
    body = cache.get(key)
    if body is None:
        state = projections.state_for(tournament)
        body = render_to_string("tournament/_body.html", {"tournament": tournament, **arrange(state, tournament.pk)})
        cache.set(key, body, BODY_CACHE_SECONDS)
    return body, version


def tournament_list(request):
    tournaments = Tournament.objects.visible_to(request.user).select_related("league")[:200]
    return render(request, "tournament/list.html", {"tournaments": tournaments})


def live_context(tournament, version: int) -> dict:
    """What static/js/tournament_live.js follows: the tournament's event stream, or (a browser
    without EventSource) its version every ``poll_ms``."""
    return {"version": version, "version_url": reverse("tournament-version", args=[tournament.pk]),
            "stream_url": reverse("tournament-stream", args=[tournament.pk]) + f"?after={version}",
            "body_url": reverse("tournament-body", args=[tournament.pk]), "poll_ms": LIVE_POLL_MS}


@reads_may_lag
def tournament_page(request, tournament_id):
    tournament = visible_tournament(request, tournament_id)
    body, version = tournament_body(tournament)
    return render(request, "tournament/detail.html", {"tournament": tournament, "body": mark_safe(body),
                                                      "live": live_context(tournament, version),
                                                      "head_hash": head_hash(tournament.stream)})


@xframe_options_exempt
@reads_may_lag
def tournament_embed(request, tournament_id):
    """The read-only bracket and standings for other sites' frames (links open on this site)."""
    tournament = visible_tournament(request, tournament_id)
    body, version = tournament_body(tournament)
    response = render(request, "tournament/embed.html", {"tournament": tournament, "body": mark_safe(body),
                                                         "live": live_context(tournament, version)})
    response["Content-Security-Policy"] = EMBED_FRAME_POLICY
    return response


@never_cache
def tournament_version(request, tournament_id):
    """``{"version": n}``: what the pages poll to learn that the tournament moved on."""
    tournament = visible_tournament(request, tournament_id)
    return JsonResponse({"version": current_version(tournament.stream)})


@never_cache
def tournament_body_fragment(request, tournament_id):
    tournament = visible_tournament(request, tournament_id)
    body, version = tournament_body(tournament)
    response = HttpResponse(body)
    response["X-Stream-Version"] = str(version)
    return response


def pairing_redirect(request, pairing_id):
    """``/pairings/<id>/``: the pairing's page under its tournament."""
    pairing = Pairing.objects.filter(pk=pairing_id).only("tournament_id").first()
    if pairing is None:
        raise Http404("no such pairing")
    visible_tournament(request, pairing.tournament_id)
    return redirect("tournament-pairing-page", tournament_id=pairing.tournament_id, pairing_id=str(pairing_id))


def _voided_pairing(bracket: dict, pairing_id: str) -> dict | None:
    voided = next((v for v in bracket["voided"] if v["id"] == pairing_id), None)
    if voided is None:
        return None
    replacement = next((p for r in bracket["rounds"] for p in r["pairings"] if p["key"] == voided["key"]), None)
    return {**voided, "replacement_url": replacement["url"] if replacement and replacement.get("url") else None,
            "replacement_name": replacement.get("name") if replacement else None}


def pairing_page(request, tournament_id, pairing_id, panel_forms=None, status=200):
    """A pairing: its games, how its points were scored, its penalties and decisions, and for the
    tournament's referees the referee panel (``panel_forms``: bound forms after a refused POST)."""
    tournament, state = load(request, tournament_id)
    context = arrange(state, tournament.pk)
    bracket = context["bracket"]
    pairing = find_pairing(bracket, pairing_id)
    voided = None if pairing else _voided_pairing(bracket, pairing_id)
    if pairing is None and voided is None:
        raise Http404("no such pairing")
    if voided:
        pairing = decorate({**voided, "status": "pending", "score": [0, 0], "points": [0, 0], "winner": None,
                            "red_cards": [], "bye": False, "walkover": False, "group": None},
                           tournament.pk, {}, None, {}, [])
    round_title = next((r["title"] for r in bracket["rounds"] if any(p["id"] == pairing_id for p in r["pairings"])), "")
    decisions = [{**d, "label": presentation.label(presentation.DECISIONS, d["kind"])}
                 for d in state.decisions.get(pairing_id, [])]
    return render(request, "tournament/pairing.html", {
        "tournament": tournament, "bracket": bracket, "pairing": pairing, "voided": voided,
        "round_title": round_title, "status_label": context["status_label"],
        "scheme_label": context["scheme_label"], "scheme_rule": context["scheme_rule"],
        "penalties": penalties_by_pairing(state).get(pairing_id, []), "decisions": decisions,
        "scoring_lines": [] if voided else pairing_scoring(state, pairing, bracket["scoring"]),
        "panel": None if voided else referee_panel.panel(request.user, tournament, state, pairing, panel_forms,
                                                             context["names"]),
        "live": live_context(tournament, state.version),
        "move_to_table": not voided and is_organiser(request.user, tournament)
        and table.movable_to_table(state.pairings.get(pairing_id)) and state.status == "running",
    }, status=status)
