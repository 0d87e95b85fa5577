"""A service's rejection shown on the page form that asked for it (one rule, two doors).

Pages call the same service functions as the API; when one refuses (a ``Refusal``),
the page keeps the form as it was filled in and puts the service's words next to the field at
fault: the field the rejection names itself (``extra["errors"]``, the serializer shape; the page may map
that name to its own field), else the one the page maps its code to, else above the form.
Nothing was appended.
"""
from __future__ import annotations

from kernel.refusals import Refusal


def sentence(text: str, keep: tuple[str, ...] = ()) -> str:
    """``text`` with a capital first letter, unless it begins with one of ``keep`` (a username,
    which stays as typed: "dave is already registered")."""
    if not text or any(word and text.startswith(word) and not text[len(word):len(word) + 1].isalnum()
                       for word in keep):
        return text
    return text[:1].upper() + text[1:]


def _typed(form) -> tuple[str, ...]:
    """What the form was filled in with: the names a message may begin with."""
    return tuple(str(value) for value in getattr(form, "cleaned_data", {}).values() if isinstance(value, str))


def show_rejection(form, exc: Refusal, fields: dict[str, str] | None = None) -> None:
    """``fields``: a rejection's code, or the name of the input it names, → the form's field."""
    fields = fields or {}
    named = exc.extra.get("errors") if isinstance(exc.extra.get("errors"), dict) else {}
    placed = False
    for name, messages in named.items():
        field = name if name in form.fields else fields.get(name)
        if field in form.fields:
            for message in messages:
                form.add_error(field, sentence(str(message), _typed(form)))
            placed = True
    if placed:
        return
    field = fields.get(exc.code)
    form.add_error(field if field in form.fields else None, sentence(exc.message, _typed(form)))
