"""The append-only event store (service.md, "Event sourcing").

``append_events`` is the only way anything is written to the ``events`` table: one
transaction, optimistic concurrency on the expected version, ``UNIQUE(stream, seq)`` as
the final arbiter when two writers race.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from django.db import IntegrityError, transaction
from django.db.models import Max

from .models import StoredEvent


class ConcurrencyError(Exception):
    """The stream moved on: the caller's expected version is stale."""

    def __init__(self, stream: str, expected: int, current: int):
        super().__init__(f"stream {stream} is at version {current}, not {expected}")
        self.stream, self.expected, self.current = stream, expected, current


@dataclass
class NewEvent:
    type: str
    payload: dict = field(default_factory=dict)
    visibility: str = "public"
    dice: list | None = None
    command: dict | None = None


def current_version(stream: str) -> int:
    return StoredEvent.objects.filter(stream=stream).aggregate(v=Max("seq"))["v"] or 0


def append_events(
    stream: str, expected_version: int, events: Sequence[NewEvent], actor: str = "", *,
    version_locked: bool = False,
) -> list[StoredEvent]:
    """Append ``events`` after ``expected_version``; raise :class:`ConcurrencyError` if stale.

    Runs inside the caller's transaction when there is one, so read models written by the
    caller commit or roll back together with the events.

    ``version_locked=True`` is for a caller that holds a row lock keeping the stream at
    ``expected_version`` (a game's ``Game`` row): the version is then not read again and no
    savepoint is taken. ``UNIQUE(stream, seq)`` still refuses a duplicate seq, as an
    ``IntegrityError``, since that would mean the lock was not held.
    """
    rows = [
        StoredEvent(
            stream=stream,
            seq=expected_version + i,
            type=e.type,
            payload=e.payload,
            visibility=e.visibility,
            actor=actor,
            dice=e.dice,
            command=e.command,
        )
        for i, e in enumerate(events, start=1)
    ]
    if version_locked:
        StoredEvent.objects.bulk_create(rows)
        return rows
    with transaction.atomic():
        current = current_version(stream)
        if current != expected_version:
            raise ConcurrencyError(stream, expected_version, current)
        try:
            with transaction.atomic():
                StoredEvent.objects.bulk_create(rows)
        except IntegrityError:
            # A concurrent writer took the same seq between our read and our insert.
            raise ConcurrencyError(stream, expected_version, current_version(stream)) from None
    return rows


def read_events(stream: str, after: int = 0, until: int | None = None) -> Iterable[StoredEvent]:
    qs = StoredEvent.objects.filter(stream=stream, seq__gt=after)
    if until is not None:
        qs = qs.filter(seq__lte=until)
    return qs.order_by("seq")
