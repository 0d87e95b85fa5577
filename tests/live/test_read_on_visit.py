"""A notification is read once its user opens the page it leads to (issue 25), whatever its
kind: the challenge page reads "alice challenges you", the game page "your move" — the page
itself opened, not another one under it nor its script re-reading a part of it, and only its own
user's; e-mail still waiting is dropped."""
import pytest
from django.test import Client

from game import services
from matchmaking import services as matchmaking
from notifications.models import Notification
from tests.conftest import make_user
from tests.doubles import RACE

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def unread(user) -> list[str]:
    return sorted(Notification.objects.filter(user=user, read_at__isnull=True).values_list("kind", flat=True))


def test_opening_the_page_a_notification_leads_to_reads_it():
    alice, bob = make_user("alice"), make_user("bob", email="b@example.org")
    challenge = matchmaking.propose(challenger=alice, system=RACE, setup={"target": 1000},
                                    seats={"a": alice, "b": bob})
    game = services.create_game(system_name=RACE, setup={"target": 1000}, players={"a": alice, "b": bob},
                                created_by=alice)
    services.submit_command(game_id=game.pk, user=alice, command={"type": "roll"}, expected_version=1, side="a")
    assert unread(bob) == ["challenge_received", "your_move"]
    assert Notification.objects.get(user=bob, kind="challenge_received").mail == Notification.Mail.PENDING

    signed_in(alice).get(f"/challenges/{challenge.pk}/")       # not her notification
    signed_in(bob).get(f"/games/{game.pk}/replay/")             # a page under the game's is another page
    signed_in(bob).get(f"/api/challenges/{challenge.pk}/")      # the API is no page
    signed_in(bob).get(f"/games/{game.pk}/?fragment=panel", HTTP_SEC_FETCH_MODE="cors")  # the page's script
    assert unread(bob) == ["challenge_received", "your_move"]

    assert signed_in(bob).get(f"/games/{game.pk}/").status_code == 200
    assert unread(bob) == ["challenge_received"]
    page = signed_in(bob).get(f"/challenges/{challenge.pk}/")
    assert unread(bob) == [] and 'data-unread="0"' in page.content.decode()  # its own header counts it read
    assert Notification.objects.get(user=bob, kind="challenge_received").mail == Notification.Mail.READ_ON_SITE


def test_a_link_with_a_query_or_fragment_is_read_on_its_page():
    bob = make_user("bob")
    Notification.objects.create(user=bob, kind="pairing_created", key="k", url="/lobby/?decide=1#leg-1")
    signed_in(bob).get("/lobby/")
    assert unread(bob) == []
