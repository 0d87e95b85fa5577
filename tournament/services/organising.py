"""Creating a tournament, its settings, referees and cancellation (docs/rules/service.md, "Tournaments",
"Who uses it").
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from game import clocks
from kernel import refusals
from game.models import Game
from systems.kit.dice import new_seed, seed_commitment
from game.services import check_setup, system_or_reject
from kernel.refusals import CommandRejected
from kernel.store import NewEvent
from systems import registry

from .. import discipline, events as ev, scoring, table
from ..models import Tournament, TournamentSecret
from ..formats import NAMES as FORMATS
from ..state import CANCELLED, DEFAULT_OPTIONS, TournamentState
from ..tiebreaks import TIE_BREAKS
from .reconciliation import act, refresh_projection
from .stream import append, lock, reject


def default_scheme(system: str) -> str:
    """The scoring a new tournament gets unless the organiser picks one: the system's descriptor's."""
    found = registry.find(system)
    return found.default_scoring if found else scoring.GAMES


def _validate_game_setup(system_name: str, setup) -> None:
    """The setup every game of the tournament gets: one the engine accepts (unprocessable with its
    code, as a game created with it would get) and seating two players, one per entrant of a pairing."""
    def refuse(kind, code, message):
        raise CommandRejected(kind, code, message, field="game_setup")

    if not isinstance(setup, dict):
        refuse(refusals.INVALID, "invalid_option", _("game_setup must be an object of the game system's setup options"))
    try:
        sides = check_setup(system_or_reject(system_name), setup)
    except CommandRejected as exc:
        refuse(exc.kind, exc.code, exc.message)
    if len(sides) != 2:
        refuse(refusals.INVALID, "invalid_option", _("a pairing is two players: game_setup must seat exactly two"))


def _validate_settings(fmt, scheme, options, tie_breaks, penalty_scope, time_control, system=None):
    if fmt not in FORMATS:
        reject(refusals.INVALID, "unknown_format",
               _("format must be one of %(choices)s") % {"choices": ", ".join(FORMATS)})
    if scheme not in scoring.SCHEMES:
        reject(refusals.INVALID, "unknown_scoring",
               _("scoring must be one of %(choices)s") % {"choices": ", ".join(scoring.SCHEMES)})
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        reject(refusals.INVALID, "unknown_option",
               _("unknown options: %(names)s") % {"names": ", ".join(sorted(unknown))})
    if tie_breaks is not None and (not tie_breaks or set(tie_breaks) - set(TIE_BREAKS)):
        reject(refusals.INVALID, "unknown_tie_break",
               _("tie_breaks must be taken from %(choices)s") % {"choices": ", ".join(TIE_BREAKS)})
    if penalty_scope not in discipline.SCOPES:
        reject(refusals.INVALID, "unknown_penalty_scope", _("penalty_scope must be 'tournament' or 'pairing'"))
    error = clocks.validate_time_control(time_control)
    if error:
        reject(refusals.INVALID, "invalid_time_control", error)
    if "play_mode" in options and options["play_mode"] not in table.PLAY_MODES:
        reject(refusals.INVALID, "invalid_option",
               _("play_mode must be one of %(choices)s") % {"choices": ", ".join(table.PLAY_MODES)})
    minutes = options.get("auto_confirm_minutes", 1)
    if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or minutes <= 0:
        reject(refusals.INVALID, "invalid_option", _("auto_confirm_minutes must be a positive number of minutes"))
    if options.get("check_in_deadline") and not parse_datetime(str(options["check_in_deadline"])):
        reject(refusals.INVALID, "invalid_option", _("check_in_deadline must be an ISO date-time"))
    if system is not None and "game_setup" in options:
        _validate_game_setup(system, options["game_setup"])


def create_tournament(*, league, name: str, system: str, format: str, created_by, scoring_scheme=None,
                      options=None, tie_breaks=None, penalty_scope=discipline.TOURNAMENT_SCOPE,
                      time_control=None, is_public=True, referees=(), season=None) -> Tournament:
    """``TournamentCreated`` {name, system, format, scoring, options, tie_breaks, penalty_scope,
    time_control, league, season, seed_commitment}."""
    system_or_reject(system)
    scheme = scoring_scheme or default_scheme(system)
    options = dict(options or {})
    _validate_settings(format, scheme, options, tie_breaks, penalty_scope, time_control, system)
    _check_season(league, season)
    seed = new_seed()
    with transaction.atomic():
        tournament = Tournament.objects.create(league=league, name=name, system=system, format=format,
                                               scoring=scheme, is_public=is_public, time_control=time_control,
                                               created_by=created_by, season=season)
        TournamentSecret.objects.create(tournament=tournament, seed=seed)
        if referees:
            tournament.referees.set(referees)
        state = TournamentState([])
        append(tournament, state, [NewEvent(ev.TOURNAMENT_CREATED, {
            "name": name, "system": system, "format": format, "scoring": scheme, "options": options,
            "tie_breaks": tie_breaks, "penalty_scope": penalty_scope, "time_control": time_control,
            "league": league.slug, "season": season.pk if season else None, "is_public": is_public, "seed_commitment": seed_commitment(seed),
        })], created_by.get_username())
        refresh_projection(tournament, state)
    return tournament


def change_settings(tournament_id, changes: dict, actor: str) -> TournamentState:
    """``TournamentSettingsChanged`` {name?, scoring?, options?, tie_breaks?, penalty_scope?,
    time_control?, is_public?} — before the first round only."""
    def work(tournament, state):
        if state.started or state.status == CANCELLED:
            reject(refusals.CONFLICT, "tournament_started", _("settings are fixed once the first round has started"))
        _validate_settings(state.format, changes.get("scoring", state.scheme), changes.get("options") or {},
                           changes.get("tie_breaks", state.info.get("tie_breaks")),
                           changes.get("penalty_scope", state.penalty_scope),
                           changes.get("time_control", state.info.get("time_control")), state.info.get("system"))
        changed = _differences(state, changes)
        if not changed:
            return []  # the settings are already so: nothing to record
        append(tournament, state, [NewEvent(ev.SETTINGS_CHANGED, changed)], actor)
        for field in ("name", "scoring", "time_control", "is_public"):
            if field in changed:
                setattr(tournament, field, changed[field])
        tournament.save()
        return []
    return act(tournament_id, actor, work)


def _differences(state: TournamentState, changes: dict) -> dict:
    """The part of ``changes`` that differs from the tournament's settings (options key by key)."""
    changed = {field: value for field, value in changes.items()
               if field != "options" and state.info.get(field) != value}
    options = {key: value for key, value in (changes.get("options") or {}).items() if state.options.get(key) != value}
    if options:
        changed["options"] = options
    return changed


def _check_season(league, season) -> None:
    if season is not None and season.league_id != league.pk:
        raise CommandRejected(refusals.INVALID, "season_not_in_league", _("the season belongs to another league"))


def set_season(tournament_id, season, actor: str) -> TournamentState:
    """``TournamentSettingsChanged`` {season}: attach the tournament to a season of its league
    (``None`` detaches it), at any time — league tables count the season's tournaments."""
    def work(tournament, state):
        _check_season(tournament.league, season)
        append(tournament, state, [NewEvent(ev.SETTINGS_CHANGED, {"season": season.pk if season else None})], actor)
        tournament.season = season
        tournament.save(update_fields=["season"])
        return []
    return act(tournament_id, actor, work)


def cancel_tournament(tournament_id, reason: str, actor: str) -> TournamentState:
    """``TournamentCancelled`` {reason} — before the first round only (events are never deleted);
    the reason is required: entrants see it."""
    def work(tournament, state):
        if not (reason or "").strip():
            reject(refusals.INVALID, "reason_required", _("say why the tournament is cancelled"))
        if state.status == CANCELLED:
            reject(refusals.CONFLICT, "tournament_cancelled", _("the tournament is cancelled already"))
        if state.started:
            reject(refusals.CONFLICT, "tournament_started", _("a started tournament cannot be cancelled"))
        append(tournament, state, [NewEvent(ev.TOURNAMENT_CANCELLED, {"reason": reason})], actor)
        return []
    return act(tournament_id, actor, work)


def users_named(usernames) -> list:
    """The active users of ``usernames``; ``unknown_user`` naming any that is not one."""
    names = list(dict.fromkeys(usernames))
    users = list(get_user_model().objects.filter(username__in=names, is_active=True))
    missing = sorted(set(names) - {u.get_username() for u in users})
    if missing:
        raise CommandRejected(refusals.INVALID, "unknown_user", _("no user %(names)s") % {"names": ", ".join(missing)})
    return users


def appoint_referees(tournament_id, users: list) -> None:
    """Set a tournament's referees (docs/rules/service.md "Who uses it"), and its games' referees with them:
    a removed referee loses sight of the games' hidden information, a new one gains it. Under the
    tournament's lock, so a round starting meanwhile creates its games with the new referees."""
    with transaction.atomic():
        tournament = lock(tournament_id)
        tournament.referees.set(users)
        for game in Game.objects.filter(pairing_link__pairing__tournament=tournament):
            game.referees.set(users)


def attach_tournaments(season, chosen, actor: str) -> list[Tournament]:
    """Make ``chosen`` (tournaments of the season's league) exactly the season's tournaments:
    each change is a ``TournamentSettingsChanged`` {season} in that tournament's stream."""
    chosen = {t.pk for t in chosen}
    changed = []
    with transaction.atomic():
        for tournament in Tournament.objects.filter(league=season.league).order_by("pk"):
            attached = tournament.season_id == season.pk
            if (tournament.pk in chosen) != attached:
                set_season(tournament.pk, season if tournament.pk in chosen else None, actor)
                changed.append(tournament)
    return changed
