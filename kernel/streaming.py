"""Server-Sent Events for the live streams (issue 16).

A *feed* says what one viewer may read: ``read(after)`` returns the messages after position
``after`` (a stream's seq), the new position, and whether the stream has ended. The loop here
sends them, then sleeps until the hub announces one of the feed's keys. Each stored event goes
out with ``id: <seq>``, so a browser's EventSource reconnects with ``Last-Event-ID`` and
resumes after it. Under ASGI (uvicorn) the loop is a coroutine and an idle stream holds no
thread; under WSGI (runserver, the embedded default) it is a generator holding one thread.
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Protocol

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections, connection
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from kernel import refusals
from .announcements import hub
from kernel.announcements import hub
from kernel.refusals import CommandRejected

KEEPALIVE = b": keep-alive\n\n"


@dataclass(frozen=True)
class Message:
    event: str
    data: dict
    id: int | None = None

    def encode(self) -> bytes:
        head = f"id: {self.id}\n" if self.id is not None else ""
        return f"{head}event: {self.event}\ndata: {json.dumps(self.data, cls=DjangoJSONEncoder)}\n\n".encode()


class Feed(Protocol):
    keys: tuple[str, ...]

    def read(self, after: int) -> tuple[list[Message], int, bool]: ...

    def share_key(self, after: int):
        """Equal for viewers who would read exactly the same (anonymous viewers of one stream
        at one position), so one read serves them all; ``None`` if only this viewer's."""


class WithSideFeeds:
    """A stream's feed plus the viewer's side feeds (e.g. their notifications, settings
    ``NIGHTDUEL_LIVE_SIDE_FEEDS``): side messages carry no id, so Last-Event-ID stays the seq."""

    def __init__(self, main: Feed, user):
        self.main = main
        self.sides = [import_string(path)(user) for path in settings.NIGHTDUEL_LIVE_SIDE_FEEDS]
        self.sides = [side for side in self.sides if side.keys]
        self.keys = main.keys + tuple(k for side in self.sides for k in side.keys)

    def share_key(self, after: int):
        return None if self.sides else self.main.share_key(after)

    def read(self, after: int) -> tuple[list[Message], int, bool]:
        messages, position, ended = self.main.read(after)
        if not ended:  # an ended stream closes (and answers 204 on reconnect): no more side news
            for side in self.sides:
                messages += side.read()
        return messages, position, ended


def position(request) -> int:
    """Where to resume: the ``Last-Event-ID`` a reconnecting EventSource sends, else ``?after=``."""
    raw = request.headers.get("Last-Event-ID") or request.query_params.get("after") or "0"
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise CommandRejected(refusals.INVALID, "malformed_query",
                              _("after / Last-Event-ID must be a non-negative integer"))
    return value


def _read_in_worker(feed: Feed, after: int):
    # Async streams read on the shared thread pool: its threads keep at most one connection each.
    close_old_connections()
    try:
        return feed.read(after)
    finally:
        close_old_connections()


# A result read for a share key stays good this long for viewers woken by the same append.
SHARED_READ_SECONDS = 1.0
_shared: dict = {}


async def _shared_read(feed: Feed, after: int):
    """One read on the thread pool for all viewers of the same share key (a thousand idle
    spectators cost one set of queries per move, not a thousand)."""
    read = sync_to_async(_read_in_worker, thread_sensitive=False)
    key = feed.share_key(after)
    if key is None:
        return await read(feed, after)
    now = time.monotonic()
    entry = _shared.get(key)
    if entry is None or now - entry[0] > SHARED_READ_SECONDS:
        for stale in [k for k, (at, _) in _shared.items() if now - at > SHARED_READ_SECONDS]:
            del _shared[stale]
        entry = _shared[key] = (now, asyncio.ensure_future(read(feed, after)))
    return await asyncio.shield(entry[1])


class _Session:
    """The state of one open stream, shared by the WSGI and the ASGI loop."""

    def __init__(self, feed: Feed, after: int, first: list[Message], ended: bool):
        self.feed, self.after, self.first, self.ended = feed, after, first, ended
        self.started = self.last_read = time.monotonic()
        # The first read in the view happened before the hub watched: read once more after.
        self.unwatched_gap = True

    def opening(self) -> list[bytes]:
        return [f"retry: {settings.NIGHTDUEL_STREAM_RETRY_MS}\n\n".encode()] + [m.encode() for m in self.first]

    @property
    def done(self) -> bool:
        return self.ended or time.monotonic() - self.started >= settings.NIGHTDUEL_STREAM_MAX_SECONDS

    def should_read(self, woken: bool) -> bool:
        """Read when woken, and every recheck interval in case an announcement was lost."""
        gap, self.unwatched_gap = self.unwatched_gap, False
        return gap or woken or time.monotonic() - self.last_read >= settings.NIGHTDUEL_STREAM_RECHECK_SECONDS

    def chunks(self, result) -> list[bytes]:
        messages, self.after, self.ended = result
        self.last_read = time.monotonic()
        return [m.encode() for m in messages] or [KEEPALIVE]


def _sync_chunks(session: _Session):
    waiter = hub.watch(session.feed.keys)
    try:
        yield from session.opening()
        while not session.done:
            if session.should_read(session.unwatched_gap or waiter.wait(settings.NIGHTDUEL_STREAM_KEEPALIVE_SECONDS)):
                waiter.clear()
                yield from session.chunks(session.feed.read(session.after))
            else:
                yield KEEPALIVE
    finally:
        hub.unwatch(waiter)
        if not connection.in_atomic_block:  # the stream's thread is done with the database
            connection.close()


async def _async_chunks(session: _Session):
    waiter = hub.watch(session.feed.keys, loop=asyncio.get_running_loop())
    try:
        for chunk in session.opening():
            yield chunk
        while not session.done:
            if session.should_read(session.unwatched_gap or
                                   await waiter.async_wait(settings.NIGHTDUEL_STREAM_KEEPALIVE_SECONDS)):
                waiter.clear()
                for chunk in session.chunks(await _shared_read(session.feed, session.after)):
                    yield chunk
            else:
                yield KEEPALIVE
    finally:
        hub.unwatch(waiter)


def event_stream(request, feed: Feed, after: int) -> HttpResponse:
    """The SSE response for ``feed`` from position ``after`` (204 once an ended stream is read:
    the status that tells an EventSource to stop reconnecting)."""
    first, after, ended = feed.read(after)
    if ended and not first:
        return HttpResponse(status=204)
    session = _Session(feed, after, first, ended)
    if isinstance(getattr(request, "_request", request), ASGIRequest):
        # This request's thread would keep its connection open for the stream's whole life.
        connection.close()
        body = _async_chunks(session)
    else:
        body = _sync_chunks(session)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
    return response
