"""Duel in the Dark in words (issue 15, systems/duel/presentation.py): every engine event reads as
a sentence of its own type, VP name each term with its rule-section label (scoring.py), the
summary is in words, the outcome too, and the replay markers cover nights, rounds and turns."""
import pytest

from game.presentation import presentation_for
from systems.duel.presentation import CATEGORIES, DESCRIBE
from systems.duel.score_words import TERMS
from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from tests.rules.duel.policies import options_policy, play
from tests.rules.duel.test_multiplayer import EVERY_OPTION

DUEL = presentation_for("duel-in-the-dark")


def played(setup: dict, seed: str = "words") -> tuple[dict, list[dict]]:
    state, events = play(SYSTEM, SYSTEM.initial_state(setup, None), lambda n: SeededDice(seed, "duel", n),
                         policy=options_policy)
    return state, [{"seq": n + 2, "type": e.type, "payload": e.payload} for n, e in enumerate(events)]


@pytest.fixture(scope="module")
def every_option_game():
    return played(EVERY_OPTION)


@pytest.mark.parametrize("setup", [EVERY_OPTION, {"mode": "solo"}, {"mode": "swap"}], ids=["every-option", "solo", "swap"])
def test_every_engine_event_has_its_own_sentence_and_category(setup):
    state, events = played(setup)
    assert SYSTEM.outcome(state) is not None
    for event in events:
        assert event["type"] in DESCRIBE, event["type"]
        text = DUEL.describe_event(event)
        assert text and not text[0].islower() and "{" not in text and "_" not in text.split(":")[0], (event, text)
        assert DUEL.category(event) in CATEGORIES, event["type"]


def test_victory_points_read_with_every_rule_section_label(every_option_game):
    """scoring.py codes each term; the sentence carries each term's words (with its rule section) and value."""
    _, events = every_option_game
    vp = [e for e in events if e["type"] == "VictoryPoints"]
    assert vp
    for event in vp:
        text = DUEL.describe_event(event)
        p = event["payload"]
        assert text.startswith(("British scores", "German scores")) and f"{p['amount']} VP" in text
        for reason in p["reasons"]:
            words = str(TERMS[reason["code"]]) % reason.get("params", {})
            assert words.startswith(("§", "A-")) and words in text


def test_a_fighter_fight_in_words():
    red = {"unit": "fighter", "id": "red"}
    event = {"type": "VictoryPoints", "payload": {
        "side": "german", "amount": 3, "occasion": "fighter combat", "score_after": -3,
        "reasons": [{"code": "5.1:base", "value": 2, "per": red}, {"code": "5.1:radar", "value": 1, "per": red}]}}
    assert DUEL.describe_event(event) == ("German scores 3 VP for fighter combat: §5.1 base +2 (the red Me 110); "
                                          "§5.1 radar +1 (the red Me 110). Score: German 3.")
    # A game recorded before the codes reads as it was stored.
    legacy = {"type": "VictoryPoints", "payload": {
        "side": "german", "amount": 2, "occasion": "fighter combat", "score_after": -2,
        "reasons": [{"rule": "§5.1 base", "value": 2, "per": "fighter red"}]}}
    assert "§5.1 base +2 (fighter red)" in DUEL.describe_event(legacy)
    assert DUEL.describe_event({"type": "FighterMoved", "payload": {
        "fighter": "red", "from": 18, "path": [10], "directions": ["NW"], "altitude": "HIGH", "cost": 1,
        "fuel_before": 12, "fuel_after": 11}}) == "The red Me 110 flies north-west to hex 10, high: fuel 12 → 11 (1 lines)."


def test_markers_for_nights_phases_rounds_and_turns(every_option_game):
    _, events = every_option_game
    kinds = {}
    for event in events:
        mark = DUEL.marker(event)
        if mark:
            kinds.setdefault(mark["kind"], []).append(mark["label"])
    assert kinds["night"] == ["Night 2"]  # night 1 opens with the game (GameCreated)
    assert DUEL.marker({"type": "GameCreated", "payload": {}}) == {"kind": "night", "label": "Night 1"}
    assert kinds["round"][:2] == ["Round 1", "Round 2"]
    assert "Round 1: Mosquito" in kinds["turn"] and "Round 1: German" in kinds["turn"]
    assert kinds["phase"][0].startswith("Phase 2")


def test_summary_is_in_words_and_the_germans_summary_has_no_route(every_option_game):
    state, _ = every_option_game
    mid = SYSTEM.initial_state({"weather_card": 12}, None)
    for n in range(40):
        seat = SYSTEM.to_move(mid)[0]
        if mid["step"] == "bomber" and mid["bomber"]["moves_done"] >= 2:
            break
        command = options_policy(SYSTEM.view(mid, seat), SYSTEM.legal_actions(mid, seat), seat)
        for event in SYSTEM.decide(mid, command, seat, SeededDice("mid", "duel", n)):
            mid = SYSTEM.evolve(mid, event)
    german = dict(DUEL.summary(SYSTEM.view(mid, "german")))
    british = dict(DUEL.summary(SYSTEM.view(mid, "british")))
    assert german["Night"].startswith("1 of 1, round")
    assert "wind to the north-west" in german["Weather"]
    assert german["Bomber"].startswith("over hex") and ", high," in german["Bomber"]
    assert "fuel" in german["Red Me 110"]
    assert "Your plan" in british and "cards" in british["Your plan"]
    assert german["The plan"].startswith("secret until the night ends")
    route = " ".join(c["dir"] for c in mid["plan"]["route"])
    assert all(route not in value for value in german.values())


def test_outcome_in_words():
    assert DUEL.outcome_text(None) == "The game is under way."
    assert DUEL.outcome_text({"winner": "british", "score": 7, "reason": "victory points"}) == "British won by 7 VP."
    assert DUEL.outcome_text({"winner": "german", "score": -4, "reason": "victory points"}) == "German won by 4 VP."
    assert DUEL.outcome_text({"winner": None, "score": 0, "reason": "victory points"}).startswith("Draw")
    assert DUEL.outcome_text({"winner": "german2", "score": -3, "personal_track": {"german2": 4}}).startswith(
        "German 2 wins")
    assert "share the win" in DUEL.outcome_text({"winner": None, "score": -3, "shared_winners": ["german1", "german2"]})
    assert DUEL.outcome_text({"winner": None, "aborted": True}) == "The game was aborted: no winner."
