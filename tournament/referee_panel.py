"""What the referee panel of a pairing page shows (issue 13 "Referee panel"; docs/rules/service.md "Referee
discipline"; docs/rules/303.md "Tournament rules from the sheet").

Only the tournament's referees (and league admins, as the API allows) get a panel. It offers the
decisions tournament/decisions.py would accept now, the knowledge tests, an offence form that
says which card the offence will be before it is confirmed, and a revocation per penalty. A
refusal of the services is put next to the field it concerns, in words.
"""
from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy

from django.urls import reverse

from . import decisions, discipline, presentation, table
from .permissions import is_referee
from .referee_forms import KnowledgeTestForm, OffenceForm, ResultForm, RevokeForm, TieForm
from .services.refereeing import pairing_started

# A service refusal code → the form field it concerns (None: the form as a whole) and words.
REFUSALS = {
    "reason_required": ("reason", gettext_lazy("Write the reason: it is part of the record.")),
    "void_reason_required": ("void_reason", gettext_lazy("Write why these pairings are voided.")),
    "winner_required": ("winner", gettext_lazy("Choose the winner.")),
    "not_in_pairing": ("winner", gettext_lazy("The winner must be one of the two players.")),
    "winner_contradicts_score": ("winner", gettext_lazy("That winner contradicts the result.")),
    "score_required": ("result", gettext_lazy("Choose the result.")),
    "invalid_score": ("result", gettext_lazy("Choose 2:0, 1:1 or 0:2.")),
    "next_pairing_started": ("void", gettext_lazy(
        "A later pairing this result feeds has started. Tick it to void it and have it played again with the "
        "new entrant, or leave the result as it is.")),
    "void_not_needed": ("void", gettext_lazy("Only pairings this decision changes can be voided with it.")),
    "knowledge_test_missing": (None, gettext_lazy(
        "The knowledge tests decide a 1:1 first: record both scores above.")),
    "already_decided": (None, gettext_lazy(
        "The pairing is decided already. Change it only with an overrule (below).")),
    "overrule_required": (None, gettext_lazy(
        "The pairing is decided already. Change it only with an overrule (below).")),
    "replaces_outdated": (None, gettext_lazy(
        "The result changed while you were deciding. Check the page again before you overrule.")),
    "overrule_changes_nothing": ("result", gettext_lazy("That is the result the pairing has already.")),
    "game_in_progress": ("result", gettext_lazy("A game of this pairing is still in play: rule when it has ended.")),
    "forfeited": (None, gettext_lazy("A red card or a withdrawal decided this pairing: revoke the penalty instead.")),
    "tournament_finished": (None, gettext_lazy(
        "The tournament has finished: this change would need pairings to be played again.")),
    "already_revoked": (None, gettext_lazy("That penalty was revoked already.")),
    "unknown_offence": ("category", gettext_lazy("Choose an offence from the list.")),
}


def add_refusal(form, exc) -> None:
    """Show a service refusal on ``form``: next to its field when it concerns one."""
    field, words = REFUSALS.get(exc.code, (None, exc.message))
    form.add_error(field if field in form.fields else None, str(words))


def consequence(state, pairing: dict, entrant: str) -> dict:
    """Which card the entrant's next offence in this pairing is, and what it does, in words."""
    number, level = discipline.next_offence(state.penalties, entrant, pairing["id"], state.penalty_scope)
    opponent = pairing["b"] if entrant == pairing["a"] else pairing["a"]
    words = {"name": entrant, "nth": presentation.ordinal(number), "opponent": opponent}
    if level == discipline.RED:
        text = _("This is %(name)s's %(nth)s offence: a red card. %(name)s is excluded from this pairing, which "
                 "ends 0:2 for %(opponent)s whatever the score; games still in play end as forfeits.") % words
        reds = discipline.red_cards(state.graded_penalties()).get(pairing["id"], set())
        if opponent in reds:
            text += " " + _("%(opponent)s has a red card in this pairing already: both score 0 points.") % words
    elif level == discipline.YELLOW:
        text = _("This is %(name)s's %(nth)s offence: a yellow card.") % words
    else:
        text = _("This is %(name)s's %(nth)s offence: a warning.") % words
    return {"number": number, "level": level, "level_label": presentation.label(presentation.LEVELS, level),
            "text": text}


def _ladder(state, pairing: dict, entrants: list[str]) -> list[dict]:
    graded = state.graded_penalties()
    rows = []
    for name in entrants:
        counted = [p for p in graded if p["entrant"] == name and p["level"] and
                   (state.penalty_scope == discipline.TOURNAMENT_SCOPE or p["pairing"] == pairing["id"])]
        nxt = consequence(state, pairing, name)
        rows.append({"name": name, "count": presentation.offence_count(len(counted)),
                     "levels": [presentation.label(presentation.LEVELS, p["level"]) for p in counted],
                     "next": nxt["level_label"], "next_level": nxt["level"]})
    return rows


def _current_result(state, pairing: dict) -> tuple[str | None, str]:
    """What an overrule names as replaced: the decision in force, else the result's score."""
    in_force = state.decision_in_force(pairing["id"])
    score = "{}:{}".format(*state.named_result(state.pairings[pairing["id"]])["score"])
    return (in_force["decision_id"] if in_force else None), score


def voidable(state, pairing: dict, names: dict) -> list[tuple[str, str]]:
    """``(id, label)`` of the later pairings an overrule of this one might void: those started."""
    out = []
    for later in decisions.later_pairings(state, pairing["id"]):
        if pairing_started(later):
            out.append((later["id"], _("%(name)s: %(a)s v %(b)s (has started)") % {
                "name": names.get(later["key"], later["key"]), "a": later["a"], "b": later["b"]}))
    return out


def table_disputes(tournament, state, pairing: dict) -> list[dict]:
    """The disputed legs of a pairing played at the table, while they can be decided (on its
    report page)."""
    if not table.takes_results(state, pairing):
        return []
    base = reverse("tournament-pairing-report", args=[tournament.pk, pairing["id"]])
    return [{"leg": leg, "title": _("Match") if leg == 1 else _("Rematch"), "by": report["disputed_by"],
             "reason": report["reason"], "reporter": report.get("reporter"),
             "url": f"{base}?decide={leg}#decide-leg-{leg}"}
            for leg, report in sorted(pairing.get("reports", {}).items()) if report["status"] == table.DISPUTED]


def revoke_prefix(penalty_id: str) -> str:
    return f"revoke-{penalty_id}"


def panel(user, tournament, state, pairing: dict, bound: dict | None = None, names: dict | None = None) -> dict | None:
    """The panel's context for a referee of the tournament, else None. ``bound``: forms after a
    refused POST (``tests``, ``offence``, ``review``, ``revoke`` as ``(penalty id, form)``, ``tie``,
    ``dispute``, ``overrule``); ``names``: bracket key → the pairing's name in words."""
    if not is_referee(user, tournament) or pairing["bye"] or not pairing["id"] or not pairing["b"]:
        return None
    bound = bound or {}
    pid = pairing["id"]
    entrants = [pairing["a"], pairing["b"]]
    offered = decisions.offered(state, pid)
    # A player with a red card in this pairing is out of it: no further offence to record.
    sent_off = discipline.red_cards(state.graded_penalties()).get(pid, set())
    playing = [name for name in entrants if name not in sent_off]
    graded = [p for p in state.graded_penalties() if p["pairing"] == pid and not p["revoked"]]
    refused_id, refused_form = bound.get("revoke") or (None, None)
    revoke_forms = [(p, refused_form if p["id"] == refused_id else RevokeForm(prefix=revoke_prefix(p["id"])))
                    for p in graded]
    out = {
        "tests": bound.get("tests") or KnowledgeTestForm(
            entrants=entrants, current={n: state.test_score(n, pairing["round"]) for n in entrants}),
        "offence": (bound.get("offence") or OffenceForm(entrants=playing)) if playing else None,
        "sent_off": [name for name in entrants if name in sent_off],
        "table_disputes": table_disputes(tournament, state, state.pairings[pid]) if pid in state.pairings else [],
        "review": bound.get("review"),
        "ladder": _ladder(state, pairing, entrants),
        "scope": state.penalty_scope,
        "revoke": [{"penalty": {**p, "level_label": presentation.label(presentation.LEVELS, p["level"]),
                                "category_label": presentation.label(presentation.OFFENCES, p["category"])},
                    "form": form} for p, form in revoke_forms],
        "tie": None, "dispute": None, "overrule": None,
        "dispute_sets_score": "dispute_score" in offered,
    }
    # A decision refused because the pairing moved on (another referee was quicker) is no longer
    # offered: its refusal is shown at the top of the panel instead.
    out["errors"] = [str(e) for kind in ("tie", "dispute", "overrule") if kind in bound and kind not in offered
                     for e in bound[kind].non_field_errors() or [_("The pairing changed: see its result above.")]]
    if "tie" in offered:
        out["tie"] = bound.get("tie") or TieForm(entrants=entrants)
    if "dispute" in offered:
        keep = _("Leave the result as it is")
        out["dispute"] = bound.get("dispute") or ResultForm(entrants=entrants, kind="dispute", keep=keep)
    if "overrule" in offered:
        replaces, score = _current_result(state, pairing)
        out["overrule"] = bound.get("overrule") or ResultForm(
            entrants=entrants, kind="overrule", keep=None, voidable=voidable(state, pairing, names or {}),
            initial={"replaces": replaces or "", "replaces_result": "" if replaces else score})
        result = state.named_result(state.pairings[pid])
        how = presentation.how_decided(state, pairing)
        out["current_result"] = _("%(score)s, won by %(name)s") % {"score": score, "name": result["winner"]} \
            if result["winner"] else score
        if how:
            out["current_result"] += f" ({how})"
    return out
