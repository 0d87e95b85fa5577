"""How a tournament reads to people (issue 13 "Bracket and tournament pages"): formats, scoring
schemes, statuses, round and match names, offences, sanctions and decisions in plain words.

The state and the projections speak in codes (``awaiting_knowledge_test``, ``W3-2``); the pages
and the referee panel say them only through this module, so the words live in one place and
are translatable.
"""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from game import clocks
from systems import registry

from . import discipline, scoring
from .formats import (double_elimination, elimination, groups_playoffs, round_robin, single_elimination,
                      swiss_system)

# The words of each format (tournament/formats/), keyed by its stored name.
FORMATS = {swiss_system.NAME: gettext_lazy("Swiss"), single_elimination.NAME: gettext_lazy("Single elimination"),
           double_elimination.NAME: gettext_lazy("Double elimination"), round_robin.NAME: gettext_lazy("Round robin"),
           groups_playoffs.NAME: gettext_lazy("Groups, then playoffs")}
FORMAT_DESCRIPTIONS = {
    swiss_system.NAME: gettext_lazy("everyone plays every round, paired with players on the same score"),
    single_elimination.NAME: gettext_lazy("a knockout bracket"),
    double_elimination.NAME: gettext_lazy("out after two lost pairings"),
    round_robin.NAME: gettext_lazy("everyone meets everyone"),
    groups_playoffs.NAME: gettext_lazy("round-robin groups, then a knockout playoff"),
}
SCHEMES = {scoring.POLISH: gettext_lazy("Polish scoring (303 sheet)"), scoring.VP_AGGREGATE: gettext_lazy("VP aggregate"),
           scoring.GAMES: gettext_lazy("One point per game")}
SCHEME_RULES = {
    scoring.POLISH: gettext_lazy(
        "2:0 → 3 points; 1:1 → 2 points to the better knowledge-test score and 1 to the worse (equal scores "
        "wait for the referee); 0:2 → 0."),
    scoring.VP_AGGREGATE: gettext_lazy(
        "Each game is won by the side with more VP; a 1:1 is decided by the VP margin summed over both games, "
        "then the knowledge test, then the referee."),
    scoring.GAMES: gettext_lazy("1 point per game won."),
}
SCOPES = {discipline.TOURNAMENT_SCOPE: gettext_lazy("Over the whole tournament (the 303 sheet)"),
          discipline.PAIRING_SCOPE: gettext_lazy("Afresh in every pairing")}


TOURNAMENT_STATUS = {"registration": gettext_lazy("Registration open"), "running": gettext_lazy("Under way"),
                     "finished": gettext_lazy("Finished"), "cancelled": gettext_lazy("Cancelled")}
PAIRING_STATUS = {
    "pending": gettext_lazy("Not started"), scoring.PLAYING: gettext_lazy("In play"),
    scoring.DECIDED: gettext_lazy("Finished"),
    scoring.AWAITING_REFEREE: gettext_lazy("Waiting for the referee's decision"),
    scoring.AWAITING_KNOWLEDGE_TEST: gettext_lazy("Waiting for knowledge-test scores"),
}
OFFENCES = {"stalling": gettext_lazy("Undue delay (stalling)"), "disturbing_play": gettext_lazy("Disturbing play"),
            "foul_language": gettext_lazy("Foul language"), "insulting_others": gettext_lazy("Insulting others"),
            "other": gettext_lazy("Other")}
LEVELS = {discipline.WARNING: gettext_lazy("Warning"), discipline.YELLOW: gettext_lazy("Yellow card"),
          discipline.RED: gettext_lazy("Red card")}
DECISIONS = {"tie": gettext_lazy("Tie decided"), "dispute": gettext_lazy("Dispute ruled"),
             "overrule": gettext_lazy("Result overruled")}
TIE_BREAKS = {"points": gettext_lazy("points"), "head_to_head": gettext_lazy("head-to-head"),
              "games_won": gettext_lazy("games won"), "buchholz": gettext_lazy("Buchholz"),
              "sonneborn_berger": gettext_lazy("Sonneborn–Berger"), "knowledge_test": gettext_lazy("knowledge test"),
              "rating": gettext_lazy("rating")}
GAME_ENDINGS = {"ResultRecorded": gettext_lazy("played to the end"), "GameForfeited": gettext_lazy("forfeited"),
                "TimeoutAdjudicated": gettext_lazy("out of time"), "GameAborted": gettext_lazy("aborted")}


def label(table: dict, code) -> str:
    """The words for ``code`` in ``table``; an unknown code in words rather than as an identifier."""
    return str(table[code]) if code in table else str(code or "").replace("_", " ").replace("-", " ")


def system_label(name) -> str:
    """A game system's label (its descriptor's); a system without a folder of its own (a test
    double, a plug-in) in words rather than as an identifier."""
    found = registry.find(name)
    return str(found.label) if found and found.module else label({}, name)


def time_control_text(time_control: dict | None) -> str:
    """``{"kind": "per-move", "seconds": 86400}`` → "24 h per move"; None → "untimed"."""
    return clocks.time_control_text(time_control)


def ordinal(n: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(n) or _("%(n)sth") % {"n": n}


def pairing_status(pairing: dict, decided_by: str | None = None) -> str:
    if decided_by:
        return _("Finished (%(how)s)") % {"how": decided_by}
    if pairing.get("void") and not pairing.get("walkover"):
        return _("Not played")
    if pairing.get("walkover"):
        return _("Walkover")
    if pairing.get("bye"):
        return _("Bye")
    if pairing["status"] == "pending" and not (pairing.get("a") and pairing.get("b")):
        return _("Waiting for its entrants")
    return label(PAIRING_STATUS, pairing["status"])


def how_decided(state, pairing: dict) -> str | None:
    """What settled a finished pairing when the games alone did not: a red card, a withdrawal,
    the referee, or the tie-break of a 1:1 (VP margin, knowledge test)."""
    if pairing["status"] != scoring.DECIDED or not pairing.get("id") or pairing["id"] not in state.pairings:
        return None
    raw = state.pairings[pairing["id"]]
    if pairing["red_cards"]:
        return _("red card")
    if raw["withdrawn"]:
        return _("withdrawal")
    if state.decision_in_force(pairing["id"]):
        return _("referee's decision")
    if list(pairing["score"]) == [1, 1] and pairing["winner"]:
        results = list(raw["results"].values())
        if state.scheme == scoring.VP_AGGREGATE and results and all(r.get("vp") for r in results):
            margin = sum(r["vp"].get(pairing["a"], 0) - r["vp"].get(pairing["b"], 0) for r in results)
            if margin:
                return _("VP margin")
        return _("knowledge test")
    return None


def round_titles(stage: str, count: int, double: bool) -> list[tuple[str, str]]:
    """``(title of the round, name of one of its matches)`` for the ``count`` rounds of a stage,
    named from the end as organisers name them: Final, Semi-finals, Quarter-finals…"""
    out = []
    for index in range(count):
        from_end = count - index  # 1: the last round
        if stage == elimination.FINAL:
            out.append((_("Grand final"), _("Grand final")) if index == 0 else
                       (_("Grand final reset"), _("Grand final reset")))
        elif stage == elimination.THIRD_PLACE:
            out.append((_("Match for third place"), _("Match for third place")))
        elif stage == elimination.LOSERS:
            out.append((_("Losers' final"), _("Losers' final")) if from_end == 1 else
                       (_("Losers' round %(n)s") % {"n": index + 1}, _("Losers' round %(n)s, match") % {"n": index + 1}))
        elif double:
            named = {1: (_("Winners' final"), _("Winners' final")),
                     2: (_("Winners' semi-finals"), _("Winners' semi-final")),
                     3: (_("Winners' quarter-finals"), _("Winners' quarter-final"))}
            out.append(named.get(from_end) or (_("Winners' round %(n)s") % {"n": index + 1},
                                               _("Winners' round %(n)s, match") % {"n": index + 1}))
        else:
            named = {1: (_("Final"), _("Final")), 2: (_("Semi-finals"), _("Semi-final")),
                     3: (_("Quarter-finals"), _("Quarter-final"))}
            size = 2 ** from_end
            out.append(named.get(from_end) or (_("Round of %(n)s") % {"n": size},
                                               _("Round of %(n)s, match") % {"n": size}))
    return out


def match_name(title: str, singular: str, index: int, count: int) -> str:
    """``Semi-final 2``; the lone match of a round is called by the round's title (``Final``)."""
    return title if count == 1 else f"{singular} {index + 1}"


def slot_text(source: dict, names: dict) -> str:
    """An empty bracket slot in words: where its entrant will come from."""
    if "winner" in source:
        return _("Winner of %(match)s") % {"match": names.get(source["winner"], source["winner"])}
    if "loser" in source:
        return _("Loser of %(match)s") % {"match": names.get(source["loser"], source["loser"])}
    return _("Bye")


def offence_count(n: int) -> str:
    return ngettext("%(n)s offence", "%(n)s offences", n) % {"n": n}
