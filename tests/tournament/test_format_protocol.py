"""The Format protocol (tournament/formats/base.py): what each format decides, table-driven from
docs/rules/service.md "Tournaments": formats. Whole tournaments of every format are played in
test_service_tournaments.py and test_simulated_tournaments.py; these pin the per-format answers."""
import inspect

import pytest

from tournament import planner
from tournament.formats import NAMES, REGISTRY, UnknownFormat, format_for, offering
from tournament.formats.base import CROSS_TABLE, PLAYOFF_STAGE, ROUND_LIST, Format
from tournament.forms.options import OPTION_FIELDS
from tournament.state import DEFAULT_OPTIONS, TournamentState

SE, DE, RR, SW, GP = "single-elimination", "double-elimination", "round-robin", "swiss", "groups-playoffs"

# name: (knockout, draws_bracket, losers_bracket, has_groups, rounds_shown_as, options)
FACTS = {
    SE: (True, True, False, False, None, ("third_place",)),
    DE: (True, True, True, False, None, ("grand_final_reset",)),
    RR: (False, False, False, False, CROSS_TABLE, ("cycles",)),
    SW: (False, False, False, False, ROUND_LIST, ("rounds", "bye_score", "late_entry")),
    GP: (False, True, False, True, None, ("group_count", "advance_per_group")),
}


def test_the_registry_holds_the_five_formats_in_the_order_the_pages_list_them():
    assert NAMES == (SE, DE, RR, SW, GP)


@pytest.mark.parametrize("name", list(FACTS))
def test_each_format_states_its_facts(name):
    fmt = format_for(name)
    assert fmt.name == name
    assert (fmt.knockout, fmt.draws_bracket, fmt.losers_bracket, fmt.has_groups, fmt.rounds_shown_as,
            fmt.options) == FACTS[name]


@pytest.mark.parametrize("name", list(FACTS))
def test_each_format_implements_every_member_of_the_protocol(name):
    fmt = format_for(name)
    assert not [a for a in Format.__annotations__ if not hasattr(fmt, a)]
    methods = {m: f for m, f in vars(Format).items() if inspect.isfunction(f) and not m.startswith("_")}
    for method, declared in methods.items():
        wanted = [p for p in inspect.signature(declared).parameters if p != "self"]
        assert list(inspect.signature(getattr(fmt, method)).parameters) == wanted, method


def test_an_unknown_format_is_refused_by_name_and_cannot_start_a_round():
    with pytest.raises(UnknownFormat):
        format_for("ladder")
    state = TournamentState([{"seq": 1, "type": "TournamentCreated", "payload": {"format": "ladder"}},
                             {"seq": 2, "type": "Seeded", "payload": {"order": ["a", "b"]}}])
    with pytest.raises(planner.CannotStartRound) as refused:
        planner.start_round(state)
    assert refused.value.code == "unknown_format"


@pytest.mark.parametrize("name, stage, needs_winner", [
    (SE, "winners", True), (DE, "losers", True), (RR, "main", False), (SW, "main", False),
    (GP, "group", False), (GP, PLAYOFF_STAGE, True),
])
def test_a_knockout_pairing_needs_a_winner_a_league_pairing_does_not(name, stage, needs_winner):
    assert format_for(name).needs_winner({"stage": stage}) is needs_winner


@pytest.mark.parametrize("name, bye", [(SE, None), (DE, None), (RR, None), (SW, (1, 1)), (GP, None)])
def test_only_a_swiss_bye_scores(name, bye):
    assert format_for(name).bye_score({**DEFAULT_OPTIONS, "bye_score": [1, 1]}) == bye


@pytest.mark.parametrize("name, late_entry, accepted", [
    (SW, True, True), (SW, False, False), (SE, True, False), (RR, True, False), (GP, True, False),
])
def test_only_a_swiss_with_late_entry_takes_entrants_after_seeding(name, late_entry, accepted):
    assert format_for(name).accepts_late_entry({**DEFAULT_OPTIONS, "late_entry": late_entry}) is accepted


@pytest.mark.parametrize("name, stage", [(SE, "winners"), (DE, "losers"), (GP, PLAYOFF_STAGE)])
def test_bracket_matches_keep_their_stage_except_in_a_playoff(name, stage):
    assert format_for(name).match_stage("winners" if name == GP else stage) == stage


@pytest.mark.parametrize("name, entrants, matches", [
    (SE, 1, None), (SE, 4, 3), (DE, 1, None), (DE, 4, 7), (GP, 4, 3), (RR, 4, None), (SW, 4, None),
])
def test_the_bracket_each_format_draws(name, entrants, matches):
    """4 seeds: single elimination 3 matches; double 3 winners + 2 losers + grand final + reset."""
    spec = format_for(name).bracket_spec(entrants, DEFAULT_OPTIONS)
    assert (None if spec is None else len(spec.matches)) == matches


@pytest.mark.parametrize("seeds, rounds_option, expected", [
    (["a", "b"], None, 1), (list("abcde"), None, 3), (list("abcdefgh"), None, 3), (list("abc"), None, 2),
    (list("abcdefgh"), 5, 5),
])
def test_a_swiss_plays_log2_rounds_unless_told(seeds, rounds_option, expected):
    state = TournamentState([
        {"seq": 1, "type": "TournamentCreated", "payload": {"format": SW, "options": {"rounds": rounds_option}}},
        {"seq": 2, "type": "Seeded", "payload": {"order": seeds}}])
    assert format_for(SW).planned_rounds(state) == expected


@pytest.mark.parametrize("seeds, cycles, expected", [(list("abcd"), 1, 3), (list("abcde"), 1, 5),
                                                      (list("abcd"), 2, 6)])
def test_a_round_robin_plays_a_berger_round_per_opponent_and_cycle(seeds, cycles, expected):
    state = TournamentState([
        {"seq": 1, "type": "TournamentCreated", "payload": {"format": RR, "options": {"cycles": cycles}}},
        {"seq": 2, "type": "Seeded", "payload": {"order": seeds}}])
    assert format_for(RR).planned_rounds(state) == expected


def test_each_option_is_offered_with_the_formats_that_read_it_and_shared_ones_with_all():
    owned = {key: name for name, fmt in REGISTRY.items() for key in fmt.options}
    assert set(owned) <= set(DEFAULT_OPTIONS)
    for field in OPTION_FIELDS:
        assert field.formats == ((owned[field.key],) if field.key in owned else NAMES)
    assert offering("play_mode") == NAMES and offering("cycles") == (RR,)
