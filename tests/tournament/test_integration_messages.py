"""The tournament's integration messages (tournament/messages.py): each change writes its messages
once, in its own transaction (a change rolled back or refused writes none), with the payloads
the apps above read instead of the tournament's own events."""
from collections import Counter

import pytest
from django.db import transaction

from kernel import outbox
from kernel.models import OutboxMessage
from kernel.refusals import CommandRejected
from tests.conftest import make_user
from tests.tournament.conftest import enter, new_tournament, players, win_game
from tests.tournament.test_table_play import first_pairing, settle, state_of, table_tournament
from tournament import messages as tm, services, table

pytestmark = pytest.mark.django_db


def written(since: int = 0) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(pk__gt=since, topic__in=tm.TOPICS).order_by("pk"))


def last_id() -> int:
    return OutboxMessage.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def test_a_round_start_writes_one_round_started_and_one_pairing_created_per_pairing(league, organiser):
    t = new_tournament(league, organiser)
    enter(t, players(4))
    before = last_id()
    services.start_round(t.pk, "olga")
    state = state_of(t)
    topics = Counter(m.topic for m in written(before))
    assert topics[tm.ROUND_STARTED] == 1 and topics[tm.PAIRING_CREATED] == len(state.pairings) == 2
    assert not set(topics) - {tm.ROUND_STARTED, tm.PAIRING_CREATED, tm.STANDINGS_CHANGED}
    created = [m.payload for m in written(before) if m.topic == tm.PAIRING_CREATED]
    assert {(p["a"], p["b"]) for p in created} == {(p["a"], p["b"]) for p in state.pairings.values()}
    assert all(p["tournament_id"] == t.pk and p["league"] == league.slug and p["tournament"] == t.name
               and not p["at_table"] for p in created)
    assert len({p["ref"] for p in created}) == 2  # one fact each: what consumers key their records by


def test_each_registration_changes_the_standings_once(league, organiser):
    t = new_tournament(league, organiser)
    before = last_id()
    services.register(t.pk, make_user("ann").username, "olga", rating=1600)
    [message] = written(before)
    assert message.topic == tm.STANDINGS_CHANGED
    assert [r["entrant"] for r in message.payload["standings"]["rows"]] == ["ann"]


def test_a_rolled_back_change_writes_no_message(league, organiser):
    t = new_tournament(league, organiser)
    before = last_id()
    with pytest.raises(RuntimeError), transaction.atomic():
        services.register(t.pk, make_user("ann").username, "olga", rating=1600)
        assert written(before)  # written with the change ...
        raise RuntimeError("the request fails after the change")
    assert written(before) == []  # ... and gone with it
    with pytest.raises(CommandRejected):
        services.register(t.pk, "nobody-of-that-name", "olga")
    assert written(before) == []


def test_a_settled_leg_is_one_result_settled_and_a_correction_another(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    before = last_id()
    settle(p, 1, p["a"])
    topics = Counter(m.topic for m in written(before))
    assert topics[tm.RESULT_REPORTED] == 1 and topics[tm.RESULT_SETTLED] == 1
    [settled] = [m.payload for m in written(before) if m.topic == tm.RESULT_SETTLED]
    sides = table.leg_sides(p, 1)
    assert (settled["pairing_id"], settled["leg"], settled["winner"], settled["sides"]) == (p["id"], 1, p["a"], sides)
    assert set(settled["accounts"]) == {p["a"], p["b"]} and settled["system"] == "303"
    [reported] = [m.payload for m in written(before) if m.topic == tm.RESULT_REPORTED]
    assert (reported["reporter"], reported["opponent"]) == (p["a"], p["b"])

    before = last_id()
    services.enter_leg_result(t.pk, p["id"], 1, "rita", winner=p["b"], ended_by=table.ending_won_by("303", p, 1, p["b"]),
                              reason="the slip named the wrong winner")
    [corrected] = [m.payload for m in written(before) if m.topic == tm.RESULT_SETTLED]
    assert corrected["winner"] == p["b"] and corrected["event_id"] > settled["event_id"]


def test_a_finished_tournament_writes_its_decision_and_its_end_once(league, organiser):
    t = new_tournament(league, organiser)
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    pairing = first_pairing(t)
    before = last_id()
    win_game(pairing["games"][1]["game_id"], pairing["a"])
    win_game(state_of(t).pairings[pairing["id"]]["games"][2]["game_id"], pairing["a"])
    assert state_of(t).status == "finished"
    topics = Counter(m.topic for m in written(before))
    assert topics[tm.GAME_RECORDED] == 2 and topics[tm.PAIRING_DECIDED] == 1 and topics[tm.FINISHED] == 1
    [decided] = [m.payload for m in written(before) if m.topic == tm.PAIRING_DECIDED]
    assert decided["result"]["winner"] == pairing["a"] and decided["pairing_id"] == pairing["id"]
    [finished] = [m.payload for m in written(before) if m.topic == tm.FINISHED]
    assert sorted(finished["entrants"]) == sorted([pairing["a"], pairing["b"]])


def test_appointing_a_referee_writes_one_staff_appointed(league, organiser, referee, admin_user_):
    t = new_tournament(league, organiser)
    before = last_id()
    services.appoint_referees(t.pk, [referee])
    [message] = written(before)
    assert message.topic == tm.STAFF_APPOINTED and message.payload["user_ids"] == [referee.pk]


def test_a_message_written_before_the_integration_messages_is_turned_into_them_once(league, organiser, settings):
    """An open ``tournament_events`` range (the topic before these messages) is not lost."""
    t = new_tournament(league, organiser)
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"tournament_events": ["tournament.messages.republish"]}
    legacy = OutboxMessage.objects.create(topic="tournament_events",
                                          payload={"tournament_id": t.pk, "after": 0, "until": state_of(t).version})
    before = last_id()
    assert outbox.consume(legacy.pk, "tournament.messages.republish") is True
    topics = Counter(m.topic for m in written(before))
    assert topics[tm.ROUND_STARTED] == 1 and topics[tm.PAIRING_CREATED] == 1
    assert outbox.consume(legacy.pk, "tournament.messages.republish") is False
    assert Counter(m.topic for m in written(before)) == topics
