"""Notifications in the embedded shape (issue 16; tasks inline): who is told what, once; the
user's choices; e-mail held while the user is on the site, dropped once read there, one e-mail
for several; the clock warning once per turn; the tournament stream."""
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from game import services
from game.models import Game
from notifications import mail as mailer, presence
from notifications.clock_warnings import warn_low_clocks
from notifications.models import Notification
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tests.tournament.conftest import enter, play_all, players
from tournament import services as tournaments

pytestmark = pytest.mark.django_db(transaction=True)  # e-mail goes out on commit


@pytest.fixture(autouse=True)
def notification_consumers(settings):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {**settings.NIGHTDUEL_OUTBOX_CONSUMERS,
                                           "game_finished": ["tournament.tasks.record_game_result"]}


def race(alice, bob, **extra):
    return services.create_game(system_name=RACE, setup={"target": 1000}, players={"a": alice, "b": bob},
                                created_by=alice, **extra)


def roll(user, game, side):
    game = Game.objects.get(pk=game.pk)
    services.submit_command(game_id=game.pk, user=user, command={"type": "roll"}, expected_version=game.version,
                            side=side)


def test_your_move_is_told_once_to_the_opponent_only_and_follows_the_choices():
    alice, bob = make_user("alice", email="a@example.org"), make_user("bob", email="b@example.org")
    game = race(alice, bob)
    assert not Notification.objects.exists()  # alice moves first and created it: nobody to tell
    roll(alice, game, "a")
    [note] = Notification.objects.all()
    assert (note.user, note.kind, note.text) == (bob, "your_move", "Your move in dice-race against alice")
    assert [m.to for m in mail.outbox] == [["b@example.org"]] and note.text in mail.outbox[0].subject

    response = client_for(alice).put("/api/notifications/preferences/",
                                     {"your_move": {"in_page": True, "by_email": False}}, format="json")
    assert response.status_code == 200 and response.json()["your_move"] == {"in_page": True, "by_email": False}
    roll(bob, game, "b")
    assert Notification.objects.get(user=alice).mail == "not_wanted" and len(mail.outbox) == 1
    listed = client_for(alice).get("/api/notifications/").json()
    assert listed["unread"] == 1 and listed["notifications"][0]["kind"] == "your_move"


def test_e_mail_waits_while_the_user_is_on_the_site_is_dropped_once_read_and_collapses(settings):
    settings.NIGHTDUEL_MAIL_HOLD_SECONDS = 600
    alice, bob = make_user("alice", email="a@example.org"), make_user("bob", email="b@example.org")
    presence.seen(bob.pk)  # bob has a page open
    first, second = race(alice, bob), race(alice, bob)
    roll(alice, first, "a")
    roll(alice, second, "a")
    assert mail.outbox == [] and Notification.objects.filter(user=bob, mail="pending").count() == 2
    client_for(bob).post("/api/notifications/read/", {"url": f"/games/{first.pk}/"}, format="json")
    presence.seen(alice.pk)
    settings.NIGHTDUEL_ACTIVE_SECONDS = 0
    presence.seen(bob.pk)  # ... and now he has left
    assert mailer.send_all_waiting() == 1
    [message] = mail.outbox
    assert message.to == ["b@example.org"] and str(second.pk) in message.body and str(first.pk) not in message.body
    assert mailer.send_all_waiting() == 0  # at most once


def test_several_waiting_notifications_go_out_as_one_e_mail(settings):
    alice, bob = make_user("alice", email="a@example.org"), make_user("bob", email="b@example.org")
    presence.seen(bob.pk)
    for _ in range(3):
        roll(alice, race(alice, bob), "a")
    settings.NIGHTDUEL_MAIL_HOLD_SECONDS = 0  # held long enough
    assert mailer.send_all_waiting() == 3
    [message] = mail.outbox
    assert message.subject == "Nightduel: 3 updates" and message.body.count("Your move in dice-race") == 3


def test_the_clock_warning_comes_once_per_turn(settings):
    alice, bob = make_user("alice"), make_user("bob")
    game = race(alice, bob, time_control={"kind": "per-move", "seconds": 3600})
    roll(alice, game, "a")
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() + timedelta(minutes=5))
    warn_low_clocks()
    warn_low_clocks()
    assert list(Notification.objects.filter(kind="clock_low").values_list("user__username", flat=True)) == ["bob"]
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() + timedelta(minutes=50))
    roll(bob, game, "b")
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() + timedelta(minutes=50))
    warn_low_clocks()  # 50 of 60 minutes left: not low
    assert Notification.objects.filter(kind="clock_low").count() == 1


def test_pairings_penalties_and_the_end_of_a_tournament_reach_the_entrants(league, organiser, referee):
    cup = tournaments.create_tournament(league=league, name="Night Cup", system="dice-race",
                                        format="single-elimination", created_by=organiser, referees=[referee])
    first, second = players(2)
    enter(cup, [first, second])
    tournaments.start_round(cup.pk, "olga")
    tournaments.issue_penalty(cup.pk, first.username, "stalling", "slow play", "rita")
    texts = sorted(n.text for n in Notification.objects.filter(user=first).exclude(kind="your_move"))
    assert texts == ["Night Cup, round 1: you play p02", "Night Cup: Warning for undue delay (stalling) — slow play"]
    assert Notification.objects.filter(user=second, kind="pairing_created").count() == 1
    play_all(cup, lambda pairing, leg: pairing["a"])
    finished = Notification.objects.filter(kind="tournament_finished")
    assert sorted(finished.values_list("user__username", flat=True)) == ["p01", "p02"]
    assert finished[0].text == "Night Cup has finished"


def test_the_settings_page_saves_choices_with_the_same_service(client):
    bob = make_user("bob")
    client.force_login(bob)
    page = client.get("/notifications/settings/")
    assert page.status_code == 200 and "Your move" in page.content.decode()
    response = client.post("/notifications/settings/", {"your_move__in_page": "on", "clock_low__by_email": "on"})
    assert response.status_code == 302
    choices = client_for(bob).get("/api/notifications/preferences/").json()
    assert choices["your_move"] == {"in_page": True, "by_email": False}
    assert choices["clock_low"] == {"in_page": False, "by_email": True}


def test_a_tournament_stream_resumes_after_seq_n(league, organiser):
    cup = tournaments.create_tournament(league=league, name="Open Cup", system="dice-race",
                                        format="single-elimination", created_by=organiser)
    enter(cup, players(2))
    response = client_for().get(f"/api/tournaments/{cup.pk}/stream/", HTTP_LAST_EVENT_ID="2")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    chunks = iter(response.streaming_content)
    first = b"".join(next(chunks) for _ in range(4)).decode()
    events = client_for().get(f"/api/tournaments/{cup.pk}/events/?after=2").json()["events"]
    assert [int(line[4:]) for line in first.splitlines() if line.startswith("id: ")][:len(events)] == [
        e["seq"] for e in events]


def test_only_the_newest_turn_of_a_game_stays_unread():
    alice, bob = make_user("alice"), make_user("bob")
    game = race(alice, bob)
    for _ in range(3):
        roll(alice, game, "a")
        roll(bob, game, "b")
    unread = Notification.objects.filter(user=bob, read_at__isnull=True)
    assert unread.count() == 1 and unread[0].key == f"{game.stream}#{Game.objects.get(pk=game.pk).version - 1}"


def test_an_id_beyond_the_column_is_refused_with_a_400_and_nothing_is_marked():
    """Schema fuzz found it: an id larger than the id column was a database error (500)."""
    alice, bob = make_user("alice"), make_user("bob")
    roll(alice, race(alice, bob), "a")
    answer = client_for(bob).post("/api/notifications/read/", {"ids": [2**63, 1]}, format="json")
    assert (answer.status_code, answer.json()["code"], list(answer.json()["errors"])) == (400, "invalid", ["ids"])
    assert Notification.objects.filter(user=bob, read_at__isnull=True).exists()
