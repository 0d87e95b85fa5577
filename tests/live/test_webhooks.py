"""Webhooks for organisers (issue 16): a receiver on loopback that answers 500 at first gets,
after the retries of a real Celery worker, exactly one accepted and correctly signed delivery
per event; private, loopback and link-local addresses are refused unless allowed."""
import hashlib
import hmac
import ipaddress
import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from notifications.models import WebhookDelivery
from notifications.webhooks.addresses import AddressRefused, check
from tests.conftest import client_for, make_user
from tests.tournament.conftest import enter, players, win_game
from tests.worker import wait_until
from tournament import services

SECRET = "s3cret-for-the-test"
FAILURES_FIRST = 2


class Receiver(ThreadingHTTPServer):
    """Answers 500 to the first ``FAILURES_FIRST`` tries of each delivery id, then 200."""

    def __init__(self):
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), ReceiverHandler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hooks/nightduel"


class ReceiverHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with self.server.lock:
            seen = sum(r["delivery"] == self.headers["X-Nightduel-Delivery"] for r in self.server.requests)
            status = 500 if seen < FAILURES_FIRST else 200
            self.server.requests.append({"delivery": self.headers["X-Nightduel-Delivery"], "status": status,
                                         "event": self.headers["X-Nightduel-Event"], "body": body,
                                         "signature": self.headers["X-Nightduel-Signature-256"]})
        self.send_response(status)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver():
    server = Receiver()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


@pytest.fixture
def webhook_worker(request, monkeypatch, settings):
    settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    monkeypatch.setenv("WEBHOOK_ALLOWED_NETWORKS", "127.0.0.1/32")
    monkeypatch.setenv("NIGHTDUEL_WEBHOOK_BACKOFF_SECONDS", "1")
    return request.getfixturevalue("real_celery_worker")


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_each_event_is_accepted_exactly_once_and_signed_after_the_retries(league, organiser, receiver,
                                                                        webhook_worker):
    tournament = services.create_tournament(league=league, name="Hook Cup", system="dice-race",
                                            format="single-elimination", created_by=organiser)
    response = client_for(organiser).post(f"/api/tournaments/{tournament.pk}/webhooks/",
                                          {"url": receiver.url, "secret": SECRET}, format="json")
    assert response.status_code == 201, response.content
    enter(tournament, players(2))
    services.start_round(tournament.pk, "olga")
    state = services.load_state(tournament)
    pairing = next(iter(state.pairings.values()))
    win_game(pairing["games"][1]["game_id"], pairing["a"])
    wait_until(lambda: len(services.load_state(tournament).pairings[pairing["id"]]["games"]) == 2, timeout=60)
    state = services.load_state(tournament)
    win_game(state.pairings[pairing["id"]]["games"][2]["game_id"], pairing["a"])

    wait_until(lambda: services.load_state(tournament).status == "finished", timeout=60)
    wait_until(lambda: WebhookDelivery.objects.exists() and not WebhookDelivery.objects.exclude(
        status=WebhookDelivery.Status.DELIVERED).exists(), timeout=120)

    deliveries = {str(d.pk): d for d in WebhookDelivery.objects.all()}
    accepted = [r for r in receiver.requests if r["status"] == 200]
    assert Counter(r["delivery"] for r in accepted) == Counter({pk: 1 for pk in deliveries})
    assert Counter(r["delivery"] for r in receiver.requests) == Counter({pk: FAILURES_FIRST + 1 for pk in deliveries})
    for r in accepted:
        expected = "sha256=" + hmac.new(SECRET.encode(), r["body"], hashlib.sha256).hexdigest()
        assert hmac.compare_digest(r["signature"], expected)
        body = json.loads(r["body"])
        assert body["event"] == r["event"] == deliveries[r["delivery"]].event
        assert (body["tournament"]["id"], body["tournament"]["league"]) == (tournament.pk, league.slug)
    events = Counter(d.event for d in deliveries.values())
    standings = events.pop("standings_changed")  # each registration, and the decided pairing
    assert events == Counter({"round_started": 1, "pairing_created": 1, "game_finished": 2, "pairing_decided": 1,
                              "tournament_finished": 1}) and standings >= 1, events
    last = max((d for d in deliveries.values() if d.event == "standings_changed"), key=lambda d: d.payload["data"]["seq"])
    assert last.payload["data"]["rows"][0]["entrant"] == pairing["a"]
    assert all(d.attempts == FAILURES_FIRST + 1 and d.tries.count() == FAILURES_FIRST + 1
               for d in deliveries.values())

    log = client_for(organiser).get(f"/api/webhooks/{response.json()['id']}/deliveries/").json()
    assert {e["id"] for e in log} == set(deliveries)
    one = log[0]["id"]
    resent = client_for(organiser).post(f"/api/webhook-deliveries/{one}/resend/")
    assert resent.status_code == 202
    wait_until(lambda: sum(r["delivery"] == one for r in receiver.requests) == FAILURES_FIRST + 2, timeout=60)
    assert receiver.requests[-1]["delivery"] == one and receiver.requests[-1]["status"] == 200


@pytest.mark.django_db
@pytest.mark.parametrize("url", [
    "http://127.0.0.1:8000/hook", "http://localhost/hook", "http://10.1.2.3/hook", "http://192.168.0.10/hook",
    "http://172.16.5.4/hook", "http://169.254.169.254/latest/meta-data/", "http://[::1]/hook",
    "http://[fe80::1]/hook", "http://[fd00::1]/hook", "http://0.0.0.0/hook", "ftp://203.0.113.9/hook",
])
def test_private_loopback_and_link_local_addresses_are_refused(url, league, organiser):
    tournament = services.create_tournament(league=league, name="Closed Cup", system="dice-race",
                                            format="single-elimination", created_by=organiser)
    response = client_for(organiser).post(f"/api/tournaments/{tournament.pk}/webhooks/", {"url": url}, format="json")
    assert response.status_code in (400, 422), response.content
    assert not tournament.webhooks.exists()
    if response.status_code == 422:
        assert response.json()["code"] == "webhook_address_refused"


def test_the_allow_list_opens_loopback_and_public_addresses_pass(settings):
    with pytest.raises(AddressRefused):
        check("http://127.0.0.1:9/hook")
    settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    assert check("http://127.0.0.1:9/hook").address == "127.0.0.1"
    with pytest.raises(AddressRefused):
        check("http://10.0.0.1/hook")
    assert check("https://8.8.8.8/hook").port == 443  # a literal public address needs no lookup


@pytest.mark.django_db
def test_only_organisers_register_and_see_webhooks(league, organiser):
    tournament = services.create_tournament(league=league, name="Cup", system="dice-race",
                                            format="single-elimination", created_by=organiser)
    url = f"/api/tournaments/{tournament.pk}/webhooks/"
    body = {"url": "https://8.8.8.8/hook"}
    assert client_for(make_user("mallory")).post(url, body, format="json").status_code == 403
    assert client_for().get(url).status_code == 401
    created = client_for(organiser).post(url, body, format="json")
    assert created.status_code == 201 and len(created.json()["secret"]) >= 32
    assert "secret" not in client_for(organiser).get(url).json()[0]
    assert client_for(make_user("admin", is_staff=True)).post(
        f"/api/leagues/{league.slug}/webhooks/", body, format="json").status_code == 201
    assert client_for(organiser).post(f"/api/leagues/{league.slug}/webhooks/", body, format="json").status_code == 403


# Every non-global address, including IPv6 forms that carry an IPv4 address, and what is public.
ADDRESS_VERDICTS = [
    ("64:ff9b::a9fe:a9fe", False),  # NAT64 of the cloud metadata address 169.254.169.254
    ("64:ff9b::7f00:1", False),  # NAT64 of loopback
    ("64:ff9b::a00:1", False),  # NAT64 of 10.0.0.1
    ("2002:7f00:1::1", False),  # 6to4 of 127.0.0.1
    ("2002:a9fe:a9fe::1", False),  # 6to4 of 169.254.169.254
    ("::127.0.0.1", False),  # IPv4-compatible loopback
    ("::ffff:127.0.0.1", False),  # IPv4-mapped loopback
    ("::ffff:0:7f00:1", False),  # SIIT IPv4-translated loopback
    ("::ffff:0:a9fe:a9fe", False),
    ("2001:0:4136:e378:8000:63bf:80ff:fffe", False),  # Teredo whose client is 127.0.0.1
    ("fec0::1", False),  # site-local
    ("ff0e::1", False),  # global-scope multicast
    ("ff02::1", False),
    ("224.0.0.1", False),  # IPv4 multicast
    ("239.255.255.250", False),
    ("100.64.0.1", False),  # carrier-grade NAT
    ("192.0.0.1", False),  # IETF protocol assignments
    ("240.0.0.1", False),  # reserved
    ("::", False), ("::1", False), ("fe80::1", False), ("fd00::1", False),
    ("8.8.8.8", True), ("2606:4700:4700::1111", True),
    ("64:ff9b::808:808", True),  # NAT64 of a public address reaches a public address
    ("2002:808:808::1", True), ("::ffff:8.8.8.8", True),
]


@pytest.mark.parametrize("address,public", ADDRESS_VERDICTS)
def test_every_non_global_address_is_refused_whatever_its_form(address, public):
    host = f"[{address}]" if ":" in address else address
    if public:
        assert ipaddress.ip_address(check(f"http://{host}/hook").address) == ipaddress.ip_address(address)
    else:
        with pytest.raises(AddressRefused):
            check(f"http://{host}/hook")


def test_the_allow_list_opens_a_named_translated_address(settings):
    settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = ["64:ff9b::/96"]
    assert check("http://[64:ff9b::a9fe:a9fe]/hook").address == "64:ff9b::a9fe:a9fe"
    with pytest.raises(AddressRefused):
        check("http://[2002:7f00:1::1]/hook")
