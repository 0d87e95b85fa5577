"""Which webhook URLs may be called (issue 16): never an address inside our own network.

A URL whose host resolves to a private, loopback, link-local or otherwise non-public address
is refused — at registration and again at every delivery, whose connection then goes to the
address that was checked (so a DNS answer that changes in between cannot redirect it) —
unless ``NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS`` names that host or a network holding the address
(tests use it for a receiver on 127.0.0.1).
"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

SCHEMES = {"http": 80, "https": 443}


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
        if not address.is_global and not _allowed(parts.hostname, address):
            raise AddressRefused(_("%(host)s resolves to %(address)s, an address inside a private network; "
                                   "webhooks go to public addresses only.")
                                 % {"host": parts.hostname, "address": address})
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, parts.hostname, port, path, str(addresses[0]))
