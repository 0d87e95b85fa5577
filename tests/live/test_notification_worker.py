"""E-mail notifications under a real Celery worker on Redis (issue 16): a move tells the
opponent exactly once — also when the worker is killed after the e-mail went out and before
its task finished, and when it is down while a move is made — whatever is delivered again."""
import pytest

from game import services
from kernel import outbox
from kernel.models import OutboxMessage
from notifications.models import Notification
from notifications.tasks import send_mail_to, send_waiting_mail
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tests.live.mail import sent_to
from tests.worker import wait_until


@pytest.fixture
def mail_worker(request, monkeypatch, tmp_path):
    """A real worker whose e-mail goes to files in ``tmp_path/mail``, held at a gate."""
    directory, gate = tmp_path / "mail", tmp_path / "gate"
    directory.mkdir()
    monkeypatch.setenv("EMAIL_BACKEND", "tests.live.mail.GatedFileBackend")
    monkeypatch.setenv("EMAIL_FILE_PATH", str(directory))
    monkeypatch.setenv("MAIL_GATE", str(gate))
    monkeypatch.setenv("NIGHTDUEL_MAIL_DELAY_SECONDS", "0")
    return request.getfixturevalue("real_celery_worker"), directory, gate


def move(user, game, version, side):
    response = client_for(user).post(f"/api/games/{game.pk}/commands/",
                                     {"expected_version": version, "command": {"type": "roll"}, "side": side},
                                     format="json")
    assert response.status_code == 201, response.content


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_move_notifies_the_opponent_exactly_once_across_a_worker_kill(mail_worker):
    worker, directory, gate = mail_worker
    alice, bob = make_user("alice", email="alice@example.org"), make_user("bob", email="bob@example.org")
    game = services.create_game(system_name=RACE, setup={"target": 1000}, players={"a": alice, "b": bob},
                                created_by=alice)

    move(alice, game, 1, "a")  # bob's move now: his e-mail goes out, and the backend holds the task
    wait_until(lambda: "bob@example.org" in sent_to(directory), timeout=60)
    worker.kill()

    move(bob, game, 2, "b")  # alice's turn while no worker runs: the task waits in Redis
    gate.touch()
    worker.start()
    wait_until(lambda: "alice@example.org" in sent_to(directory), timeout=60)

    # Everything delivered again, as Redis would after the visibility timeout and beat does anyway.
    for message in OutboxMessage.objects.filter(topic=outbox.TURN_PASSED):
        outbox.dispatch(message)
    again = [send_mail_to.delay(alice.pk), send_mail_to.delay(bob.pk), send_waiting_mail.delay()]
    [r.get(timeout=60) for r in again]
    wait_until(lambda: not Notification.objects.filter(mail=Notification.Mail.PENDING).exists(), timeout=60)

    mails = sent_to(directory)
    assert {to: len(m) for to, m in mails.items()} == {"bob@example.org": 1, "alice@example.org": 1}
    assert "Your move in dice-race against alice" in mails["bob@example.org"][0]
    assert f"/games/{game.pk}/" in mails["bob@example.org"][0]
    notes = Notification.objects.values_list("user__username", "kind", "key", "mail")
    assert sorted(notes) == [("alice", "your_move", f"{game.stream}#3", "sent"),
                             ("bob", "your_move", f"{game.stream}#2", "sent")]
