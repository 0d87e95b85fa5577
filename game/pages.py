"""Server-rendered game pages (issue 7): home, game list, play/watch page, replay viewer.

The pages render what the API would return (``game.api.views.game_detail``) so they work
without JavaScript: the state as text and each of the engine's ``legal_actions`` as a form
posting exactly that command (service.md, "Who uses it": a player submits commands for their
own side only). Small scripts in ``static/js`` then draw the board as SVG, submit through the
API with session auth + CSRF, and poll ``/events/`` for the opponent's moves.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from . import services
from .api.views import game_detail, games_with_seats
from .models import Game
from .visibility import is_league_admin, may_view_game

BOARDS_DIR = Path(__file__).resolve().parents[1] / "data" / "boards"
GAME_LIST_LIMIT = 100
# Fields of a command template the player fills in (the engine offers an empty string there).
FREE_TEXT = ""
# Fields naming the piece a command moves: actions are grouped by them on the page.
UNIT_FIELDS = ("fighter", "aircraft", "unit", "token", "piece")


@lru_cache(maxsize=8)
def default_board(system: str) -> dict | None:
    path = BOARDS_DIR / f"{system}.json"
    return json.loads(path.read_text()) if path.is_file() else None


def board_for(game: Game) -> dict | None:
    """The board the game is played on: the organiser's from the setup, else the system default."""
    board = (game.setup or {}).get("board")
    return board if isinstance(board, dict) else default_board(game.system)


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
    mine = []
    if request.user.is_authenticated:
        mine = list(visible_games(request.user).filter(seats__user=request.user, status=Game.Status.RUNNING)[:20])
    recent = list(visible_games(request.user).exclude(status=Game.Status.RUNNING)[:20])
    return render(request, "game/home.html", {"my_games": mine, "recent_games": recent})


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


def value_text(value) -> str:
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        return "→".join(str(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value)


def action_label(action: dict, skip: tuple = ()) -> str:
    """A readable button text for a command, e.g. ``move fighter lw1 path 1102→1003``."""
    rest = " ".join(f"{k} {value_text(v)}" for k, v in action.items()
                    if k != "type" and k not in skip and v != FREE_TEXT)
    return f"{action.get('type', '?')} {rest}".strip()


def unit_of(action: dict) -> tuple[str, str] | None:
    return next(((k, str(action[k])) for k in UNIT_FIELDS if isinstance(action.get(k), (str, int))), None)


def destination_hex(action: dict) -> int | None:
    """The hex a move ends on, so the board can highlight it and a click can pick it."""
    path = action.get("path")
    if isinstance(path, list) and path and isinstance(path[-1], int):
        return path[-1]
    return next((action[k] for k in ("to", "hex") if isinstance(action.get(k), int)), None)


def action_groups(actions: list[dict]) -> list[dict]:
    """The legal actions as forms, grouped by command type and the unit they move.

    A ``"template": true`` entry (free choices the engine lists in ``choices``) becomes a
    form to compose that one command type; the engine validates what is composed.
    """
    groups: dict[tuple, dict] = {}
    for i, action in enumerate(actions):
        unit = unit_of(action)
        key = (action.get("type"), unit)
        group = groups.setdefault(key, {
            "title": f"{action.get('type')}" + (f" — {unit[0]} {unit[1]}" if unit else ""), "forms": []})
        template = bool(action.get("template"))
        group["forms"].append({
            "index": i, "json": json.dumps(action, sort_keys=True), "template": template,
            "label": action["type"] if template else action_label(action, skip=(unit[0],) if unit else ()),
            "choices": action.get("choices") if template else None,
            "free_fields": [] if template else [k for k, v in action.items() if v == FREE_TEXT],
            "hex": destination_hex(action),
        })
    return [{**g, "open": len(groups) <= 3 or len(g["forms"]) <= 2} for g in groups.values()]


@require_http_methods(["GET", "POST"])
def play(request, game_id):
    """The play page (a player's side) or the watch page (anyone allowed to see the game)."""
    game = find_game(request, game_id)
    if request.method == "POST":
        return submit_from_form(request, game)
    detail = game_detail(game, request.user, request.GET.get("side"))
    return render(request, "game/play.html", {
        "game": game,
        "detail": detail,
        "players": detail["players"],
        "view_pretty": json.dumps(detail["view"], indent=1, sort_keys=True, default=str),
        "action_groups": action_groups(detail["legal_actions"]),
        "page_data": {
            "game_id": str(game.pk), "system": game.system, "version": game.version,
            "viewing_as": detail["viewing_as"], "your_sides": detail["your_sides"],
            "status": game.status, "api": f"/api/games/{game.pk}/",
        },
        "board": board_for(game),
    })


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
        messages.error(request, "That action is no longer offered; the page shows the current position.")
        return redirect("game-play", game_id=game.pk)
    if action.get("template"):
        action = composed_command(request.POST.get("composed", ""), action["type"])
        if action is None:
            messages.error(request, "Write the command as a JSON object of the offered type.")
            return redirect("game-play", game_id=game.pk)
    for key, value in action.items():
        if value == FREE_TEXT:
            action[key] = request.POST.get(f"field_{key}", "")
    try:
        services.submit_command(game_id=game.pk, user=request.user, command=action,
                                expected_version=expected, side=detail["viewing_as"])
    except services.CommandRejected as exc:
        messages.error(request, rejection_message(exc.status, exc.code, exc.message))
    else:
        messages.success(request, f"Sent: {action_label(action)}")
    return redirect("game-play", game_id=game.pk)


def composed_command(text: str, command_type: str) -> dict | None:
    """A command composed from a template: a JSON object of exactly the template's type."""
    try:
        command = json.loads(text)
    except json.JSONDecodeError:
        return None
    ok = isinstance(command, dict) and command.get("type") == command_type and "template" not in command
    return command if ok else None


def rejection_message(status: int, code: str, message: str) -> str:
    if status == 409:
        return f"The game moved on before your command arrived ({message}). Here is the current position."
    if status == 422:
        return f"The rules refuse that move: {message} ({code})."
    return f"{message} ({code})."


def replay_page(request, game_id):
    game = find_game(request, game_id)
    if game.status == Game.Status.RUNNING:
        messages.info(request, "The replay opens when the game has ended.")
        return redirect("game-play", game_id=game.pk)
    return render(request, "game/replay.html", {
        "game": game,
        "players": {s.side: s.user.get_username() for s in game.seats.all()},
        "page_data": {"game_id": str(game.pk), "system": game.system,
                      "api": f"/api/games/{game.pk}/replay/"},
        "board": board_for(game),
    })
