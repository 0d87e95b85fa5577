"""The club day's address (README "Club day"; kernel/site_address.py): the result slips' QR codes
carry an address the players' phones open — SITE_URL when it is not a loopback address, else the
host the organiser opened the page on — and the print and manage pages warn in words when that
address is a loopback one, which no phone reaches."""
import pytest
from django.test import Client

from kernel.site_address import is_loopback
from tournament.printing import qr
from tournament.projections import state_for

from .test_printing import pairings_of, printed_cup

WARNING = "an address of this computer only: the players' phones cannot open it"
LAN = "http://192.168.1.20:8000"


@pytest.fixture
def cup(league, organiser, referee):
    return printed_cup(league, organiser, referee)


def organiser_on(organiser, host: str) -> Client:
    client = Client(HTTP_HOST=host)
    client.force_login(organiser)
    return client


def pages(cup) -> list[str]:
    return [f"/tournaments/{cup.pk}/print/round-2/slips/", f"/tournaments/{cup.pk}/print/",
            f"/tournaments/{cup.pk}/manage/"]


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "http://127.8.0.1", "http://localhost:8000",
                                 "http://[::1]:8000", "http://0.0.0.0:8000", "https://club.localhost"])
def test_loopback_addresses(url):
    assert is_loopback(url)


@pytest.mark.parametrize("url", [LAN, "https://nightduel.example", "http://10.0.0.7", "http://[fe80::1]:8000"])
def test_addresses_a_phone_may_reach(url):
    assert not is_loopback(url)


def test_loopback_slips_are_warned_of_on_the_print_and_manage_pages(cup, organiser, settings):
    settings.NIGHTDUEL_SITE_URL = "http://127.0.0.1:8000"
    client = organiser_on(organiser, "127.0.0.1:8000")
    for url in pages(cup):
        html = client.get(url).content.decode()
        assert WARNING in html and "http://127.0.0.1:8000" in html, url
    slips = client.get(pages(cup)[0]).content.decode()
    assert f"http://127.0.0.1:8000/tournaments/{cup.pk}/pairings/" in slips  # what the warning speaks of


def test_slips_carry_the_configured_site_address_and_nothing_is_warned(cup, organiser, settings):
    settings.NIGHTDUEL_SITE_URL = LAN + "/"
    client = organiser_on(organiser, "127.0.0.1:8000")  # the organiser browses on the laptop itself
    slips = client.get(pages(cup)[0]).content.decode()
    for pairing in pairings_of(state_for(cup), 2):
        url = f"{LAN}/tournaments/{cup.pk}/pairings/{pairing['id']}/report/"
        assert url in slips and qr.svg(url) in slips
    assert "127.0.0.1" not in slips
    for url in pages(cup):
        assert WARNING not in client.get(url).content.decode(), url


def test_with_a_loopback_site_address_slips_carry_the_lan_address_the_page_was_opened_on(cup, organiser, settings):
    settings.NIGHTDUEL_SITE_URL = "http://127.0.0.1:8000"
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    client = organiser_on(organiser, "192.168.1.20:8000")
    slips = client.get(pages(cup)[0]).content.decode()
    pairing = pairings_of(state_for(cup), 2)[0]
    assert f"{LAN}/tournaments/{cup.pk}/pairings/{pairing['id']}/report/" in slips
    assert WARNING not in slips
    manage = client.get(pages(cup)[2]).content.decode()
    assert WARNING not in manage
