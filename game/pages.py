"""Server-rendered game pages (issue 7, 15): home, game list, play/watch page, replay viewer.

The pages render what the API would return (``game.api.views.game_detail``) so they work
without JavaScript: the situation in words, each of the engine's ``legal_actions`` as a form
posting exactly that command (docs/rules/service.md, "Who uses it": a player submits commands for their
own side only), the event log, and buttons to resign, abort or claim on time (``game.endings``,
the same functions as the API). Small scripts in ``static/js`` then draw the board, turn board
clicks into those commands, submit through the API with session auth + CSRF, and follow the
game live.

Words come from ``game.presentation``; a system may extend the pages with its own templates
``game/<module>/play.html`` and ``game/<module>/replay.html`` (module as in
the descriptor's ``templates``), which extend ``game/play.html`` / ``game/replay.html``.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language, gettext as _, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from game import clocks, endings, imports, replay, services, timeouts
from kernel import refusals
from kernel import bounded_json
from kernel.replica import reads_may_lag
from accounts.models import bot_names
from accounts.roles import is_league_admin
from game import clocks, endings, imports, replay, replay_fog, services, timeouts
from .api.views import game_detail, games_with_seats, visible_events
from .models import Game
from .annotation_context import annotation_context, may_annotate
from .sandbox_context import play_on_context, sandbox_side, sandbox_source
from .presentation import (
    MARKER_KIND_LABELS, MARKER_KINDS, category_label, marker_labels, presentation_for, system_name,
)
from systems.kit.presentation import FREE_TEXT, side_name, unit_of, value_words, words
from systems import registry
from systems.registry import get_system
from .visibility import may_view_game

BOARDS_DIR = Path(__file__).resolve().parents[1] / "data" / "boards"
GAME_LIST_LIMIT = 100
REPLAY_INDEX_SECONDS = 3600
# A template's choices are listed in words up to this length (a fighter's move list is long).
CHOICE_TEXT_LIMIT = 400


@lru_cache(maxsize=8)
def default_board(system: str) -> dict | None:
    path = BOARDS_DIR / f"{system}.json"
    return json.loads(path.read_text()) if path.is_file() else None


def board_for(game: Game) -> dict | None:
    """The board the game is played on: the organiser's from the setup, else the system default."""
    board = (game.setup or {}).get("board")
    return board if isinstance(board, dict) else default_board(game.system)


def page_templates(game: Game, name: str) -> list[str]:
    """``<templates>/<name>`` when the system's descriptor names its own folder, else ``game/<name>``."""
    found = registry.find(game.system)
    folder = found.templates if found else None
    return ([f"{folder}/{name}"] if folder else []) + [f"game/{name}"]


def visible_games(user):
    games = games_with_seats()
    if not is_league_admin(user):
        games = games.filter(is_public=True) | games.filter(seats__user=user.pk or -1)
    return games.distinct()


def find_game(request, game_id) -> Game:
    game = games_with_seats().filter(pk=game_id).first()
    if game is None or not may_view_game(request.user, game):
        raise Http404("no such game")
    return game


def home(request):
    """Signed in: the games where it is your move first, then your other running games (the
    template adds your tournaments' next pairings); for everybody the recently finished games."""
    your_move, waiting = [], []
    if request.user.is_authenticated:
        running = visible_games(request.user).filter(seats__user=request.user, status=Game.Status.RUNNING)
        for game in running[:GAME_LIST_LIMIT]:
            mine = {s.side for s in game.seats.all() if s.user_id == request.user.pk}
            (your_move if mine & set(game.to_move or ()) else waiting).append(game)
    if request.GET.get("fragment") == "games":  # static/js/home.js, when the viewer's notifications change
        return render(request, "game/_home_games.html", {"your_move": your_move, "my_games": waiting})
    recent = list(visible_games(request.user).exclude(status=Game.Status.RUNNING)[:20])
    return render(request, "game/home.html", {"your_move": your_move, "my_games": waiting, "recent_games": recent})


def game_list(request):
    games = visible_games(request.user)
    system, status = request.GET.get("system", ""), request.GET.get("status", "")
    if system:
        games = games.filter(system=system)
    if status in Game.Status.values:
        games = games.filter(status=status)
    return render(request, "game/list.html", {
        "games": games[:GAME_LIST_LIMIT], "system": system, "status": status,
        "statuses": Game.Status.values,
        "systems": sorted(set(Game.objects.values_list("system", flat=True).distinct())),
    })


# -- the play page --------------------------------------------------------------------------------

def choice_text(value) -> str:
    """A template's choice in words: ``t01: flak / fire_engine; t02: …`` (faces named, issue 15)."""
    if isinstance(value, dict):
        text = "; ".join(f"{k}: {choice_text(v)}" for k, v in value.items())
    elif isinstance(value, list):
        text = (" / " if len(value) == 2 and all(isinstance(v, str) for v in value) else ", ").join(
            choice_text(v) for v in value)
    else:
        text = value_words(value)
    return text if len(text) <= CHOICE_TEXT_LIMIT else text[:CHOICE_TEXT_LIMIT] + " …"


def legal_action_entries(system: str, actions: list[dict], view: dict) -> list[dict]:
    """Each legal action with its words and board picks. ``quick``: a complete command with no
    board pick (end the phase, fire, …), shown as a button of its own."""
    shown = presentation_for(system)
    entries = []
    for i, action in enumerate(actions):
        template = bool(action.get("template"))
        picks = [] if template else shown.action_picks(action, view)
        free_fields = [] if template else [k for k, v in action.items() if v == FREE_TEXT]
        entries.append({
            "index": i, "command": action, "json": json.dumps(action, sort_keys=True), "template": template,
            "label": shown.describe_action(action, view), "picks": picks,
            "quick": not template and (not picks or bool(free_fields)),
            "confirm": None if template else shown.confirm_action(action, view),
            "expanded": [{**x, "label": shown.describe_action(x["command"], view)}
                         for x in shown.expand_template(action, view)] if template else [],
            "choices": {k: choice_text(v) for k, v in (action.get("choices") or {}).items()} if template else None,
            # The raw box starts from a complete command the engine accepts (issue 15).
            "example": json.dumps(action.get("example") or {"type": action.get("type")}) if template else None,
            "free_fields": free_fields,
        })
    return entries


def action_groups(entries: list[dict]) -> list[dict]:
    """The actions the board offers, grouped by command type and the piece they move: the list
    a player without JavaScript (or a board) chooses from."""
    groups: dict[tuple, dict] = {}
    for entry in entries:
        if entry["quick"] or entry["template"]:
            continue
        action = entry["command"]
        unit = unit_of(action)
        title = words(action.get("type", "?")).capitalize() + (f" — {unit[1]}" if unit else "")
        groups.setdefault((action.get("type"), unit), {"title": title, "forms": []})["forms"].append(entry)
    return [{**g, "open": len(groups) <= 3 or len(g["forms"]) <= 2} for g in groups.values()]


def board_ui_words() -> dict:
    """The generic board's sentences (static/js/board.js), on the play and the replay page."""
    return {"stack_open": _("%(n)s aircraft here: click to show them all"), "stack_fold": _("fold this stack"),
            # The VP track (Duel in the Dark §0.1: the side ahead and by how much) and the 303 round track.
            "vp_british": _("VP British %(n)s"), "vp_german": _("VP German %(n)s"), "vp_level": _("VP 0"),
            "german": _("German"), "british": _("British"),
            # A piece's tooltip and the board's caption: "raf1, altitude 3, fuel 2/5, damaged".
            "altitude": _("altitude %(altitude)s"), "fuel": _("fuel %(fuel)s"), "damaged": _("damaged"),
            # Translators: 303's round track is also the German fuel gauge (after round 8 the RAF wins).
            "round_track": _("Round %(round)s of %(last)s (German fuel)")}


def play_words() -> dict:
    """The play page script's sentences, translated here (static/js/play.js)."""
    return {
        "hex": _("hex %(hex)s"), "picked": _("Chosen: %(picks)s."),
        "pick_start": _("Click a highlighted piece or hex on the board to choose a move."),
        "pick_more": _("Click a highlighted place on the board to go on."),
        "pick_more_or": _("Choose one of these, or click a highlighted place on the board to go on."),
        "nothing_there": _("Nothing to do there: click a highlighted piece or hex."),
        "cancel": _("Start again"), "your_route": _("your planned route: %(route)s"),
        "sending": _("Sending: %(move)s…"), "accepted": _("Done: %(move)s."),
        "moved_on": _("The game moved on; the position is updated."),
        "connection_lost": _("Connection lost; retrying…"), "game_ended": _("The game has ended."),
        "unreachable": _("The server could not be reached; your move may not have arrived. The page will update."),
        "unexpected": _("unexpected answer"),
        "conflict": _("The game moved on before your move arrived. The position has been updated — choose again."),
        "refused_now": _("Not possible now: %(message)s (%(code)s)."),
        "refused": _("The rules refuse that move: %(message)s (%(code)s)."),
        "forbidden": _("You may not move here: %(message)s (%(code)s)."),
        "not_accepted": _("The move was not accepted: %(message)s (%(code)s)."),
        "compose_type": _("Write the command as a JSON object of type %(type)s."),
        "seen_by": _("(seen by %(who)s only)"), "time_up": _("time is up"),
        "categories": {k: category_label(k) for k in ("moves", "combat", "search", "score", "turns", "units",
                                                      "setup", "game", "other")},
    }


def ending_options(game: Game, user, detail: dict) -> dict | None:
    """Which of resign / abort / claim on time the viewer may use now (game/endings.py)."""
    mine = detail["your_sides"]
    if game.status != Game.Status.RUNNING or not mine or game.sandbox:  # a sandbox is left, or taken back
        return None
    options = {"resign": True, "abort": None, "claim": None, "clock": None}
    if endings.abort_window_open(game):
        proposers = endings.abort_proposers(game)
        others = sorted(s.user.get_username() for s in game.seats.all() if s.user_id != user.pk)
        options["abort"] = {"proposed_by_me": user.get_username() in proposers,
                            "proposed_by": sorted(p for p in proposers if p != user.get_username()),
                            "others": others}
    if game.time_control and game.deadline_at and game.to_move:
        out = endings.out_of_time(game)
        options["clock"] = {"side": side_name(out), "deadline": game.deadline_at, "mine": out in mine}
        if out not in mine:
            options["claim"] = {"side": side_name(out), "deadline": game.deadline_at,
                                "now": timeouts.is_overdue(game, timezone.now())}
    return options


def seated(game: Game, players: dict) -> list[tuple[str, str, str]]:
    """``(side, side in words, player)`` for the page's heading, in the system's order of sides."""
    order = {side: i for i, side in enumerate(services.sides_for(get_system(game.system), game.setup))}
    return [(side, side_name(side), name) for side, name in sorted(players.items(), key=lambda p: order.get(p[0], 99))]


STATUS_WORDS = {Game.Status.RUNNING: gettext_lazy("running"), Game.Status.FINISHED: gettext_lazy("over"),
                Game.Status.ABORTED: gettext_lazy("aborted (not rated)")}


def game_facts(detail: dict) -> list[tuple[str, str]]:
    """The small print under the panel, in words: status, who is to move, which view is shown."""
    seen = detail["viewing_as"]
    if seen == "referee":
        seen_text = _("everything (the game is over)") if detail["status"] != Game.Status.RUNNING \
            else _("everything (referee)")
    else:
        seen_text = side_name(seen) if seen else _("the public view")
    return [(_("Status"), str(STATUS_WORDS.get(detail["status"], detail["status"]))),
            (_("To move"), ", ".join(side_name(s) for s in detail["to_move"]) or "—"),
            (_("Time control"), clocks.time_control_text(detail["time_control"])),
            (_("You see"), seen_text)]


def vacation_notes(detail: dict, now) -> list[dict]:
    """Who is on vacation in this correspondence game (or about to be), for the panel."""
    if detail["status"] != Game.Status.RUNNING:
        return []
    return [{**pause, "side": side_name(pause["side"]), "started": pause["from"] <= now}
            for pause in detail["vacations"]]


def turn_text(game: Game, detail: dict) -> str:
    """One line above the moves: whose move it is (with the players' names), or the outcome."""
    shown = presentation_for(game.system)
    if game.status != Game.Status.RUNNING:
        return shown.outcome_text(detail["outcome"])
    movers = ", ".join(f"{detail['players'].get(s, '?')} ({side_name(s)})" for s in detail["to_move"]) or "—"
    if detail["legal_actions"]:
        return _("Your move (%(side)s).") % {"side": side_name(detail["viewing_as"])}
    thinking = bot_names([detail["players"].get(s) for s in detail["to_move"]])
    if thinking:  # a practice bot is to move: its worker is choosing (bots/moves.py)
        return _("%(bot)s is thinking…") % {"bot": ", ".join(sorted(thinking.values()))}
    if detail["your_sides"]:
        return _("Waiting for %(movers)s…") % {"movers": movers}
    return _("You are watching. To move: %(movers)s.") % {"movers": movers}


@require_http_methods(["GET", "POST"])
def play(request, game_id):
    """The play page (a player's side) or the watch page (anyone allowed to see the game)."""
    game = find_game(request, game_id)
    if request.method == "POST":
        return submit_from_form(request, game)
    detail = game_detail(game, request.user, sandbox_side(game, request.GET.get("side")))
    shown = presentation_for(game.system)
    entries = legal_action_entries(game.system, detail["legal_actions"], detail["view"])
    context = {
        "game": game, "detail": detail, "players": detail["players"], "system_name": system_name(game.system),
        "turn_text": turn_text(game, detail),
        "summary": shown.summary(detail["view"]),
        "view_pretty": json.dumps(detail["view"], indent=1, sort_keys=True, default=str),
        # A move that needs confirming (conceding) comes last, never as the first button.
        "quick_actions": sorted((e for e in entries if e["quick"]), key=lambda e: bool(e["confirm"])),
        "action_groups": action_groups(entries),
        "templates": [e for e in entries if e["template"]],
        "actions_data": [{"index": e["index"], "command": e["command"], "label": e["label"], "picks": e["picks"],
                          "template": e["template"], "quick": e["quick"], "expanded": e["expanded"]} for e in entries],
        "endings": ending_options(game, request.user, detail),
        "game_facts": game_facts(detail),
        "vacation_notes": vacation_notes(detail, timezone.now()),
        "seated": seated(game, detail["players"]),
        "claimable_sides": [side_name(s) for s in imports.claimable_sides(game, request.user)],
        "sandbox_source": sandbox_source(game),
    }
    if request.GET.get("fragment") == "panel":
        return render(request, "game/_play_panel.html", context)
    log_filter = request.GET.get("log", "")
    events = visible_events(game, request.user)
    context.update({
        "page_data": {
            "game_id": str(game.pk), "system": game.system, "version": game.version,
            "viewing_as": detail["viewing_as"], "your_sides": detail["your_sides"],
            "status": game.status, "api": f"/api/games/{game.pk}/",
        },
        "board": board_for(game),
        "events": [e for e in reversed(events) if not log_filter or e["category"] == log_filter],
        "log_filter": log_filter,
        "log_categories": [(c, category_label(c)) for c in dict.fromkeys(e["category"] for e in events)],
        "play_words": play_words(), "board_ui_words": board_ui_words(),
        "board_words": shown.board_words(),
    })
    return render(request, page_templates(game, "play.html"), context)


def submit_from_form(request, game: Game):
    """No-JavaScript fallback: only a command offered by the engine may be posted.

    The posted command must equal one of the current legal actions with just its free-text
    fields filled in; anything else is refused before it reaches the engine.
    """
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next=/games/{game.pk}/")
    detail = game_detail(game, request.user, request.POST.get("side") or None)
    try:
        index, expected = int(request.POST["action"]), int(request.POST["expected_version"])
        action = dict(detail["legal_actions"][index])
    except (KeyError, ValueError, IndexError):
        messages.error(request, _("That action is no longer offered; the page shows the current position."))
        return redirect("game-play", game_id=game.pk)
    if action.get("template"):
        action = composed_command(request.POST.get("composed", ""), action["type"])
        if action is None:
            messages.error(request, _("Write the command as a JSON object of the offered type."))
            return redirect("game-play", game_id=game.pk)
    for key, value in action.items():
        if value == FREE_TEXT:
            action[key] = request.POST.get(f"field_{key}", "")
    try:
        services.submit_command(game_id=game.pk, user=request.user, command=action,
                                expected_version=expected, side=detail["viewing_as"])
    except refusals.Refusal as exc:
        messages.error(request, rejection_message(exc))
    else:
        label = presentation_for(game.system).describe_action(action, detail["view"])
        messages.success(request, _("Sent: %(move)s") % {"move": label})
    return redirect("game-play", game_id=game.pk)


def composed_command(text: str, command_type: str) -> dict | None:
    """A command composed from a template: a JSON object of exactly the template's type."""
    try:
        command = bounded_json.loads(text)
    except bounded_json.RefusedJson:
        return None
    ok = isinstance(command, dict) and command.get("type") == command_type and "template" not in command
    return command if ok else None


def rejection_message(refusal: refusals.Refusal) -> str:
    code, message = refusal.code, refusal.message
    if refusal.kind == refusals.CONFLICT and code in ("stale_version", "game_over"):
        # the API's message names versions: not for players
        return _("The game moved on before your command arrived. Here is the current position.")
    if refusal.kind == refusals.UNPROCESSABLE:
        return _("The rules refuse that move: %(message)s (%(code)s).") % {"message": message, "code": code}
    return f"{message} ({code})."


ENDINGS = {
    "resign": (endings.resign, lambda: _("You resigned.")),
    "abort": (endings.propose_abort, lambda: _("Your wish to abort is recorded.")),
    "claim": (endings.claim_timeout, lambda: _("The timeout is adjudicated.")),
}


@require_POST
def end_from_form(request, game_id):
    """The no-JavaScript door of game/endings.py (the API's resign/abort/claim-timeout)."""
    game = find_game(request, game_id)
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next=/games/{game.pk}/")
    what = ENDINGS.get(request.POST.get("what", ""))
    if what is None:
        messages.error(request, _("Choose resign, abort or claim."))
        return redirect("game-play", game_id=game.pk)
    try:
        what[0](game.pk, request.user, request.POST.get("side") or None)
    except refusals.Refusal as exc:
        messages.error(request, rejection_message(exc))
    else:
        messages.success(request, what[1]())
    return redirect("game-play", game_id=game.pk)


@require_POST
def claim_seat_from_form(request, game_id):
    """The game page's door of ``imports.claim_seat``: a player named in an imported game takes his seat."""
    game = find_game(request, game_id)
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next=/games/{game.pk}/")
    try:
        imports.claim_seat(game.pk, request.user)
    except refusals.Refusal as exc:
        messages.error(request, rejection_message(exc))
    else:
        messages.success(request, _("You now hold your seat in this game."))
    return redirect("game-play", game_id=game.pk)


# -- the replay viewer ------------------------------------------------------------------------------

def replay_step(request, game: Game, form=None) -> int:
    try:
        step = int(form.data.get("step") if form is not None else request.GET.get("step", 1))
    except (TypeError, ValueError):
        step = 1
    return max(1, min(game.version, step))


@reads_may_lag
def replay_page(request, game_id):
    """One step of a finished game, rendered in full (the page works without JavaScript:
    links step on); static/js/replay.js then pages through the other steps on demand."""
    game = find_game(request, game_id)
    if game.status == Game.Status.RUNNING:
        messages.info(request, _("The replay opens when the game has ended."))
        return redirect("game-play", game_id=game.pk)
    return render_replay(request, game)


def render_replay(request, game: Game, author=None, form=None, shared: bool = False):
    """The replay page; with the viewer's own annotations and their form when he played the
    game, or read-only with ``author``'s (a shared link: no "play on", no form)."""
    step = replay_step(request, game, form)
    editable = not shared and may_annotate(request.user, game)
    shown = presentation_for(game.system)
    try:
        side = replay_fog.checked_side(game, request.GET.get("as"))
    except services.CommandRejected:
        side = None  # an unknown side in a hand-edited link: show everything
    current = replay.steps_between(game.system, game.stream, step, step, side)[0]
    events, jumps = replay_index(game, request.user)
    return render(request, page_templates(game, "replay.html"), status=400 if form is not None else 200, context={
        **replay_fog_context(game, side, events),
        **({} if shared else play_on_context(game)),
        **annotation_context(game, author or request.user, step, editable, form, shared),
        "game": game, "step": step, "current": current, "system_name": system_name(game.system),
        "players": {s.side: s.user.get_username() for s in game.seats.all()},
        "seated": seated(game, {s.side: s.user.get_username() for s in game.seats.all()}),
        "outcome_text": shown.outcome_text(game.outcome),
        "summary": shown.summary(current["state"]),
        "jumps": jumps,
        "previous_step": step - 1 if step > 1 else None, "next_step": step + 1 if step < game.version else None,
        "page_data": {"game_id": str(game.pk), "system": game.system, "version": game.version, "step": step,
                      "api": f"/api/games/{game.pk}/replay/", "as": side or ""},
        "verification_url": f"/api/games/{game.pk}/replay/verification/",
        "replay_words": replay_words(), "board_ui_words": board_ui_words(),
        "board_words": shown.board_words(),
        "head_hash": game.head_hash,
        "board": board_for(game),
    })


def replay_fog_context(game: Game, side: str | None, events: list[dict]) -> dict:
    """The fog toggle's part of the replay page (templates/game/_replay_fog.html,
    static/js/replay_fog.js): the choices, the side shown, its log (an event hidden from it
    keeps its line, without its words), and the query that step links carry."""
    hidden = _("An event hidden from this side")
    if side:
        events = [e if e["visibility"] in ("public", side) else {**e, "type": "", "category": "", "text": hidden}
                  for e in events]
    return {
        "events": events, "fog_as": side or "", "fog_choices": replay_fog.fog_choices(game),
        "fog_query": f"&as={side}" if side else "",
        "fog_data": {"as": side or "", "api": f"/api/games/{game.pk}/replay/fog/",
                     "guessing": replay_fog.guessing_sides(game), "has_maps": replay_fog.fog_of(game) is not None},
        "fog_words": {"computing": _("Where could it be: being computed, back in a moment."),
                      "title": _("Where could it be"),
                      "legend": str(getattr(replay_fog.fog_of(game), "legend", "")),
                      "truth": _("Ringed: where it truly was."),
                      "superset": _("Some rules in play are not counted: the shaded area may be larger than the truth."),
                      "none": _("No map at this step."),
                      "unavailable": _("The map is not available (%(status)s).")},
    }


def replay_index(game: Game, user) -> tuple[list[dict], list]:
    """Every event of a finished game in words, and the jump targets by night, round and turn.
    A finished game never changes and everybody sees all of it, so this is cached per version
    and language: each step link opens the page again."""
    def build():
        events = [{**e, "index": i} for i, e in enumerate(visible_events(game, user))]
        jumps: dict[str, list] = {}
        for e, m in zip(events, marker_labels([e["marker"] for e in events])):
            if m:
                jumps.setdefault(m["kind"], []).append({"seq": e["seq"], "label": m["full_label"]})
        return events, [(str(MARKER_KIND_LABELS[kind]), jumps[kind]) for kind in MARKER_KINDS if kind in jumps]

    return cache.get_or_set(f"replay-index:{game.pk}:{game.version}:{get_language()}", build, REPLAY_INDEX_SECONDS)


def replay_words() -> dict:
    """The replay script's sentences (static/js/replay.js)."""
    return {
        "step_label": _("Event %(n)s of %(total)s: %(text)s"), "play": _("Play"), "pause": _("Pause"),
        "hidden_route": _("hidden route: %(route)s"),
        "verified": _("Server check: verified — the seed matches its commitment; "
                      "%(rolls)s dice re-derived from the seed."),
        "not_verified": _("Server check: NOT verified — %(problems)s"),
        "browser_match": _("Your browser re-computed sha256(seed): matches the commitment ✓"),
        "browser_mismatch": _("Your browser re-computed sha256(seed): does NOT match ✗"),
        "no_crypto": _("This browser cannot re-compute the hash here (no Web Crypto); check it yourself with sha256."),
        "unavailable": _("The replay is not available (%(status)s)."),
        "seed": _("Seed:"), "commitment": _("commitment sha256(seed):"),
    }
