"""A small Server-Sent Events client for tests: reads one stream on a thread, keeps every
message (and the raw bytes, to search for secrets), and stops when asked."""
from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass
class Message:
    event: str
    id: str | None
    data: dict


class StreamReader(threading.Thread):
    def __init__(self, url: str, headers: dict | None = None):
        super().__init__(daemon=True)
        self.url, self.headers = urlsplit(url), headers or {}
        self.messages: list[Message] = []
        self.raw = bytearray()
        self.status: int | None = None
        self.connected = threading.Event()
        self._conn: http.client.HTTPConnection | None = None

    def run(self) -> None:
        self._conn = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=60)
        try:
            self._conn.request("GET", f"{self.url.path}?{self.url.query}",
                               headers={"Accept": "text/event-stream", **self.headers})
            response = self._conn.getresponse()
            self.status = response.status
            self.connected.set()
            fields: dict = {}
            while True:
                line = response.readline()
                if not line:
                    return
                self.raw += line
                line = line.decode().rstrip("\n")
                if line == "":
                    if "event" in fields:
                        self.messages.append(Message(fields["event"], fields.get("id"), json.loads(fields["data"])))
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(": ")
                    fields[name] = value
        except (OSError, http.client.HTTPException, ValueError):
            return
        finally:
            self.connected.set()

    def stored(self) -> list[dict]:
        return [m.data for m in self.messages if m.event == "stored-event"]

    def versions(self) -> list[int]:
        return [m.data["version"] for m in self.messages if m.event == "version"]

    def wait_for(self, predicate, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate(self):
            if time.monotonic() > deadline or not self.is_alive():
                raise AssertionError(f"stream {self.url.path} did not get there; got {self.versions()[-3:]}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._conn is not None and self._conn.sock is not None:
            try:
                self._conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.join(10)


def open_stream(url: str, headers: dict | None = None) -> StreamReader:
    reader = StreamReader(url, headers)
    reader.start()
    assert reader.connected.wait(10), f"no answer from {url}"
    return reader
