"""Entrants: registration, withdrawal, check-in and seeding (docs/rules/service.md, "Tournaments")."""
from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from kernel import refusals
from systems.kit.dice import SeededDice
from kernel.store import NewEvent
from accounts.models import bot_names

from .. import events as ev
from ..entry_ratings import entry_rating
from ..state import CANCELLED, FINISHED, TournamentState
from .reconciliation import act
from .stream import append, reject


def _deadline_passed(state: TournamentState, now: datetime) -> bool:
    deadline = state.options.get("check_in_deadline")
    return bool(deadline) and now > parse_datetime(str(deadline))


# An entry rating an organiser may give: an Elo no player has ever left (the start is 1500).
MIN_ENTRY_RATING, MAX_ENTRY_RATING = 0, 4000


def check_entry_rating(rating) -> None:
    """``rating`` is None (the player's Elo is taken) or a number within the bounds, else ``invalid_rating``."""
    if rating is None:
        return
    if isinstance(rating, bool) or not isinstance(rating, (int, float)) \
            or not MIN_ENTRY_RATING <= rating <= MAX_ENTRY_RATING:
        reject(refusals.INVALID, "invalid_rating", _("a rating must be a number from %(low)s to %(high)s") % {
            "low": MIN_ENTRY_RATING, "high": MAX_ENTRY_RATING})


def register(tournament_id, username: str, actor: str, rating=None) -> TournamentState:
    """``EntrantRegistered`` {entrant, rating, provisional, late}. Before seeding; later only for
    Swiss with ``late_entry`` (the entrant joins the next round with no points).

    The rating is the player's current Elo in the tournament's system (docs/rules/service.md, "Ratings"),
    or the start rating while unrated, marked ``provisional`` below the rating source's ``provisional_games`` rated
    games; an organiser may give another within ``MIN_ENTRY_RATING``–``MAX_ENTRY_RATING``.
    A withdrawn entrant may register again while registration is open (he enters afresh). A
    practice bot's account only with the option ``allow_bots`` (422 ``bots_not_allowed``)."""
    check_entry_rating(rating)

    def work(tournament, state):
        if state.status in (FINISHED, CANCELLED):
            reject(refusals.CONFLICT, "tournament_closed", _("the tournament is over"))
        player_id = get_user_model().objects.filter(username=username, is_active=True).values_list(
            "pk", flat=True).first()
        if player_id is None:
            reject(refusals.INVALID, "unknown_user", _("no active user %(username)r") % {"username": username})
        if bot_names([username]) and not state.options.get("allow_bots"):
            reject(refusals.UNPROCESSABLE, "bots_not_allowed", _("%(username)s is a practice bot and this tournament does not allow "
                                              "bots (the organiser may allow them in its settings)") % {
                "username": username})
        if username in state.entrants and not state.entrants[username]["withdrawn"]:
            reject(refusals.CONFLICT, "already_registered",
                   _("%(username)s is already registered") % {"username": username})
        late = state.seeds is not None
        if late and not state.tournament_format.accepts_late_entry(state.options):
            reject(refusals.CONFLICT, "registration_closed", _("registration closed when the entrants were seeded"))
        entered, provisional = entry_rating(tournament.system, player_id) if rating is None else (rating, False)
        append(tournament, state, [NewEvent(ev.ENTRANT_REGISTERED, {
            "entrant": username, "rating": entered, "provisional": provisional, "late": late})], actor)
        return []
    return act(tournament_id, actor, work)


def withdraw(tournament_id, username: str, actor: str, reason: str = "") -> TournamentState:
    """``EntrantWithdrawn`` {entrant, reason}. After the start, the entrant forfeits the pairing
    under way (its running games end as forfeits) and every later one."""
    def work(tournament, state):
        entrant = state.entrants.get(username)
        if entrant is None or entrant["withdrawn"]:
            reject(refusals.NOT_FOUND, "not_an_entrant",
                   _("%(username)s is not an active entrant") % {"username": username})
        if state.status in (FINISHED, CANCELLED):
            reject(refusals.CONFLICT, "tournament_closed", _("the tournament is over"))
        append(tournament, state, [NewEvent(ev.ENTRANT_WITHDRAWN, {"entrant": username, "reason": reason})], actor)
        return list(state.pairings)
    return act(tournament_id, actor, work)


def check_in(tournament_id, username: str, actor: str, now=None) -> TournamentState:
    """``CheckedIn`` {entrant}: until the check-in deadline and before seeding."""
    def work(tournament, state):
        entrant = state.entrants.get(username)
        if entrant is None or entrant["withdrawn"]:
            reject(refusals.NOT_FOUND, "not_an_entrant",
                   _("%(username)s is not an active entrant") % {"username": username})
        if entrant["checked_in"]:
            reject(refusals.CONFLICT, "already_checked_in",
                   _("%(username)s has checked in already") % {"username": username})
        if state.seeds is not None or _deadline_passed(state, now or timezone.now()):
            reject(refusals.CONFLICT, "check_in_closed", _("check-in is closed"))
        append(tournament, state, [NewEvent(ev.CHECKED_IN, {"entrant": username})], actor)
        return []
    return act(tournament_id, actor, work)


BY_RATING, BY_LOT, MANUAL = "rating", "lot", "manual"
SEEDING_METHODS = (BY_RATING, BY_LOT, MANUAL)


def seed(tournament_id, actor: str, order: list[str] | None = None, method: str | None = None) -> TournamentState:
    """``Seeded`` {order, method, lot}: ``rating`` (ties broken by a lot from the tournament's
    fair seed, recorded as ``lot``), ``lot`` (the lot alone), or ``manual`` (the organiser's
    ``order``). Default: manual when an order is given, else by rating. Entrants who have not
    checked in (when required) are left out."""
    method = method or (MANUAL if order is not None else BY_RATING)

    def work(tournament, state):
        if method not in SEEDING_METHODS:
            reject(refusals.INVALID, "unknown_seeding_method",
                   _("method must be one of %(choices)s") % {"choices": ", ".join(SEEDING_METHODS)})
        if (method == MANUAL) != (order is not None):
            reject(refusals.INVALID, "seeding_mismatch", _("an explicit order goes with the manual method only"))
        if state.started or state.status == CANCELLED:
            reject(refusals.CONFLICT, "tournament_started", _("seeding is fixed once the first round has started"))
        active = state.active_entrants()
        if method == MANUAL:
            if sorted(order) != sorted(active):
                reject(refusals.INVALID, "seeding_mismatch", _("order must list every active entrant exactly once"))
            payload = {"order": list(order), "method": MANUAL, "lot": None}
        else:
            dice = SeededDice(tournament.secret.seed, tournament.stream, state.version + 1)
            lot = {name: dice.randbelow(2**32) for name in sorted(active)}
            if method == BY_RATING:
                ranked = sorted(active, key=lambda n: (-state.entrants[n]["rating"], lot[n]))
            else:
                ranked = sorted(active, key=lot.__getitem__)
            payload = {"order": ranked, "method": method, "lot": lot}
        append(tournament, state, [NewEvent(ev.SEEDED, payload)], actor)
        return []
    return act(tournament_id, actor, work)
