"""Print this computer's address on the local network (for `LAN=1 bash scripts/serve.sh`).

Connecting a UDP socket sends nothing: it only makes the system choose the interface it would
route through, whose address the phones on the same Wi-Fi reach. Exit status 1 if none is found.
"""
import socket
import sys


def lan_address() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never sent to
            address = probe.getsockname()[0]
        except OSError:
            address = None
    if not address or address.startswith("127."):
        try:
            address = socket.gethostbyname(socket.gethostname())
        except OSError:
            return None
    return None if address.startswith("127.") else address


if __name__ == "__main__":
    found = lan_address()
    if found is None:
        sys.exit(1)
    print(found)
