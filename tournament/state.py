"""Folding a tournament stream into its state (docs/rules/service.md, "Event sourcing" and "Tournaments").

Pure: a list of events (``{"seq", "type", "payload"}``) in, a :class:`TournamentState` out.
The brackets, standings and the next pairings to create are all derived from it, so a
revocation or a referee decision recomputes everything that follows. No Django here.
"""
from __future__ import annotations

import copy

from . import discipline, events as ev, scoring, table
from .formats import elimination, format_for, groups as group_format, single_elimination
from .formats.base import GROUP_STAGE, LEAGUE_STAGE, Format
from .tiebreaks import DEFAULT_TIE_BREAKS, Row, add_derived, rank

# Events that touch one pairing only: its cached result alone is dropped.
PAIRING_EVENTS = {ev.PAIRING_CREATED, ev.PAIRING_GAME_CREATED, ev.GAME_RESULT_RECORDED, ev.REFEREE_DECISION,
                  ev.PAIRING_MOVED_TO_TABLE, ev.LEG_REPORTED, ev.LEG_CONFIRMED, ev.LEG_DISPUTED,
                  ev.LEG_RESULT_ENTERED}

REGISTRATION, RUNNING, FINISHED, CANCELLED = "registration", "running", "finished", "cancelled"

DEFAULT_OPTIONS = {
    "third_place": False,          # single elimination: a match for 3rd place
    "grand_final_reset": True,     # double elimination: reset if the losers' finalist wins
    "cycles": 1,                   # round robin: 1 single, 2 double
    "rounds": None,                # swiss: default ceil(log2 N), at most N - 1
    "bye_score": [2, 0],           # swiss: what a bye counts as (games for:against)
    "group_count": 2,              # groups → playoffs
    "advance_per_group": 2,
    "requires_check_in": False,
    "check_in_deadline": None,     # ISO datetime; check-in closes then
    "late_entry": False,           # swiss: entries accepted after round 1, joining the next round
    "game_setup": {},              # setup given to every game (e.g. another board of the same format)
    "play_mode": table.ONLINE,     # "at_table": players report each leg's result (tournament/table.py)
    "auto_confirm_minutes": table.DEFAULT_AUTO_CONFIRM_MINUTES,  # an unanswered table report is confirmed then
    "allow_bots": False,           # practice bots (bots/) may take a seat only if the organiser allows them
}


class TournamentState:
    def __init__(self, events: list[dict]):
        self.info: dict = {}
        self.options: dict = dict(DEFAULT_OPTIONS)
        self.status = REGISTRATION
        self.entrants: dict[str, dict] = {}
        self.seeds: list[str] | None = None
        self.seed_lot: list | None = None
        self.rounds: list[dict] = []
        self.pairings: dict[str, dict] = {}
        self.tests: dict[str, float] = {}
        self.round_tests: dict[tuple[str, int], float] = {}  # (entrant, round) → that round's quiz score
        self.penalties: list[dict] = []
        self.decisions: dict[str, list[dict]] = {}
        self.voided: dict[str, dict] = {}  # pairings voided by a bracket correction, out of ``pairings``
        self.revealed_seed: str | None = None
        self.version = 0
        self._results: dict[str, scoring.PairingResult] = {}
        for event in events:
            self.apply(event)

    # -- folding -------------------------------------------------------------------------
    def apply(self, event: dict) -> None:
        kind, p = event["type"], event["payload"]
        self.version = event["seq"]
        if kind in PAIRING_EVENTS:
            self._results.pop(p["pairing_id"], None)
        else:
            self._results.clear()
        if kind == ev.TOURNAMENT_CREATED:
            self.info = dict(p)
            self.options.update(p.get("options") or {})
        elif kind == ev.SETTINGS_CHANGED:
            self.info.update({k: v for k, v in p.items() if k != "options"})
            self.options.update(p.get("options") or {})
        elif kind == ev.ENTRANT_REGISTERED:
            self.entrants[p["entrant"]] = {"rating": p.get("rating", 0), "provisional": p.get("provisional", False),
                                           "late": p.get("late", False),
                                           "withdrawn": False, "checked_in": False,
                                           "registered_round": len(self.rounds)}
        elif kind == ev.ENTRANT_WITHDRAWN:
            self.entrants[p["entrant"]]["withdrawn"] = True
            for pairing in self.pairings.values():
                if p["entrant"] in (pairing["a"], pairing["b"]) and not pairing["bye"] \
                        and len(pairing["results"]) < scoring.LEGS:
                    pairing["withdrawn"].add(p["entrant"])
        elif kind == ev.CHECKED_IN:
            self.entrants[p["entrant"]]["checked_in"] = True
        elif kind == ev.SEEDED:
            self.seeds = list(p["order"])
            self.seed_lot = p.get("lot")
        elif kind == ev.ROUND_STARTED:
            self.status = RUNNING
            self.rounds.append({"round": p["round"], "stage": p["stage"]})
        elif kind == ev.PAIRING_CREATED:
            self.pairings[p["pairing_id"]] = {
                "id": p["pairing_id"], "key": p["key"], "round": p["round"], "stage": p["stage"],
                "group": p.get("group"), "a": p["a"], "b": p["b"], "bye": p.get("bye", False),
                "first_sides": p.get("first_sides"), "lot": p.get("lot"),
                "table": p.get("table"), "mode": p.get("mode", table.ONLINE),
                "games": {}, "results": {}, "reports": {},
                "withdrawn": {n for n in (p["a"], p["b"]) if n in self.entrants and self.entrants[n]["withdrawn"]},
            }
        elif kind == ev.PAIRING_GAME_CREATED:
            self.pairings[p["pairing_id"]]["games"][p["leg"]] = {
                "leg": p["leg"], "game_id": p["game_id"], "sides": p["sides"]}
        elif kind == ev.GAME_RESULT_RECORDED:
            self.pairings[p["pairing_id"]]["results"][p["leg"]] = dict(p)
        elif kind == ev.PAIRING_MOVED_TO_TABLE:
            self.pairings[p["pairing_id"]]["mode"] = table.AT_TABLE
        elif kind in (ev.LEG_REPORTED, ev.LEG_CONFIRMED, ev.LEG_DISPUTED, ev.LEG_RESULT_ENTERED):
            self._apply_leg(kind, p, event)
        elif kind == ev.KNOWLEDGE_TEST_SCORE_RECORDED:
            self.tests[p["entrant"]] = p["score"]
            if p.get("round") is None:  # a score for the whole tournament replaces the rounds' quizzes
                self.round_tests = {k: v for k, v in self.round_tests.items() if k[0] != p["entrant"]}
            else:
                self.round_tests[(p["entrant"], p["round"])] = p["score"]
        elif kind == ev.PENALTY_ISSUED:
            self.penalties.append({"id": p["penalty_id"], "entrant": p["entrant"], "pairing": p.get("pairing_id"),
                                   "category": p["category"], "text": p.get("text", ""),
                                   "referee": p.get("referee", ""), "revoked": False, "revoke_reason": None,
                                   "seq": event["seq"]})
        elif kind == ev.PENALTY_REVOKED:
            for penalty in self.penalties:
                if penalty["id"] == p["penalty_id"]:
                    penalty["revoked"], penalty["revoke_reason"] = True, p.get("reason")
        elif kind == ev.REFEREE_DECISION:
            self.decisions.setdefault(p["pairing_id"], []).append(dict(p, seq=event["seq"]))
        elif kind == ev.PAIRING_VOIDED:
            pairing = self.pairings.pop(p["pairing_id"])
            pairing["void"] = {"reason": p.get("reason", ""), "decision_id": p.get("decision_id"),
                               "automatic": p.get("automatic", False), "seq": event["seq"]}
            self.voided[p["pairing_id"]] = pairing
        elif kind == ev.TOURNAMENT_FINISHED:
            self.status = FINISHED
            self.revealed_seed = p.get("seed")
        elif kind == ev.TOURNAMENT_CANCELLED:
            self.status = CANCELLED

    def _apply_leg(self, kind: str, p: dict, event: dict) -> None:
        pairing = self.pairings[p["pairing_id"]]
        leg = p["leg"]
        at = {"seq": event["seq"]}
        if kind == ev.LEG_REPORTED:
            pairing["reports"][leg] = {**p, **at, "status": table.REPORTED}
        elif kind == ev.LEG_DISPUTED:
            pairing["reports"][leg].update(at, status=table.DISPUTED, disputed_by=p["by"], reason=p["reason"])
        else:
            report = pairing["reports"].setdefault(leg, {})
            if kind == ev.LEG_RESULT_ENTERED:
                report.update({k: p.get(k) for k in ("winner", "ended_by", "vp_margin")},
                              status=table.ENTERED, entered_by=p["by"], reason=p["reason"], **at)
            else:
                report.update(at, status=table.CONFIRMED, confirmed_by=p["by"])
            pairing["results"][leg] = table.report_from(report).result(pairing, leg)

    def after(self, events: list[tuple[str, dict]]) -> TournamentState:
        """A copy of this state with ``(type, payload)`` events folded in: what an action would lead to."""
        trial = copy.deepcopy(self)
        for kind, payload in events:
            trial.apply({"seq": trial.version + 1, "type": kind, "payload": payload})
        return trial

    # -- basic facts ---------------------------------------------------------------------
    @property
    def format(self) -> str:
        return self.info.get("format", single_elimination.NAME)

    @property
    def tournament_format(self) -> Format:
        """What the format decides (tournament/formats/base.py)."""
        return format_for(self.format)

    @property
    def scheme(self) -> str:
        return self.info.get("scoring", scoring.POLISH)

    @property
    def penalty_scope(self) -> str:
        return self.info.get("penalty_scope", discipline.TOURNAMENT_SCOPE)

    @property
    def tie_breaks(self) -> list[str]:
        return self.info.get("tie_breaks") or DEFAULT_TIE_BREAKS

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    def active_entrants(self) -> list[str]:
        """Entrants who take part: not withdrawn, checked in when check-in is required."""
        need = self.options.get("requires_check_in")
        return [n for n, e in self.entrants.items() if not e["withdrawn"] and (e["checked_in"] or not need)]

    def ordered_pairings(self) -> list[dict]:
        return list(self.pairings.values())

    def pairing_for_key(self, key: str) -> dict | None:
        return next((p for p in self.pairings.values() if p["key"] == key), None)

    def current_pairing_of(self, entrant: str) -> dict | None:
        """The entrant's latest pairing still under way: not decided, or ended only by a red card
        (so the opponent can still be sent off in the same contest: both 0 points)."""
        reds = discipline.red_cards(self.graded_penalties())
        for pairing in reversed(self.ordered_pairings()):
            if entrant in (pairing["a"], pairing["b"]) and not pairing["bye"] and (
                    self.result(pairing["id"]).status != scoring.DECIDED or pairing["id"] in reds):
                return pairing
        return None

    # -- results -------------------------------------------------------------------------
    def graded_penalties(self) -> list[dict]:
        return discipline.grade(self.penalties, self.penalty_scope)

    def needs_winner(self, pairing: dict) -> bool:
        return self.tournament_format.needs_winner(pairing)

    def decision_in_force(self, pid: str) -> dict | None:
        """The latest referee decision that sets the pairing's score or winner (an overrule
        replaces it; a dispute ruling without either leaves the result as it was)."""
        return next((d for d in reversed(self.decisions.get(pid, [])) if "score" in d or "winner" in d), None)

    def test_score(self, entrant: str, round_number: int):
        """The knowledge-test score that breaks a 1:1 of ``round_number``: that round's quiz if the
        entrant took it, else the tournament's score (a later round's quiz changes nothing before it)."""
        return self.round_tests.get((entrant, round_number), self.tests.get(entrant))

    def forfeited(self, pairing: dict) -> bool:
        """Ended by a red card or a withdrawal, whatever the games or decisions say."""
        reds = discipline.red_cards(self.graded_penalties())
        return bool(pairing["withdrawn"] or reds.get(pairing["id"]))

    def _facts(self, pairing: dict, reds: dict) -> scoring.PairingFacts:
        side_of = {pairing["a"]: "a", pairing["b"]: "b"}
        games = []
        for leg in sorted(pairing["results"]):
            r = pairing["results"][leg]
            vp = r.get("vp")
            games.append(scoring.GameFact(
                winner=side_of.get(r.get("winner")), aborted=bool(r.get("aborted")),
                vp={side_of[name]: value for name, value in vp.items() if name in side_of} if vp else None))
        decision = None
        in_force = self.decision_in_force(pairing["id"])
        if in_force:
            named = (("score", in_force.get("score")), ("winner", side_of.get(in_force.get("winner"))))
            decision = {k: v for k, v in named if v is not None}
        return scoring.PairingFacts(
            games=tuple(games),
            tests={"a": self.test_score(pairing["a"], pairing["round"]),
                   "b": self.test_score(pairing["b"], pairing["round"])},
            red=frozenset(side_of[n] for n in reds.get(pairing["id"], ()) if n in side_of),
            withdrawn=frozenset(side_of[n] for n in pairing["withdrawn"]),
            decision=decision,
        )

    def results(self) -> dict[str, scoring.PairingResult]:
        if len(self._results) != len(self.pairings):
            reds = discipline.red_cards(self.graded_penalties())
            for pid, pairing in self.pairings.items():
                if pid in self._results:
                    continue
                if pairing["bye"]:
                    self._results[pid] = self._bye_result(pairing)
                else:
                    self._results[pid] = scoring.score_pairing(
                        self.scheme, self._facts(pairing, reds), self.needs_winner(pairing))
        return self._results

    def _bye_result(self, pairing: dict) -> scoring.PairingResult:
        score = self.tournament_format.bye_score(self.options)
        if score is None:
            return scoring.PairingResult(scoring.DECIDED, (0, 0), (0, 0), "a")
        return scoring.PairingResult(scoring.DECIDED, score, scoring.points_for(self.scheme, score, "a"), "a")

    def result(self, pid: str) -> scoring.PairingResult:
        return self.results()[pid]

    def named_result(self, pairing: dict) -> dict:
        r = self.result(pairing["id"]).as_dict()
        names = {"a": pairing["a"], "b": pairing["b"]}
        r["winner"], r["loser"] = names.get(r["winner"]), names.get(r["loser"])
        return r

    # -- standings -----------------------------------------------------------------------
    def standings_rows(self, pairings: list[dict] | None = None, entrants: list[str] | None = None) -> list[Row]:
        pairings = self.ordered_pairings() if pairings is None else pairings
        names = list(self.entrants) if entrants is None else entrants
        order = {n: i for i, n in enumerate(self.seeds or list(self.entrants))}
        rows = {n: Row(entrant=n, order=order.get(n, len(order)), rating=self.entrants[n]["rating"],
                       knowledge_test=self.tests.get(n)) for n in names}
        for pairing in pairings:
            result = self.result(pairing["id"])
            if result.status != scoring.DECIDED:
                continue
            a, b = pairing["a"], pairing["b"]
            if pairing["bye"]:
                if a in rows:
                    rows[a].points += result.points[0]
                    rows[a].games_won += result.score[0]
                    rows[a].byes += 1
                continue
            played = sum(result.score)
            for me, opp, i in ((a, b, 0), (b, a, 1)):
                if me not in rows:
                    continue
                row = rows[me]
                row.points += result.points[i]
                row.games_won += result.score[i]
                row.games_lost += result.score[1 - i]
                row.played += 1
                row.meetings.append((opp, result.points[i], result.score[i], played))
        add_derived(rows)
        return rank(rows, self.tie_breaks)

    # -- structure -----------------------------------------------------------------------
    def bracket_spec(self) -> elimination.Bracket | None:
        return self.tournament_format.bracket_spec(len(self.bracket_seeds() or []), self.options)

    def bracket_seeds(self) -> list[str] | None:
        return self.tournament_format.bracket_seeds(self)

    def decided_by_key(self) -> dict[str, elimination.Decided]:
        out = {}
        for pairing in self.pairings.values():
            if pairing["stage"] in (GROUP_STAGE, LEAGUE_STAGE):
                continue
            r = self.named_result(pairing)
            if r["status"] == scoring.DECIDED:
                out[pairing["key"]] = elimination.Decided(r["winner"], r["loser"])
        return out

    def resolved_bracket(self):
        spec = self.bracket_spec()
        if spec is None:
            return None, None
        return spec, elimination.resolve(spec, self.bracket_seeds(), self.decided_by_key())

    def groups(self) -> list[list[str]]:
        return group_format.snake_groups(self.seeds or [], self.options["group_count"])

    def group_rankings(self) -> list[list[str]]:
        rankings = []
        for index, members in enumerate(self.groups()):
            name = group_format.group_name(index)
            pairings = [p for p in self.ordered_pairings() if p["group"] == name]
            rankings.append([row.entrant for row in self.standings_rows(pairings, members)])
        return rankings

    def round_complete(self, number: int) -> bool:
        return all(self.result(p["id"]).status == scoring.DECIDED
                   for p in self.pairings.values() if p["round"] == number)

    def is_complete(self) -> bool:
        """All the format's rounds are played and every pairing is decided."""
        if not self.started or any(r.status != scoring.DECIDED for r in self.results().values()):
            return False
        return self.tournament_format.is_complete(self)
