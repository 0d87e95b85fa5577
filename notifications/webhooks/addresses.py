"""Which webhook URLs may be called (issue 16): never an address inside our own network.

A URL whose host resolves to a private, loopback, link-local, site-local, multicast or otherwise
non-public address is refused (an IPv6 address that carries an IPv4 one — IPv4-mapped and
-compatible, SIIT, NAT64, 6to4, Teredo — is judged by the IPv4 address it reaches) — at
registration and again at every delivery, whose connection then goes to the address that was
checked (so a DNS answer that changes in between cannot redirect it) — unless
``NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS`` names that host or a network holding the address (tests
use it for a receiver on 127.0.0.1).
"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

SCHEMES = {"http": 80, "https": 443}
# IPv6 prefixes whose last 32 bits are the IPv4 address the packets end up at.
IPV4_CARRYING_NETWORKS = [ipaddress.ip_network(n) for n in (
    "64:ff9b::/96",     # NAT64, RFC 6052
    "::ffff:0:0:0/96",  # SIIT IPv4-translated, RFC 2765
    "::/96",            # IPv4-compatible (deprecated), which also holds :: and ::1
)]


class AddressRefused(ValueError):
    pass


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str
    address: str  # the checked IP address the connection goes to


def _allowed(host: str, address) -> bool:
    for entry in settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS:
        if entry == host:
            return True
        try:
            if address in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False


def embedded_ipv4(address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 ``address`` is a translated form of, or None."""
    if address.version == 4:
        return None
    if address.ipv4_mapped:
        return address.ipv4_mapped
    if any(address in network for network in IPV4_CARRYING_NETWORKS):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour:
        return address.sixtofour
    if address.teredo:
        return address.teredo[1]  # the client's own address; the server's is beside it
    return None


def is_public(address) -> bool:
    """Whether ``address`` (or the IPv4 address it carries) is a global unicast address.

    ``is_global`` alone is not enough: Python counts multicast, site-local and the translated
    IPv6 forms as global (NAT64 ``64:ff9b::a9fe:a9fe`` is 169.254.169.254)."""
    carried = embedded_ipv4(address)
    if carried is not None:
        return is_public(carried)
    return (address.is_global and not address.is_multicast and not address.is_reserved
            and not getattr(address, "is_site_local", False))


def check(url: str) -> Target:
    """The address to deliver ``url`` to, or :class:`AddressRefused` saying why not."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise AddressRefused(_("The URL must start with http:// or https:// and name a host."))
    try:
        port = parts.port or SCHEMES[parts.scheme]
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (ValueError, OSError):
        raise AddressRefused(_("The host %(host)s could not be resolved.") % {"host": parts.hostname}) from None
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]
    for address in addresses:
        if not is_public(address) and not _allowed(parts.hostname, address):
            raise AddressRefused(_("%(host)s resolves to %(address)s, an address inside a private network; "
                                   "webhooks go to public addresses only.")
                                 % {"host": parts.hostname, "address": address})
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, parts.hostname, port, path, str(addresses[0]))
