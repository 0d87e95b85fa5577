"""Who may do what (docs/rules/service.md "Who uses it and what they may do"; issue 9 "Security").

Every API endpoint is enumerated from the URL resolver, so a new endpoint is covered the day it
lands: for every role and method, no 5xx, no anonymous write succeeds (only the token login
is open), refusals are ``{code, message}``. Then every write, and every read that is not
public, is held to an exact per-role status matrix over the world of conftest.py (a private
running game, a private tournament, a league, a solo campaign); a refused request changes
nothing, an accepted write is stored. A write endpoint without a matrix row fails the suite.
"""
from dataclasses import dataclass
from typing import Callable

import json

import pytest
from django.db import transaction

from game import services, vacations
from game.models import Annotation, Study, Vacation
from kernel.models import StoredEvent
from matchmaking import services as matchmaking
from matchmaking.models import Challenge, ChallengeSeat
from ratings.models import PlayerRating
from leagues.models import League, Season
from tests.conftest import client_for
from tests.doubles import RACE
from tests.security.endpoints import fill, routes
from tests.security.roles import ROLES
from tests.tournament.conftest import win_game
from tournament import services as tournaments
from notifications.models import Notification, NotificationPreference, WebhookDelivery, WebhookEndpoint
from tournament.models import Tournament
from tournament.quiz.attempts import open_quiz, start_attempt, upload_bank
from tournament.quiz.models import Attempt, QuestionBank, Quiz

OPEN_WRITES = {"api/auth/token/"}
WRITE_METHODS = ("post", "put", "patch", "delete")
METHODS = ("get",) + WRITE_METHODS


def api_routes():
    """``(route, view class)`` of every class-based API endpoint."""
    return sorted({(r, v.view_class) for r, v in routes() if r.startswith("api/") and hasattr(v, "view_class")
                   and r not in {"api/schema/", "api/docs/"}}, key=lambda rv: rv[0])


def test_the_resolver_yields_the_game_endpoints():
    found = {r for r, _ in api_routes()}
    assert {"api/games/", "api/games/<uuid:game_id>/commands/", "api/auth/token/"} <= found


@pytest.mark.parametrize("role", ROLES)
def test_every_endpoint_refuses_cleanly_and_never_fails(world, role):
    client = world.client(role)
    for route, view in api_routes():
        url = fill(route, world.ids)
        for method in METHODS:
            if not hasattr(view, method):
                continue
            response = getattr(client, method)(url, {}, format="json")
            where = f"{method.upper()} {url} as {role}"
            assert response.status_code < 500, where
            if role == "anonymous" and method in WRITE_METHODS and route not in OPEN_WRITES:
                # Refused one way or another (401/403, or 404/400 from an app that looks first): never done.
                assert not 200 <= response.status_code < 300, where
            if response.status_code in (401, 403, 404) and response["Content-Type"].startswith("application/json"):
                body = response.json()
                assert isinstance(body, dict) and {"code", "message"} <= set(body), where


# -- the exact matrix ---------------------------------------------------------------------------
MATRIX_ROLES = ("anonymous", "other_player", "referee", "organiser", "league_admin", "player")


@dataclass(frozen=True)
class Row:
    expected: tuple  # one status per MATRIX_ROLES
    body: dict | str | None = None  # top-level strings are formatted with the world's ids
    arrange: Callable | None = None  # brings the world to the state the request needs


def seeded(world):
    tournaments.seed(world.tournament.pk, "olga")


def started(world):
    seeded(world)
    world.ids["pairing_id"] = next(iter(tournaments.start_round(world.tournament.pk, "olga").pairings))


def played(world):
    """A pairing with a result to dispute: its first game is over."""
    started(world)
    state = tournaments.load_state(world.tournament)
    win_game(state.pairings[world.ids["pairing_id"]]["games"][1]["game_id"], "alice")


def penalised(world):
    started(world)
    _, penalty = tournaments.issue_penalty(world.tournament.pk, "bob", "stalling", "slow", "rita")
    world.ids["penalty_id"] = penalty["id"]


def stale_rating(world):
    """A rating no result supports: a rebuild drops it, so a rebuild that ran is seen."""
    PlayerRating.objects.create(system=RACE, player=world.users["player"], rating=1234, peak=1234, games=0,
                                wins=0, draws=0, losses=0)


def exported_elsewhere(world):
    """The export of a finished game this server does not hold: played here, then rolled back."""
    with transaction.atomic():
        game = services.create_game(system_name=RACE, setup={"target": 1},
                                    players={"a": world.users["player"], "b": world.users["opponent"]})
        services.submit_command(game_id=game.pk, user=world.users["player"], command={"type": "roll"},
                                expected_version=1)
        world.ids["export"] = client_for().get(f"/api/games/{game.pk}/export/").content.decode()
        transaction.set_rollback(True)


def tournament_exported_elsewhere(world):
    """The export of a finished table tournament this server does not hold: played here, rolled back."""
    from tournament.exports import export_tournament
    from tournament.table import AT_TABLE, ending_won_by

    with transaction.atomic():
        t = tournaments.create_tournament(league=world.tournament.league, name="Club day", system=RACE,
                                          format="swiss", created_by=world.users["organiser"],
                                          options={"play_mode": AT_TABLE})
        for name in ("alice", "bob"):
            tournaments.register(t.pk, name, "olga")
        tournaments.seed(t.pk, "olga")
        tournaments.start_round(t.pk, "olga")
        pairing = next(iter(tournaments.load_state(t).pairings.values()))
        for leg in (1, 2):
            tournaments.report_leg(t.pk, pairing["id"], leg, pairing["a"], winner=pairing["a"],
                                   ended_by=ending_won_by(RACE, pairing, leg, pairing["a"]))
            tournaments.confirm_leg(t.pk, pairing["id"], leg, pairing["b"])
        world.ids["tournament_export"] = json.dumps(export_tournament(t))
        transaction.set_rollback(True)


def notified(world):
    """An unread notification for everybody, so marking read changes something."""
    Notification.objects.bulk_create(Notification(user=u, kind="your_move", key="k", url="/")
                                     for u in world.users.values())


def on_vacation(world):
    """Everybody on vacation, so ending one's own changes something."""
    for user in world.users.values():
        vacations.take(user, 3)


def hooked(world):
    """A webhook of the tournament with one delivery whose URL is refused at once (no traffic)."""
    endpoint = WebhookEndpoint.objects.create(tournament=world.tournament, url="http://127.0.0.1:9/hook", secret="s")
    delivery = WebhookDelivery.objects.create(endpoint=endpoint, event="round_started", key="k", payload={},
                                              status=WebhookDelivery.Status.FAILED)
    world.ids.update(webhook_id=endpoint.pk, delivery_id=delivery.pk)


def at_table(world):
    """The first pairing moved to the table (issue 14): its legs are reported, not played here."""
    started(world)
    tournaments.move_to_table(world.tournament.pk, world.ids["pairing_id"], "olga")
    world.ids["leg"] = 1


def reported(world):
    """bob reported the match at the table; alice, his opponent, answers it."""
    at_table(world)
    tournaments.report_leg(world.tournament.pk, world.ids["pairing_id"], 1, "bob", winner="bob", ended_by="rules")


def challenged(world):
    """bob challenges alice: hers to accept or decline, and nobody else's to see."""
    world.ids["challenge_id"] = matchmaking.propose(
        challenger=world.users["opponent"], system=RACE, setup={"target": 1000},
        seats={"a": world.users["player"], "b": world.users["opponent"]}).pk


def challenging(world):
    """alice challenges bob: hers to cancel."""
    world.ids["challenge_id"] = matchmaking.propose(
        challenger=world.users["player"], system=RACE, setup={"target": 1000},
        seats={"a": world.users["player"], "b": world.users["opponent"]}).pk


def seeking(world):
    """bob's open seek in the lobby, for anybody signed in to join."""
    world.ids["challenge_id"] = matchmaking.open_seek(challenger=world.users["opponent"], system=RACE,
                                                      setup={"target": 1000}, side="b").pk


def sought_before(world):
    """alice's seek, cancelled: hers to seek again."""
    seek = matchmaking.open_seek(challenger=world.users["player"], system=RACE, setup={"target": 1000}, side="a")
    matchmaking.cancel(seek.pk, world.users["player"])
    world.ids["challenge_id"] = seek.pk


def game_over(world):
    win_game(world.game.pk, "alice")


BANK = "question,choices,answer\nWho moves first?,RAF|Luftwaffe,Luftwaffe\nHow many legs?,1|2,2\n"


def quiz_bank(world):
    started(world)
    upload_bank(world.tournament.pk, BANK.encode(), "bank.csv", "csv", world.users["organiser"])
    world.ids["round_number"] = 1


def quiz_open(world):
    quiz_bank(world)
    open_quiz(world.tournament.pk, 1, "olga", questions=2, minutes=5)


def quiz_started(world):
    quiz_open(world)
    start_attempt(world.tournament.pk, 1, "alice")


G = "api/games/<uuid:game_id>/"
T = "api/tournaments/<int:tournament_id>/"
L = "api/leagues/<str:league>/"
C = "api/campaigns/<uuid:campaign_id>/"
P = "api/pairings/<uuid:pairing_id>/"
LEG = P + "legs/<int:leg>/"
Q = T + "quiz/"
QR = Q + "rounds/<int:round_number>/"
ENTRANT = T + "entrants/<str:username>/"
# A private running game: its players see it; referees and league admins see everything but
# move for nobody; everybody else is told it does not exist.
GAME_VIEWERS = (404, 404, 200, 404, 200, 200)
# A private tournament: its entrants, referee, the league's organisers and league admins see it;
# everybody else is told it does not exist, whatever they try.
TOURNAMENT_VIEWERS = (404, 404, 200, 200, 200, 200)
ORGANISERS = (404, 404, 403, 201, 201, 403)
REFEREES = (404, 404, 201, 403, 201, 403)
EVERYONE = (200,) * 6
LEAGUE_ADMINS = (401, 403, 403, 403, 201, 403)

MATRIX = {
    # (method, route):                       Row((anonymous, other_player, referee, organiser, league_admin, player),
    #                                            body, arrange)
    ("get", G):                              Row(GAME_VIEWERS),
    ("get", G + "events/"):                  Row(GAME_VIEWERS),
    ("get", G + "stream/"):                  Row(GAME_VIEWERS),
    ("get", G + "replay/"):                  Row((404, 404, 409, 404, 409, 409)),
    ("get", G + "export/"):                  Row((404, 404, 409, 404, 409, 409)),
    ("get", G + "replay/steps/"):            Row((404, 404, 409, 404, 409, 409)),
    ("get", G + "replay/verification/"):     Row((404, 404, 409, 404, 409, 409)),
    # Only a player ends a game (issue 15): resigns, proposes an abort; claims on time only when
    # the clock has run out (this game has none: 422, nothing stored).
    ("post", G + "resign/"):                 Row((401, 404, 403, 404, 403, 201)),
    ("post", G + "abort/"):                  Row((401, 404, 403, 404, 403, 201)),
    ("post", G + "claim-timeout/"):          Row((401, 404, 403, 404, 403, 422)),
    # Seats are claimed only in imported games (this one is not), by the user the history names.
    ("post", G + "claim-seat/"):             Row((401, 404, 409, 404, 409, 409)),
    ("post", G + "commands/"):               Row((401, 404, 403, 404, 403, 201),
                                                 {"expected_version": 1, "command": {"type": "roll"}}),
    # Only a player of the new game, or a league admin, creates it.
    ("post", "api/games/"):                  Row((401, 403, 403, 403, 201, 201),
                                                 {"system": RACE, "players": {"a": "alice", "b": "bob"}}),
    # Any signed-in user may bring in a finished game the engine verifies (docs/rules/service.md "Replays").
    ("post", "api/games/import/"):           Row((401, 201, 201, 201, 201, 201), "{export}", exported_elsewhere),

    # Organisers create tournaments in their own league only.
    ("post", "api/tournaments/"):            Row((401, 403, 403, 201, 201, 403),
                                                 {"league": "night", "name": "Day Cup", "system": RACE,
                                                  "format": "swiss"}),
    ("get", T):                              Row(TOURNAMENT_VIEWERS),
    ("patch", T):                            Row((404, 404, 403, 200, 200, 403), {"name": "Renamed"}),
    ("delete", T):                           Row((404, 404, 403, 200, 200, 403), {"reason": "rain"}),
    # The league's organisers attach its tournaments to its seasons.
    ("put", T + "season/"):                  Row((404, 404, 403, 200, 200, 403), {"season": "{season_id}"}),
    # Only league admins appoint referees.
    ("put", T + "referees/"):                Row((404, 404, 403, 403, 200, 403), {"referees": ["rita", "carol"]}),
    ("get", T + "events/"):                  Row(TOURNAMENT_VIEWERS),
    ("get", T + "stream/"):                  Row(TOURNAMENT_VIEWERS),
    ("get", T + "webhooks/"):                Row((404, 404, 403, 200, 200, 403)),
    ("get", T + "entrants/"):                Row(TOURNAMENT_VIEWERS),
    ("post", T + "entrants/"):               Row(ORGANISERS, {"username": "carol"}),
    # alice withdraws or checks in herself; organisers do it for her; a referee may not.
    ("post", ENTRANT + "withdraw/"):         Row((404, 404, 403, 201, 201, 201), {"reason": "ill"}),
    ("post", ENTRANT + "check-in/"):         Row((404, 404, 403, 201, 201, 201)),
    ("post", T + "seeding/"):                Row(ORGANISERS),
    ("get", T + "rounds/"):                  Row(TOURNAMENT_VIEWERS),
    ("post", T + "rounds/"):                 Row(ORGANISERS, arrange=seeded),
    ("get", T + "bracket/"):                 Row(TOURNAMENT_VIEWERS),
    ("get", T + "standings/"):               Row(TOURNAMENT_VIEWERS),
    ("get", "api/pairings/<uuid:pairing_id>/"): Row(TOURNAMENT_VIEWERS, arrange=started),
    ("get", T + "penalties/"):               Row(TOURNAMENT_VIEWERS),
    ("post", T + "penalties/"):              Row(REFEREES, {"entrant": "bob", "category": "stalling", "text": "slow"},
                                                 started),
    ("post", T + "penalties/<uuid:penalty_id>/revoke/"): Row(REFEREES, {"reason": "it was the clock"}, penalised),
    ("get", T + "knowledge-tests/"):         Row(TOURNAMENT_VIEWERS),
    # Knowledge-test scores: the organiser or the referee.
    ("post", T + "knowledge-tests/"):        Row((404, 404, 201, 201, 201, 403), {"entrant": "alice", "score": 17}),
    ("get", T + "decisions/"):               Row(TOURNAMENT_VIEWERS),
    ("post", T + "decisions/"):              Row(REFEREES, {"pairing_id": "{pairing_id}", "kind": "dispute",
                                                            "reason": "claimed a misroll"}, played),

    # Table play (issue 14): the organiser moves a pairing to the table; its two players report and
    # answer its legs; referees and organisers enter a leg's result with a reason.
    ("get", T + "table-reports/"):           Row(TOURNAMENT_VIEWERS),
    ("post", P + "table/"):                  Row(ORGANISERS, arrange=started),
    ("post", LEG + "report/"):               Row((404, 404, 403, 403, 403, 201), {"winner": "alice", "ended_by": "rules"},
                                                 at_table),
    ("post", LEG + "confirm/"):              Row((404, 404, 403, 403, 403, 201), arrange=reported),
    ("post", LEG + "dispute/"):              Row((404, 404, 403, 403, 403, 201), {"reason": "I won it"}, reported),
    ("post", LEG + "result/"):               Row((404, 404, 201, 201, 201, 403),
                                                 {"winner": "alice", "ended_by": "rules", "reason": "the slips"},
                                                 at_table),
    # The knowledge test run by the service: the organiser's bank and quiz; the round's players
    # take it; referees correct a score with a reason.
    ("get", Q + "bank/"):                    Row((404, 404, 403, 200, 200, 403), arrange=quiz_bank),
    ("post", Q + "bank/"):                   Row(ORGANISERS, {"content": BANK, "format": "csv"}),
    ("get", QR):                             Row(TOURNAMENT_VIEWERS, arrange=quiz_open),
    ("post", QR):                            Row(ORGANISERS, {"questions": 2, "minutes": 5}, quiz_bank),
    ("post", QR + "attempt/"):               Row((404, 404, 403, 403, 403, 201), arrange=quiz_open),
    # Only the player who started an attempt has one to answer (404 no_attempt for anybody else).
    ("put", QR + "attempt/answers/"):        Row((404,) * 5 + (200,), {"position": 0, "choice": 1}, quiz_started),
    ("post", QR + "attempt/submit/"):        Row((404,) * 5 + (200,), arrange=quiz_started),
    ("get", Q + "corrections/"):             Row(TOURNAMENT_VIEWERS),
    ("post", Q + "corrections/"):            Row(REFEREES, {"entrant": "alice", "score": 3, "reason": "a miscount"},
                                                 started),

    # Leagues, seasons and recomputed ratings are the league admin's; tables are public.
    ("post", "api/ratings/rebuild/"):        Row((401, 403, 403, 403, 202, 403), arrange=stale_rating),
    ("post", "api/leagues/"):                Row(LEAGUE_ADMINS, {"name": "Day League", "slug": "day"}),
    ("patch", L):                            Row((401, 403, 403, 403, 200, 403), {"organisers": ["olga", "carol"]}),
    ("post", L + "seasons/"):                Row(LEAGUE_ADMINS, {"name": "Spring"}),
    ("get", L + "seasons/<int:season_id>/"): Row(EVERYONE),
    ("get", L + "seasons/<int:season_id>/table/"): Row(EVERYONE),

    # Solo campaigns: anybody signed in starts their own; only its player opens its nights.
    ("post", "api/campaigns/"):              Row((401, 201, 201, 201, 201, 201), {"setup": {"ladder": ["HS1"]}}),
    ("get", C):                              Row(EVERYONE),
    ("post", C + "nights/"):                 Row((401, 403, 403, 403, 403, 201), {"expected_version": 1}),

    ("post", "api/auth/token/"):             Row(EVERYONE, {"username": "alice", "password": "pw-alice"}),

    # Vacations: one's own only.
    ("post", "api/vacation/"):               Row((401,) + (201,) * 5, {"days": 3}),
    ("delete", "api/vacation/"):             Row((401,) + (200,) * 5, arrange=on_vacation),

    # Starting a game (issue 25): a challenge is proposed by a player of it and answered by the
    # players it names; everybody else is told it does not exist. Anybody signed in opens a seek
    # or joins another's; a seek is sought again, a rematch offered, by its own player only.
    ("post", "api/challenges/"):             Row((401, 403, 403, 403, 403, 201),
                                                 {"system": RACE, "setup": {"target": 1000},
                                                  "players": {"a": "alice", "b": "bob"}}),
    ("post", "api/challenges/<uuid:challenge_id>/accept/"): Row((401, 404, 404, 404, 404, 200), arrange=challenged),
    ("post", "api/challenges/<uuid:challenge_id>/decline/"): Row((401, 404, 404, 404, 404, 200), arrange=challenged),
    ("post", "api/challenges/<uuid:challenge_id>/cancel/"): Row((401, 404, 404, 404, 404, 200), arrange=challenging),
    ("post", "api/seeks/"):                  Row((401,) + (201,) * 5, {"system": RACE, "setup": {"target": 1000}}),
    ("post", "api/seeks/<uuid:challenge_id>/join/"): Row((401,) + (200,) * 5, arrange=seeking),
    ("post", "api/seeks/<uuid:challenge_id>/again/"): Row((401, 404, 404, 404, 404, 201), arrange=sought_before),
    # Practice bots (issue 28): anyone signed in starts a game against one; the world's game
    # system, the test double, has no bots: a 422, nothing stored.
    ("post", "api/bot-games/"):              Row((401,) + (422,) * 5, {"system": RACE, "level": 1, "side": "a"}),
    # Replays that teach (issue 29): the world's game is running, so it is not forked (409 to who
    # may see it); only its players annotate it or undo in it (403 to the referee and the league
    # admin, who see it), and not while it runs (409); 404 to whoever may not see it. Studies
    # and steps that do not exist are 404 to everyone signed in.
    ("post", G + "forks/"):                  Row((401, 404, 409, 404, 409, 409), {"step": 1}),
    ("post", G + "undo/"):                   Row((401, 404, 403, 404, 403, 409)),
    ("post", G + "annotations/"):            Row((401, 404, 403, 404, 403, 409), {"step": 1, "text": "here"}),
    ("post", G + "annotations/share/"):      Row((401, 404, 403, 404, 403, 409)),
    ("patch", G + "annotations/<int:annotation_id>/"): Row((401, 404, 403, 404, 403, 409), {"text": "here"}),
    ("delete", G + "annotations/<int:annotation_id>/"): Row((401, 404, 403, 404, 403, 409)),
    ("post", "api/studies/"):                Row((401,) + (201,) * 5, {"title": "Night fighting"}),
    ("patch", "api/studies/<int:study_id>/"): Row((401,) + (404,) * 5, {"title": "Night fighting"}),
    ("delete", "api/studies/<int:study_id>/"): Row((401,) + (404,) * 5),
    ("put", "api/studies/<int:study_id>/order/"): Row((401,) + (404,) * 5, {"order": []}),
    ("post", "api/studies/<int:study_id>/steps/"): Row((401,) + (404,) * 5, {"game": "{game_id}", "step": 1}),
    ("patch", "api/studies/<int:study_id>/steps/<int:step_id>/"): Row((401,) + (404,) * 5, {"note": "here"}),
    ("delete", "api/studies/<int:study_id>/steps/<int:step_id>/"): Row((401,) + (404,) * 5),
    ("post", G + "rematch/"):                Row((401, 404, 403, 404, 403, 200), arrange=game_over),

    # Notifications: one's own only. Webhooks: the tournament's organisers, the league's admins.
    ("post", "api/notifications/read/"):     Row((401,) + (200,) * 5, arrange=notified),
    ("put", "api/notifications/preferences/"): Row((401,) + (200,) * 5, {"clock_low": {"in_page": True,
                                                                                      "by_email": False}}),
    ("post", T + "webhooks/"):               Row(ORGANISERS, {"url": "https://8.8.8.8/hook"}),
    ("post", L + "webhooks/"):               Row(LEAGUE_ADMINS, {"url": "https://8.8.8.8/hook"}),
    # A club day's file comes in by a league admin's import (issue 30); its entrants are matched by
    # the player's own claim or a league admin's mapping (this tournament is no import: 404).
    ("post", L + "tournament-imports/"):     Row(LEAGUE_ADMINS, "{tournament_export}", tournament_exported_elsewhere),
    ("post", T + "claim-entrant/"):          Row((401, 404, 404, 404, 404, 404)),
    ("post", T + "entrants/<str:name>/map/"): Row((401, 403, 403, 403, 404, 403), {"account": "carol"}),
    ("delete", "api/webhooks/<int:webhook_id>/"): Row((401, 404, 404, 204, 204, 404), arrange=hooked),
    ("post", "api/webhook-deliveries/<uuid:delivery_id>/resend/"): Row((401, 404, 404, 202, 202, 404),
                                                                       arrange=hooked),
}


def snapshot() -> tuple:
    """What any write changes: the event store, and the few tables that are not event-sourced."""
    return (StoredEvent.objects.count(),
            list(League.objects.order_by("name", "organisers__username").values_list("name", "organisers__username")),
            Season.objects.count(),
            list(Tournament.referees.through.objects.order_by("pk").values_list("tournament_id", "user_id")),
            PlayerRating.objects.count(),
            Notification.objects.filter(read_at__isnull=True).count(),
            list(NotificationPreference.objects.values_list("user_id", "kind", "in_page", "by_email")),
            WebhookEndpoint.objects.count(),
            list(Vacation.objects.order_by("pk").values_list("pk", "ends_at")),
            list(WebhookDelivery.objects.values_list("pk", "status", "attempts")),
            QuestionBank.objects.count(), Quiz.objects.count(),
            list(Attempt.objects.order_by("pk").values_list("pk", "answers", "finished_at")),
            list(Challenge.objects.order_by("pk").values_list("pk", "status", "game_id")),
            list(ChallengeSeat.objects.order_by("pk").values_list("pk", "user_id", "accepted_at")),
            Study.objects.count(), Annotation.objects.count())


def send(client, method: str, url: str, body, ids: dict):
    if isinstance(body, str):  # an export: JSON lines, not a JSON object
        return client.post(url, body.format(**ids), content_type="application/x-ndjson")
    data = {k: v.format(**ids) if isinstance(v, str) else v for k, v in (body or {}).items()}
    return getattr(client, method)(url, data, format="json")


@pytest.mark.parametrize("method, route", sorted(MATRIX))
@pytest.mark.parametrize("role", MATRIX_ROLES)
def test_each_role_gets_exactly_what_the_matrix_says_and_a_refusal_changes_nothing(world, role, method, route):
    row = MATRIX[(method, route)]
    if row.arrange:
        row.arrange(world)
    before = snapshot()
    response = send(world.client(role), method, fill(route, world.ids), row.body, world.ids)
    expected = row.expected[MATRIX_ROLES.index(role)]
    assert response.status_code == expected, response.content
    stored = method in WRITE_METHODS and route not in OPEN_WRITES and 200 <= expected < 300
    assert (snapshot() != before) == stored, "an accepted write is stored; nothing else changes anything"


def test_every_api_write_has_a_row_in_the_exact_matrix():
    writes = {(method, route) for route, view in api_routes() for method in WRITE_METHODS if hasattr(view, method)}
    assert writes - set(MATRIX) == set(), "a new write endpoint needs its row in MATRIX"


def test_the_listing_shows_a_private_game_only_to_its_players_referees_and_league_admins(world):
    def listed(role):
        return str(world.game.pk) in world.client(role).get("/api/games/").content.decode()

    assert [listed(r) for r in ROLES] == [False, True, False, False, False, True]
