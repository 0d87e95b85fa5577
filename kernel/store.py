"""The append-only event store (docs/rules/service.md, "Event sourcing").

``append_events`` (and ``append_and_save``, for a read model written with the events) is the
only way anything is written to the ``events`` table: atomic, optimistic concurrency on the
expected version, ``UNIQUE(stream, seq)`` as the final arbiter when two writers race; each
event chained to the one before (kernel/chain.py).
"""
from __future__ import annotations

import functools
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from django.db import IntegrityError, connection, models, transaction
from django.utils import timezone
from django.db.models import Max, Model
from django.db.models.fields import AutoFieldMixin

from kernel.announcements import announce
from kernel.chain import event_hash
from kernel.models import StoredEvent
from kernel.prepared import prepared_cursor


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


def head(stream: str) -> tuple[int, str | None]:
    """The stream's version and head hash (``(0, None)`` for an empty stream)."""
    last = StoredEvent.objects.filter(stream=stream).order_by("-seq").values_list("seq", "hash").first()
    return last or (0, None)


def head_hash(stream: str) -> str | None:
    return head(stream)[1]


def chained_rows(stream: str, expected_version: int, events: Sequence[NewEvent], actor: str,
                 previous_hash: str | None) -> list[StoredEvent]:
    rows = []
    for seq, e in enumerate(events, start=expected_version + 1):
        previous_hash = event_hash(stream, seq, e.type, e.payload, e.visibility, e.dice, e.command, previous_hash)
        rows.append(StoredEvent(stream=stream, seq=seq, type=e.type, payload=e.payload, visibility=e.visibility,
                                actor=actor, dice=e.dice, command=e.command, hash=previous_hash))
    return rows


def append_events(
    stream: str, expected_version: int, events: Sequence[NewEvent], actor: str = "", *,
    version_locked: bool = False, previous_hash: str | None = None,
) -> list[StoredEvent]:
    """Append ``events`` after ``expected_version``; raise :class:`ConcurrencyError` if stale.

    Runs inside the caller's transaction when there is one, so read models written by the
    caller commit or roll back together with the events.

    ``version_locked=True`` is for a caller that holds a row lock keeping the stream at
    ``expected_version`` (a game's ``Game`` row): the version is then not read again and no
    savepoint is taken. ``UNIQUE(stream, seq)`` still refuses a duplicate seq, as an
    ``IntegrityError``, since that would mean the lock was not held. Such a caller may pass the
    ``previous_hash`` it holds (the game row carries its head hash); else it is read.

    Raises :data:`kernel.chain.NotCanonical` for a number JSON cannot carry exactly.
    """
    if version_locked:
        if previous_hash is None and expected_version:
            previous_hash = StoredEvent.objects.filter(stream=stream, seq=expected_version).values_list(
                "hash", flat=True).first()
        rows = chained_rows(stream, expected_version, events, actor, previous_hash)
        StoredEvent.objects.bulk_create(rows)
        announce(stream)
        return rows
    with transaction.atomic():
        current, previous_hash = head(stream)
        if current != expected_version:
            raise ConcurrencyError(stream, expected_version, current)
        rows = chained_rows(stream, expected_version, events, actor, previous_hash)
        try:
            with transaction.atomic():
                StoredEvent.objects.bulk_create(rows)
        except IntegrityError:
            # A concurrent writer took the same seq between our read and our insert.
            raise ConcurrencyError(stream, expected_version, current_version(stream)) from None
        announce(stream)
    return rows


def append_and_save(stream: str, expected_version: int, events: Sequence[NewEvent], actor: str, *,
                    previous_hash: str | None, row: Model, fields: list[str], before_write=lambda rows: ()
                    ) -> list[StoredEvent]:
    """Append ``events`` and save ``fields`` of the read model ``row`` — whose ``version`` must
    still be ``expected_version`` — or raise :class:`ConcurrencyError` and write nothing.

    ``before_write(rows)`` sees the chained rows before anything is written: it may set fields of
    ``row`` from them (its head hash) and returns new rows of other tables (an idempotency
    record, an outbox message) to write with them; those get their primary keys.

    On PostgreSQL all of it is ONE statement (data-modifying WITH), atomic by itself: no lock and
    no transaction around it, one round trip instead of five (BEGIN, lock, INSERT, UPDATE,
    COMMIT). ``UNIQUE(stream, seq)`` and the version guard on ``row`` decide a race. Other
    databases make the same writes in one transaction.
    """
    rows = chained_rows(stream, expected_version, events, actor, previous_hash)
    now = timezone.now()
    for r in rows:
        r.recorded_at = now
    extras = list(before_write(rows))
    write = _write_in_one_statement if connection.vendor == "postgresql" else _write_in_one_transaction
    try:
        written = write(rows, expected_version, row, fields, extras)
    except IntegrityError:  # UNIQUE(stream, seq): a concurrent writer appended first
        written = False
    if not written:
        raise ConcurrencyError(stream, expected_version, current_version(stream))
    announce(stream)  # without a transaction around it, at once: the statement has committed
    return rows


def _write_in_one_transaction(rows, expected_version, row, fields, extras) -> bool:
    with transaction.atomic():
        if type(row)._base_manager.filter(pk=row.pk, version=expected_version).update(
                **{f: getattr(row, f) for f in fields}) != 1:
            return False
        for i, group in enumerate([rows, *([obj] for obj in extras)]):
            sql, values, _ = _insert(group)
            with connection.cursor() as cursor:
                cursor.execute(sql, values)
                keys = cursor.fetchall()
            if i:
                group[0].pk = keys[0][0]
    return True


def _write_in_one_statement(rows, expected_version, row, fields, extras) -> bool:
    quote, meta = connection.ops.quote_name, type(row)._meta
    columns = [meta.get_field(f) for f in fields]
    params = [_db_value(f, getattr(row, f.attname)) for f in columns]
    params += [meta.pk.get_db_prep_save(row.pk, connection), expected_version]
    ctes = [f"advanced AS (UPDATE {quote(meta.db_table)} SET {', '.join(f'{quote(f.column)} = %s' for f in columns)}"
            f" WHERE {quote(meta.pk.column)} = %s AND version = %s RETURNING 1)"]
    results = []
    for i, group in enumerate([rows, *([obj] for obj in extras)]):
        sql, values, returned = _insert(group, guard=" WHERE EXISTS (SELECT 1 FROM advanced)")
        ctes.append(f"written{i} AS ({sql})")
        params += values
        results.append(f"SELECT {i}, {returned} FROM written{i}")
    # Inside a test's transaction a refused statement must not abort the rest: a savepoint.
    with transaction.atomic() if connection.in_atomic_block else nullcontext(), prepared_cursor() as cursor:
        cursor.execute(f"WITH {', '.join(ctes)} {' UNION ALL '.join(results)}", params)
        returned_rows = cursor.fetchall()
    if sum(1 for group, _ in returned_rows if group == 0) != len(rows):
        return False
    for group, key in returned_rows:
        if group:
            extras[group - 1].pk = key
    return True


def _insert(objs: list[Model], guard: str = "") -> tuple[str, list, str]:
    """``INSERT INTO <table> SELECT <values><guard>``, one SELECT per object: the SQL, its
    parameters and the column it returns (seq for events, else the key). Values already set are
    kept (an event's ``recorded_at`` is in the reply before it is written). On PostgreSQL each
    value is cast to its column's type: a bare NULL in a SELECT would be taken for text."""
    fields, select, head, returned = _insert_parts(type(objs[0]), connection.vendor)
    values = [_db_value(f, f.pre_save(obj, True) if getattr(obj, f.attname) is None else getattr(obj, f.attname))
              for obj in objs for f in fields]
    return f"{head}{' UNION ALL '.join([select + guard] * len(objs))} RETURNING {returned}", values, returned


# Fields whose database value is the Python value itself when it is already a str or an int:
# Django's preparation of them then returns what it was given, through several calls each.
_AS_IS = {models.CharField: str, models.TextField: str, models.IntegerField: int,
          models.PositiveIntegerField: int, models.BigIntegerField: int}


def _db_value(field, value):
    return value if type(value) is _AS_IS.get(type(field)) else field.get_db_prep_save(value, connection)


@functools.cache
def _insert_parts(model, vendor: str) -> tuple[list, str, str, str]:
    """What ``_insert`` needs of a model, worked out once per process (it was a tenth of an
    append's CPU): its written fields, one row's SELECT, the INSERT's head and the returned column."""
    quote, meta = connection.ops.quote_name, model._meta
    fields = [f for f in meta.concrete_fields if not isinstance(f, AutoFieldMixin)]
    casts = [f"::{f.cast_db_type(connection)}" if vendor == "postgresql" else "" for f in fields]
    returned = "seq" if model is StoredEvent else quote(meta.pk.column)
    return (fields, f"SELECT {', '.join(f'%s{cast}' for cast in casts)}",
            f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) ", returned)


def read_events(stream: str, after: int = 0, until: int | None = None) -> Iterable[StoredEvent]:
    qs = StoredEvent.objects.filter(stream=stream, seq__gt=after)
    if until is not None:
        qs = qs.filter(seq__lte=until)
    return qs.order_by("seq")
