"""Tournament endpoints (issue 5). Thin: serializers validate, services write, projections read."""
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import refusals
from kernel.refusals import CommandRejected
from kernel.replica import reads_may_lag
from kernel.store import head, read_events
from game.visibility import is_league_admin
from leagues.services import league_at
from leagues.models import Season
from accounts.roles import is_league_admin

from . import services, table
from .models import Pairing, Tournament
from .permissions import authenticated, holds_join_key, is_organiser, is_referee, may_organise, require
from .projections import bracket_of
from .serializers import (DecisionSerializer, KnowledgeTestSerializer, LegAnswerSerializer, LegEntrySerializer,
                          LegResultSerializer, PenaltySerializer, RefereesSerializer,
                          RegisterSerializer, RequiredReasonSerializer, ReasonSerializer, SeasonChoiceSerializer,
                          SeedingSerializer, StartRoundSerializer, TournamentCreateSerializer,
                          TournamentUpdateSerializer)

OPEN = [permissions.AllowAny]
DICT = OpenApiResponse(description="JSON object (see tournament/projections.py for shapes)")


def tournaments():
    return Tournament.objects.select_related("league", "secret").prefetch_related("referees")


def get_tournament(tournament_id) -> Tournament:
    return get_object_or_404(tournaments(), pk=tournament_id)


def visible(request, tournament_id):
    """The tournament and its folded state if ``request.user`` may see it (tournament/visibility.py),
    else 404 as if it did not exist."""
    tournament = get_tournament(tournament_id)
    if not tournaments().visible_to(request.user).filter(pk=tournament.pk).exists():
        raise CommandRejected(refusals.NOT_FOUND, "tournament_not_found", _("no such tournament"))
    return tournament, services.load_state(tournament)


def league_or_reject(address: str):
    try:
        return league_at(address)
    except CommandRejected:
        raise CommandRejected(refusals.INVALID, "unknown_league",
                              _("no league %(address)r") % {"address": address}) from None


def season_or_reject(season_id: int | None) -> Season | None:
    if season_id is None:
        return None
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise CommandRejected(refusals.INVALID, "unknown_season",
                              _("no season %(season_id)s") % {"season_id": season_id})
    return season


def summary(tournament: Tournament) -> dict:
    return {"id": tournament.pk, "name": tournament.name, "league": tournament.league.slug,
            "season": tournament.season_id,
            "system": tournament.system, "format": tournament.format, "scoring": tournament.scoring,
            "status": tournament.status, "is_public": tournament.is_public, "created_at": tournament.created_at}


def detail(tournament: Tournament, state) -> dict:
    return {
        **summary(tournament), "version": state.version, "options": state.options,
        "tie_breaks": state.tie_breaks, "penalty_scope": state.penalty_scope,
        "time_control": tournament.time_control, "referees": sorted(u.username for u in tournament.referees.all()),
        "entrants": [{"entrant": n, **e} for n, e in state.entrants.items()], "seeds": state.seeds,
        "rounds": state.rounds, "seed_commitment": state.info.get("seed_commitment"),
        "seed": state.revealed_seed,
    }


def acted(state) -> Response:
    return Response({"version": state.version, "status": state.status}, status=status.HTTP_201_CREATED)


class TournamentListCreate(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, operation_id="tournaments_list")
    def get(self, request):
        """Tournaments you may see (public ones, and private ones you organise, referee or entered), newest first."""
        qs = Tournament.objects.visible_to(request.user).select_related("league")
        return Response([summary(t) for t in qs[:200]])

    @extend_schema(request=TournamentCreateSerializer, responses={201: DICT})
    def post(self, request):
        """Create a tournament (``TournamentCreated``) in a league you organise; entrants register next."""
        require(authenticated(request.user), request.user, _("create tournaments"))
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        league = league_or_reject(v["league"])
        require(may_organise(request.user, league), request.user, _("create tournaments in this league"))
        tournament = services.create_tournament(
            league=league, name=v["name"], system=v["system"], format=v["format"], created_by=request.user,
            scoring_scheme=v["scoring"], options=v["options"], tie_breaks=v["tie_breaks"],
            penalty_scope=v["penalty_scope"], time_control=v["time_control"], is_public=v["is_public"],
            season=season_or_reject(v["season"]))
        return Response(detail(tournament, services.load_state(tournament)), status=status.HTTP_201_CREATED)


class TournamentDetail(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """A tournament's settings, entrants (with the rating each registered with), seeds and rounds."""
        tournament, state = visible(request, tournament_id)
        return Response(detail(tournament, state))

    @extend_schema(request=TournamentUpdateSerializer, responses={200: DICT})
    def patch(self, request, tournament_id):
        """Change settings (``TournamentSettingsChanged``): organisers, before the first round only."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("change this tournament"))
        data = TournamentUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        state = services.change_settings(tournament.pk, dict(data.validated_data), request.user.username)
        return Response(detail(get_tournament(tournament.pk), state))

    @extend_schema(request=RequiredReasonSerializer, responses={200: DICT})
    def delete(self, request, tournament_id):
        """Cancel with a reason (a ``TournamentCancelled`` event), before round 1: nothing is deleted."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("cancel this tournament"))
        data = RequiredReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.cancel_tournament(tournament.pk, data.validated_data["reason"], request.user.username)
        return Response({"version": state.version, "status": state.status})


class TournamentReferees(APIView):
    permission_classes = OPEN

    @extend_schema(request=RefereesSerializer, responses={200: DICT})
    def put(self, request, tournament_id):
        """League admins appoint a tournament's referees."""
        tournament, _state = visible(request, tournament_id)
        require(is_league_admin(request.user), request.user, _("appoint referees"))
        data = RefereesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        users = services.users_named(data.validated_data["referees"])
        services.appoint_referees(tournament.pk, users)
        return Response({"referees": sorted(u.username for u in users)})


class TournamentSeason(APIView):
    permission_classes = OPEN

    @extend_schema(request=SeasonChoiceSerializer, responses={200: DICT})
    def put(self, request, tournament_id):
        """Attach the tournament to a season of its league, or detach it with ``null`` (organisers,
        at any time): the season's league table counts its points."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("attach this tournament to a season"))
        data = SeasonChoiceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.set_season(tournament.pk, season_or_reject(data.validated_data["season"]), request.user.username)
        return Response(summary(get_tournament(tournament.pk)))


class TournamentEvents(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, parameters=[OpenApiParameter("after", int)])
    def get(self, request, tournament_id):
        """The tournament's whole event stream, oldest first: the truth every other view is folded from."""
        tournament, state = visible(request, tournament_id)
        try:
            after = int(request.query_params.get("after", 0))
        except ValueError:
            raise CommandRejected(refusals.INVALID, "malformed_query", _("after must be an integer")) from None
        return Response({"version": state.version, "head_hash": head(tournament.stream)[1],
                         "events": tournament_events(tournament, after)})


def tournament_events(tournament: Tournament, after: int = 0) -> list[dict]:
    """The stream after ``after``: all of it is public to whoever may view the tournament."""
    return [{"seq": e.seq, "type": e.type, "payload": e.payload, "actor": e.actor,
             "recorded_at": e.recorded_at.isoformat(), "hash": e.hash} for e in read_events(tournament.stream, after)]


class Entrants(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """Entrants in registration order: rating (``provisional`` while unrated), check-in, withdrawal."""
        _, state = visible(request, tournament_id)
        return Response([{"entrant": n, **e} for n, e in state.entrants.items()])

    @extend_schema(request=RegisterSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """Register: organisers anyone (optionally with a rating), players themself (in a private
        tournament with its join link's ``join_key``). The rating is the player's current Elo in
        the tournament's system, or 1500 marked provisional."""
        tournament = get_tournament(tournament_id)
        if not holds_join_key(tournament, request.data.get("join_key") if isinstance(request.data, dict) else None):
            visible(request, tournament_id)
        data = RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        require(authenticated(request.user), request.user, _("register"))
        username = data.validated_data.get("username") or request.user.username
        organiser = is_organiser(request.user, tournament)
        require(organiser or (username == request.user.username and data.validated_data["rating"] is None),
                request.user, _("register somebody else or set a rating"))
        state = services.register(tournament.pk, username, request.user.username, data.validated_data["rating"])
        return acted(state)


def _self_or_organiser(request, tournament, username: str, what: str) -> None:
    require(is_organiser(request.user, tournament) or
            (authenticated(request.user) and request.user.username == username), request.user, what)


class Withdraw(APIView):
    permission_classes = OPEN

    @extend_schema(request=ReasonSerializer, responses={201: DICT})
    def post(self, request, tournament_id, username):
        """Withdraw an entrant (organisers, or the entrant): after the start they forfeit the pairing
        under way and every later one."""
        tournament, _state = visible(request, tournament_id)
        _self_or_organiser(request, tournament, username, "withdraw this entrant")
        data = ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return acted(services.withdraw(tournament.pk, username, request.user.username, data.validated_data["reason"]))


class CheckIn(APIView):
    permission_classes = OPEN

    @extend_schema(request=None, responses={201: DICT})
    def post(self, request, tournament_id, username):
        """Check an entrant in (organisers, or the entrant), until the check-in deadline and seeding."""
        tournament, _state = visible(request, tournament_id)
        _self_or_organiser(request, tournament, username, "check in this entrant")
        return acted(services.check_in(tournament.pk, username, request.user.username))


class Seeding(APIView):
    permission_classes = OPEN

    @extend_schema(request=SeedingSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """Seed the entrants (organisers): by rating, by lot, or in a manual order; closes registration."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("seed this tournament"))
        data = SeedingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        state = services.seed(tournament.pk, request.user.username, v["order"], v["method"])
        return Response({"version": state.version, "seeds": state.seeds}, status=status.HTTP_201_CREATED)


class Rounds(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """The rounds started so far, each with its stage."""
        _, state = visible(request, tournament_id)
        return Response(state.rounds)

    @extend_schema(request=StartRoundSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """Start the next round (elimination brackets then advance by themselves); with ``round``,
        a repeated request is a 409 instead of starting another round."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("start rounds"))
        data = StartRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.start_round(tournament.pk, request.user.username, data.validated_data["round"])
        return Response({"version": state.version, "round": state.rounds[-1]}, status=status.HTTP_201_CREATED)


class ProjectionView(APIView):
    """Serves one cached projection of the tournament stream (rebuilt when the stream moved)."""

    permission_classes = OPEN
    projection = ""

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """The projection at the stream's current version (shapes: tournament/projections.py)."""
        tournament, state = visible(request, tournament_id)
        return Response(getattr(services.cached_projection(tournament, state), self.projection))


@reads_may_lag
class Bracket(ProjectionView):
    projection = "bracket"


@reads_may_lag
class Standings(ProjectionView):
    projection = "standings"


class PairingDetail(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, pairing_id):
        """One pairing: its games, score, points and status, with the referee's decisions on it."""
        tournament, state = visible_pairing(request, pairing_id)
        item = pairing_item(state, tournament, pairing_id)
        decisions = state.decisions.get(str(pairing_id), [])
        in_force = state.decision_in_force(str(pairing_id))
        # What an overrule names as ``replaces`` (else the score as ``replaces_score``).
        return Response({**item, "tournament": tournament.pk, "decisions": decisions,
                         "decision_in_force": in_force["decision_id"] if in_force else None})


def visible_pairing(request, pairing_id):
    tournament_id = Pairing.objects.filter(pk=pairing_id).values_list("tournament_id", flat=True).first()
    if tournament_id is None:
        raise CommandRejected(refusals.NOT_FOUND, "pairing_not_found", _("no such pairing"))
    return visible(request, tournament_id)


def pairing_item(state, tournament: Tournament, pairing_id) -> dict:
    """The pairing as the bracket shows it (voided ones too)."""
    bracket = bracket_of(state, tournament.pk)
    return next(p for p in [p for r in bracket["rounds"] for p in r["pairings"]] + bracket["voided"]
                if p["id"] == str(pairing_id))


RESEND_KEY = OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER,
                              description="A resend under the same key counts once.")


class LegAction(APIView):
    """A table-play action on one leg of a pairing (tournament/table.py has the rules)."""

    permission_classes = OPEN

    def respond(self, state, tournament, pairing_id) -> Response:
        return Response({"version": state.version, "status": state.status,
                         "pairing": pairing_item(state, tournament, pairing_id)}, status=status.HTTP_201_CREATED)


class LegReport(LegAction):
    @extend_schema(request=LegResultSerializer, responses={201: DICT}, parameters=[RESEND_KEY])
    def post(self, request, pairing_id, leg):
        """Report how a leg played at the table ended (the pairing's two players; the opponent
        confirms or disputes). An ``Idempotency-Key`` (yours, in this tournament) makes a resend count
        once (201 again, nothing appended; another request under it: 422 ``idempotency_key_reused``).
        409 ``not_at_table``, ``round_closed``, ``report_pending``,
        ``leg_disputed``, ``result_confirmed``; 403 ``not_in_pairing``; 400 ``invalid_winner``,
        ``invalid_ending``, ``invalid_vp_margin``, ``invalid_leg``."""
        tournament, _state = visible_pairing(request, pairing_id)
        require(authenticated(request.user), request.user, _("report results"))
        data = LegResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.report_leg(tournament.pk, str(pairing_id), leg, request.user.username,
                                    **data.validated_data, idempotency_key=request.headers.get("Idempotency-Key"))
        return self.respond(state, tournament, pairing_id)


class LegConfirm(LegAction):
    @extend_schema(request=LegAnswerSerializer, responses={201: DICT}, parameters=[RESEND_KEY])
    def post(self, request, pairing_id, leg):
        """Confirm the opponent's report of a leg: it counts from now on. 409 ``nothing_to_confirm``,
        ``report_outdated``; 403 ``own_report``, ``not_in_pairing``."""
        tournament, _state = visible_pairing(request, pairing_id)
        require(authenticated(request.user), request.user, _("confirm results"))
        data = LegAnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report_id = data.validated_data["report_id"]
        state = services.confirm_leg(tournament.pk, str(pairing_id), leg, request.user.username,
                                     str(report_id) if report_id else None,
                                     idempotency_key=request.headers.get("Idempotency-Key"))
        return self.respond(state, tournament, pairing_id)


class LegDispute(LegAction):
    @extend_schema(request=LegAnswerSerializer, responses={201: DICT}, parameters=[RESEND_KEY])
    def post(self, request, pairing_id, leg):
        """Dispute the opponent's report of a leg, saying why: it waits for a referee's entry.
        400 ``reason_required``; otherwise as confirming."""
        tournament, _state = visible_pairing(request, pairing_id)
        require(authenticated(request.user), request.user, _("dispute results"))
        data = LegAnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        state = services.dispute_leg(tournament.pk, str(pairing_id), leg, request.user.username, v["reason"],
                                     str(v["report_id"]) if v["report_id"] else None,
                                     idempotency_key=request.headers.get("Idempotency-Key"))
        return self.respond(state, tournament, pairing_id)


class LegEntry(LegAction):
    @extend_schema(request=LegEntrySerializer, responses={201: DICT})
    def post(self, request, pairing_id, leg):
        """Enter or correct a leg's result directly, with a reason (referees and organisers): settles
        a dispute or a missing report. 400 ``reason_required``; 409 ``round_closed`` (then a referee
        decision changes the pairing), ``result_recorded`` (a leg played online)."""
        tournament, _state = visible_pairing(request, pairing_id)
        require(is_referee(request.user, tournament) or is_organiser(request.user, tournament), request.user,
                _("enter results"))
        data = LegEntrySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.enter_leg_result(tournament.pk, str(pairing_id), leg, request.user.username,
                                          **data.validated_data)
        return self.respond(state, tournament, pairing_id)


class PairingToTable(LegAction):
    @extend_schema(request=None, responses={201: DICT})
    def post(self, request, pairing_id):
        """Play an online pairing at the table instead (organisers), before any of its games has a
        result; its running games end aborted and unrated. 409 ``already_at_table``, ``games_recorded``."""
        tournament, _state = visible_pairing(request, pairing_id)
        require(is_organiser(request.user, tournament), request.user, _("move pairings to the table"))
        state = services.move_to_table(tournament.pk, str(pairing_id), request.user.username)
        return self.respond(state, tournament, pairing_id)


class TableReports(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """Table reports still open, oldest first: ``reported`` ones wait for the opponent (or the
        auto-confirmation), ``disputed`` ones for a referee."""
        tournament, state = visible(request, tournament_id)
        return Response([{"pairing_id": p["id"], "round": p["round"], "table": p["table"], "a": p["a"],
                          "b": p["b"], "leg": leg, "sides": table.leg_sides(p, leg), "report": report}
                         for p, leg, report in table.open_reports(state)])


class Penalties(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """Every penalty with the level the ladder gives it (warning, yellow, warning, red); revoked ones too."""
        _, state = visible(request, tournament_id)
        return Response(state.graded_penalties())

    @extend_schema(request=PenaltySerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """Issue a penalty (referees): the ladder grades it; a red card ends the pairing 0:2."""
        tournament, _state = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, _("issue penalties"))
        data = PenaltySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        _state, penalty = services.issue_penalty(tournament.pk, v["entrant"], v["category"], v["text"],
                                            request.user.username,
                                            str(v["pairing_id"]) if v["pairing_id"] else None)
        return Response(penalty, status=status.HTTP_201_CREATED)


class RevokePenalty(APIView):
    permission_classes = OPEN

    @extend_schema(request=RequiredReasonSerializer, responses={201: DICT})
    def post(self, request, tournament_id, penalty_id):
        """Revoke a penalty with a reason (referees): a new event; every later penalty is re-graded."""
        tournament, _state = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, _("revoke penalties"))
        data = RequiredReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.revoke_penalty(tournament.pk, str(penalty_id), data.validated_data["reason"],
                                        request.user.username)
        return Response({"version": state.version, "penalties": state.graded_penalties()},
                        status=status.HTTP_201_CREATED)


class KnowledgeTests(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """Knowledge-test scores by entrant (the 1:1 tie-break of the polish scheme)."""
        _, state = visible(request, tournament_id)
        return Response(state.tests)

    @extend_schema(request=KnowledgeTestSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """Record an entrant's knowledge-test score (organisers, referees); a later one replaces it."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament) or is_referee(request.user, tournament), request.user,
                _("record knowledge-test scores"))
        data = KnowledgeTestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        return acted(services.record_knowledge_test(tournament.pk, v["entrant"], v["score"], request.user.username))


class Decisions(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """Every referee decision, in order."""
        _, state = visible(request, tournament_id)
        return Response([d for ds in state.decisions.values() for d in ds])

    @extend_schema(request=DecisionSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """A referee's tie, dispute or overrule decision; always with a written reason.

        A ``tie`` only on a 1:1 waiting for the referee (409 ``knowledge_test_missing``,
        ``not_tied``, ``already_decided``); a ``dispute`` only on a pairing with a recorded game
        (409 ``nothing_to_dispute``), setting a score only while it is undecided (409
        ``overrule_required``); an ``overrule`` only on a decided pairing, naming the decision in
        force (``replaces``) or the result's score (``replaces_score``) (409 ``not_decided``,
        ``replaces_outdated``, ``forfeited``; 422 ``overrule_changes_nothing``). In a bracket the
        later pairings it changes are created again with the new entrant: at once if none of their
        games has started, otherwise only if listed in ``void_pairings`` with a ``void_reason``
        (409 ``next_pairing_started``). The answer names the decision and the voided pairings.
        """
        tournament, _state = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, _("make referee decisions"))
        data = DecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        pairing_id = str(v["pairing_id"])
        state = services.referee_decision(
            tournament.pk, pairing_id, v["kind"], v["reason"], request.user.username, winner=v["winner"],
            score=v["score"], replaces=str(v["replaces"]) if v["replaces"] else None,
            replaces_score=v["replaces_score"], void=[str(p) for p in v["void_pairings"]], void_reason=v["void_reason"])
        decision = state.decisions[pairing_id][-1]
        voided = [pid for pid, p in state.voided.items() if p["void"]["decision_id"] == decision["decision_id"]]
        return Response({"version": state.version, "status": state.status, "decision": decision, "voided": voided},
                        status=status.HTTP_201_CREATED)


