"""What an organiser's action will do, said before it is done (the manage page shows these
beside each button).

Read from the folded state with the same pure planner the services use, so a preview of
"start round 3" lists exactly the pairings the click will create. Nothing is written here.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from django.utils.translation import gettext as _, gettext_lazy, ngettext

from game.error_messages import localized

from . import events as ev, planner, scoring
from .formats.base import GROUP_STAGE, PLAYOFF_STAGE
from .state import CANCELLED, FINISHED, REGISTRATION, TournamentState

# planner.CannotStartRound codes in words.
WHY_NOT = {
    "tournament_closed": gettext_lazy("the tournament is over"),
    "not_seeded": gettext_lazy("seed the entrants first"),
    "too_few_entrants": gettext_lazy("at least two entrants must take part"),
    "round_not_finished": gettext_lazy("the current round still has undecided pairings"),
    "bracket_advances_automatically": gettext_lazy("the bracket advances by itself as pairings are decided"),
    "no_more_rounds": gettext_lazy("every round has been played"),
    "no_legal_pairing": gettext_lazy("no pairing without a rematch is possible"),
}


@dataclass
class RoundPreview:
    possible: bool
    round: int
    title: str
    summary: str
    pairings: list[str] = field(default_factory=list)
    last: bool = False  # the last round has started: nothing more to start


def planned_rounds(state: TournamentState) -> int | None:
    """How many rounds a Swiss or a round robin has, once seeded; None where the bracket decides."""
    if state.seeds is None:
        return None
    return state.tournament_format.planned_rounds(state)


def _round_title(state: TournamentState, number: int, stage: str) -> str:
    if state.tournament_format.knockout:
        return _("Start the bracket")
    if stage == PLAYOFF_STAGE:
        return _("Start the playoffs")
    if stage == GROUP_STAGE:
        return _("Start group round %(n)d") % {"n": number}
    return _("Start round %(n)d") % {"n": number}


def start_round(state: TournamentState) -> RoundPreview:
    """The next round's pairings and games, or why it cannot start now."""
    number = len(state.rounds) + 1
    planned = planned_rounds(state)
    if planned is not None and state.started and len(state.rounds) >= planned:
        return RoundPreview(False, number, _("Round %(n)d is the last") % {"n": planned},
                            _("No further round: when its pairings are decided, the tournament ends with its "
                              "final standings."), last=True)
    try:
        started, pairings = planner.start_round(state)
    except planner.CannotStartRound as exc:
        reason = WHY_NOT.get(exc.code) or localized(exc.code, exc.message)
        return RoundPreview(False, number, _("Start round %(n)d") % {"n": number},
                            _("Not now: %(reason)s.") % {"reason": reason})
    if not pairings:  # an elimination stage: the bracket's first pairings follow from the seeds
        after = copy.deepcopy(state)
        after.apply({"seq": state.version + 1, "type": ev.ROUND_STARTED, "payload": started})
        pairings = planner.bracket_pairings(after)
    played = [p for p in pairings if not p.bye]
    byes = [p.a for p in pairings if p.bye]
    summary = ngettext(
        "%(count)d pairing will be created: %(games)d games, a match now and the rematch with sides swapped "
        "when it ends.",
        "%(count)d pairings will be created: %(games)d games, each pairing a match now and the rematch with "
        "sides swapped when it ends.", len(played)) % {"count": len(played), "games": len(played) * scoring.LEGS}
    if byes:
        summary += " " + ngettext("Bye (no game): %(names)s.", "Byes (no game): %(names)s.", len(byes)) % {
            "names": ", ".join(byes)}
    if state.tournament_format.knockout:
        summary += " " + _("After that the bracket advances by itself.")
    return RoundPreview(True, number, _round_title(state, number, started["stage"]), summary,
                        [f"{p.a} v {p.b}" for p in played])


def seeding_by_rating(state: TournamentState) -> list[tuple[str, float, bool]]:
    """``(entrant, rating, provisional)`` in the order seeding by rating gives (ties: the lot)."""
    return sorted(((n, state.entrants[n]["rating"], state.entrants[n].get("provisional", False))
                   for n in state.active_entrants()), key=lambda row: -row[1])


def seeding(state: TournamentState) -> str:
    left_out = [n for n, e in state.entrants.items() if not e["withdrawn"] and n not in state.active_entrants()]
    text = ngettext("%(count)d entrant will be seeded.", "%(count)d entrants will be seeded.",
                    len(state.active_entrants())) % {"count": len(state.active_entrants())}
    if left_out:
        text += " " + _("Not checked in, so left out: %(names)s.") % {"names": ", ".join(left_out)}
    if not state.tournament_format.accepts_late_entry(state.options):
        text += " " + _("Registration closes when you seed; you may seed again until round 1 starts.")
    return text


def withdraw(state: TournamentState, entrant: str) -> str:
    if not state.started:
        if state.seeds is not None and entrant in state.seeds:
            return _("%(name)s will not play. Seed again so the seeding closes the gap.") % {"name": entrant}
        return _("%(name)s is taken off the list of entrants.") % {"name": entrant}
    current = state.current_pairing_of(entrant)
    if current is None:
        return _("%(name)s will not be paired in later rounds.") % {"name": entrant}
    opponent = current["b"] if current["a"] == entrant else current["a"]
    return _("%(name)s loses the pairing under way against %(opponent)s 0:2 (running games end as forfeits) "
             "and will not be paired again.") % {"name": entrant, "opponent": opponent}


def cancel(state: TournamentState) -> str:
    if state.started:
        return _("A started tournament cannot be cancelled: withdraw entrants instead.")
    return _("The tournament is marked cancelled: no rounds, no more entries. Nothing is deleted; the "
             "reason is kept in its history.")


@dataclass
class NextStep:
    text: str
    anchor: str  # the section of the manage page that does it


def next_step(state: TournamentState, join_open: bool) -> NextStep:
    """The one thing the organiser should do now, in words."""
    active = state.active_entrants()
    if state.status == CANCELLED:
        return NextStep(_("The tournament is cancelled."), "history")
    if state.status == FINISHED:
        return NextStep(_("The tournament is over: the final standings are on its page."), "rounds")
    if state.seeds is None:
        if len(active) < 2:
            return NextStep(_("Add entrants, or share the join link so players register themselves."), "entrants")
        return NextStep(ngettext("%(count)d entrant so far. When everybody is in, seed them.",
                                 "%(count)d entrants so far. When everybody is in, seed them.", len(active))
                        % {"count": len(active)}, "seeding")
    preview = start_round(state)
    if preview.possible:
        return NextStep(_("%(title)s.") % {"title": preview.title}, "rounds")
    if state.status == REGISTRATION:
        return NextStep(preview.summary, "seeding")
    undecided = [p for p in state.pairings.values() if state.result(p["id"]).status != scoring.DECIDED]
    waiting = [p for p in undecided if state.result(p["id"]).status in (scoring.AWAITING_REFEREE,
                                                                        scoring.AWAITING_KNOWLEDGE_TEST)]
    if state.tournament_format.knockout or state.rounds[-1]["stage"] == PLAYOFF_STAGE:
        text = ngettext("The bracket is under way: %(count)d pairing is undecided. It advances by itself.",
                        "The bracket is under way: %(count)d pairings are undecided. It advances by itself.",
                        len(undecided)) % {"count": len(undecided)}
    else:
        text = ngettext("Round %(round)d is under way: %(count)d pairing is undecided.",
                        "Round %(round)d is under way: %(count)d pairings are undecided.",
                        len(undecided)) % {"round": state.rounds[-1]["round"], "count": len(undecided)}
    if waiting:
        text += " " + ngettext("%(count)d waits for a knowledge-test score or the referee's decision.",
                               "%(count)d wait for knowledge-test scores or the referee's decision.",
                               len(waiting)) % {"count": len(waiting)}
    return NextStep(text, "rounds")
