"""Duel games recorded before the scoring codes (issue 26) still verify and import
(systems/duel/rules/upcasting.py): their stored VictoryPoints, TargetBombed and medal events carry
English labels, upcast to codes for the comparison only — what is stored and hashed stays as it is.
"""
import json

import pytest
from django.db import transaction
from django.utils import translation

from game import services
from game.folding import game_aggregate
from game.models import Game
from kernel.models import StoredEvent
from systems.duel.score_words import MEDAL_REASONS, TERMS, per_text
from systems.duel.rules import SYSTEM
from systems.duel.rules.upcasting import CITY_VALUE, OLD_TERMS, WILDE_SAU, upcast, upcast_per
from tests.conftest import client_for, make_user
from tests.game.test_duel_presentation import played
from tests.game.test_duel_score_language import constant_arguments
from tests.game.test_game_import import post_import, rechained
from tests.rules.duel.policies import options_policy
from tests.rules.duel.test_multiplayer import EVERY_OPTION

# The test's own reverse table: a current payload as the engine wrote it before the codes.
OLD_LABEL = {code: label for label, code in OLD_TERMS.items()}
OLD_MEDAL_REASON = {"empty_hex": "Bomber move without German fighters", "spent_in_fight": "spent in the fight (C-19)",
                    "no_airborne_fighter": "no airborne fighter (C-19)"}


def old_per(code: str, per: dict) -> str:
    if code == WILDE_SAU:
        return per["id"]
    if per["unit"] == "fighter":
        return " ".join(filter(None, ["fighter", per["id"], per.get("when")]))
    if per["unit"] == "ace":
        return f"{per['grade']} ace {per['id']}"
    return f"{per['unit'].replace('_', ' ')} {per['id']}"


def old_term(term: dict) -> dict:
    code = term["code"]
    rule = f"§5.3 city value ({term['params']['city']})" if code == CITY_VALUE else OLD_LABEL[code]
    out = {"rule": rule, "value": term["value"]}
    if "per" in term:
        out["per"] = old_per(code, term["per"])
    return out


def old_shape(event_type: str, payload: dict) -> dict:
    if event_type == "VictoryPoints":
        return {**payload, "reasons": [old_term(t) for t in payload["reasons"]]}
    if event_type == "TargetBombed":
        return {**payload, "breakdown": [old_term(t) for t in payload["breakdown"]]}
    if event_type in ("MedalsAwarded", "GermanMedalsRemoved") and payload["reason"] == "fighters_in_hex":
        rest = {k: v for k, v in payload.items() if k != "fighters"}
        return {**rest, "reason": f"{payload['fighters']} fighters in the Bomber's hex"}
    if event_type in ("MedalsAwarded", "GermanMedalsRemoved"):
        return {**payload, "reason": OLD_MEDAL_REASON[payload["reason"]]}
    return payload


UPCAST = ("VictoryPoints", "TargetBombed", "MedalsAwarded", "GermanMedalsRemoved")


# -- the mapping -----------------------------------------------------------------------------------
@pytest.mark.parametrize("label", sorted(OLD_TERMS))
def test_every_old_label_upcasts_to_a_code_worded_as_the_label_was(label):
    term = upcast("VictoryPoints", {"reasons": [{"rule": label, "value": -1}]})["reasons"][0]
    assert term == {"code": OLD_TERMS[label], "value": -1}
    with translation.override("en"):
        assert str(TERMS[term["code"]]) == label


def test_the_city_value_label_upcasts_with_the_city_as_a_parameter():
    term = upcast("TargetBombed", {"breakdown": [{"rule": "§5.3 city value (Essen)", "value": 8}]})["breakdown"][0]
    assert term == {"code": CITY_VALUE, "value": 8, "params": {"city": "Essen"}}
    with translation.override("en"):
        assert str(TERMS[CITY_VALUE]) % term["params"] == "§5.3 city value (Essen)"


def test_old_labels_are_distinct_codes_and_every_code_the_codes_replaced_has_its_label():
    """Every code of issue 26 replaced a label (a term added later needs none: name it here then)."""
    codes = set(OLD_TERMS.values()) | {CITY_VALUE}
    assert len(set(OLD_TERMS.values())) == len(OLD_TERMS)
    assert codes == set(TERMS) and constant_arguments("term", 0) <= codes


@pytest.mark.parametrize("code, old, new, words", [
    ("5.1:radar", "fighter red", {"unit": "fighter", "id": "red"}, "fighter red"),
    ("5.5:fog", "fighter red take-off", {"unit": "fighter", "id": "red", "when": "take-off"},
     "fighter red, take-off"),
    ("5.5:storm", "fighter ju88 landing", {"unit": "fighter", "id": "ju88", "when": "landing"},
     "fighter ju88, landing"),
    ("5.2:base", "flak t07", {"unit": "flak", "id": "t07"}, "flak t07"),
    ("5.2:bomber_low", "railway flak r1", {"unit": "railway_flak", "id": "r1"}, "railway flak r1"),
    ("9.9:ace_base", "silver ace a2", {"unit": "ace", "id": "a2", "grade": "silver"}, "silver ace a2"),
    ("9.9:gold_ace", "gold ace a1", {"unit": "ace", "id": "a1", "grade": "gold"}, "gold ace a1"),
    ("9.7:quad_flak", "quad flak q1", {"unit": "quad_flak", "id": "q1"}, "quad flak q1"),
    ("5.8:balloon", "balloon t12", {"unit": "balloon", "id": "t12"}, "balloon barrage t12"),
    ("9.4:wilde_sau", "ws2", {"unit": "wilde_sau", "id": "ws2"}, "Wilde Sau ws2"),
])
def test_every_old_per_string_upcasts_to_the_unit_it_named(code, old, new, words):
    assert upcast_per(code, old) == new
    with translation.override("en"):
        text = per_text(new, lambda fid: f"fighter {fid}")
    assert text == words


@pytest.mark.parametrize("event_type, old, new", [
    ("MedalsAwarded", "3 fighters in the Bomber's hex", {"reason": "fighters_in_hex", "fighters": 3}),
    ("MedalsAwarded", "Bomber move without German fighters", {"reason": "empty_hex"}),
    ("GermanMedalsRemoved", "spent in the fight (C-19)", {"reason": "spent_in_fight"}),
    ("GermanMedalsRemoved", "no airborne fighter (C-19)", {"reason": "no_airborne_fighter"}),
])
def test_every_old_medal_reason_upcasts_to_a_worded_code(event_type, old, new):
    assert upcast(event_type, {"side": "german", "count": 1, "reason": old}) == {"side": "german", "count": 1, **new}
    assert new["reason"] in MEDAL_REASONS


def test_a_current_payload_and_other_events_are_left_as_they_are():
    current = {"side": "german", "amount": 3,
               "reasons": [{"code": "5.1:base", "value": 2, "per": {"unit": "fighter", "id": "red"}}]}
    assert upcast("VictoryPoints", current) == current
    assert upcast("MosquitoLanded", {"hex": 3, "rule": "A-66"}) == {"hex": 3, "rule": "A-66"}


@pytest.mark.parametrize("setup", [EVERY_OPTION, {"mode": "solo"}, {"mode": "swap", "medals": True}],
                         ids=["every-option", "solo", "swap"])
def test_every_payload_a_game_scores_with_returns_from_its_old_shape(setup):
    _, events = played(setup)
    chosen = [e for e in events if e["type"] in UPCAST]
    assert chosen
    for event in chosen:
        old = old_shape(event["type"], event["payload"])
        assert upcast(event["type"], old) == event["payload"]


# -- through the service ---------------------------------------------------------------------------
def exported_duel_in_old_shape(users) -> tuple[dict, list[dict], int]:
    """A Duel game with every option played here and rolled back, exported with its scoring events
    as the engine wrote them before the codes (chain recomputed); and how many it changed."""
    seats = {"british": users["alice"], "german1": users["bob"], "german2": users["carol"],
             "german3": make_user("dave")}
    with transaction.atomic():
        game = services.create_game(system_name="duel-in-the-dark", setup=EVERY_OPTION, players=seats)
        while (game := Game.objects.get(pk=game.pk)).status == Game.Status.RUNNING:
            side = game.to_move[0]
            state = game_aggregate(game)["engine"]
            command = options_policy(SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
            services.submit_command(game_id=game.pk, user=seats[side], command=command,
                                    expected_version=game.version, side=side)
        lines = [json.loads(x) for x in client_for().get(f"/api/games/{game.pk}/export/").content.splitlines()]
        transaction.set_rollback(True)
    header, events = lines[0], lines[1:]
    changed = 0
    for e in events:
        old = old_shape(e["type"], e["payload"])
        changed += old != e["payload"]
        e["payload"] = old
    return header, events, changed


@pytest.fixture
def old_duel(users):
    return exported_duel_in_old_shape(users)


@pytest.mark.django_db
def test_a_duel_recorded_before_the_codes_imports_and_verifies_as_stored(users, old_duel):
    header, events, changed = old_duel
    assert changed > 5
    response = post_import(users["carol"], rechained(header, events))
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    stored = StoredEvent.objects.filter(stream=header["stream"]).order_by("seq")
    assert [e.payload for e in stored] == [e["payload"] for e in events], "stored as recorded, not rewritten"
    assert any("rule" in t for e in stored if e.type == "VictoryPoints" for t in e.payload["reasons"])
    replay = client_for().get(f"/api/games/{game_id}/replay/").json()
    assert replay["verified"], replay["problems"]


@pytest.mark.django_db
def test_an_old_label_on_the_wrong_term_is_still_refused_naming_its_seq(users, old_duel):
    header, events, _ = old_duel
    forged = next(e for e in events
                  if e["type"] == "VictoryPoints" and e["payload"]["reasons"][0]["rule"] != "§5.1 radar")
    forged["payload"]["reasons"][0]["rule"] = "§5.1 radar"
    response = post_import(users["carol"], rechained(header, events))
    assert response.status_code == 422 and response.json()["seq"] == forged["seq"], response.content
    assert not StoredEvent.objects.filter(stream=header["stream"]).exists()
