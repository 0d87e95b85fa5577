"""The address the players' phones open the site at: printed on the result slips, in their QR
codes and in the join link (README, "Club day").

The configured ``SITE_URL`` wins when a phone could open it; else the address the page was
opened on (the laptop's LAN address when the organiser browses there). A loopback address
(127.x, ``localhost``, ``::1``) reaches only the computer itself: the pages that print it say so.
"""
import ipaddress
from urllib.parse import urlsplit

from django.conf import settings


def is_loopback(url: str) -> bool:
    """True if ``url`` names this computer only (loopback or the unspecified 0.0.0.0 / ::)."""
    host = (urlsplit(url if "//" in url else "//" + url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def phone_root(request) -> str:
    """``scheme://host[:port]`` the slips and join links carry, without a trailing slash."""
    configured = settings.NIGHTDUEL_SITE_URL.rstrip("/")
    if not is_loopback(configured):
        return configured
    return request.build_absolute_uri("/").rstrip("/")  # a loopback one still works on this computer
