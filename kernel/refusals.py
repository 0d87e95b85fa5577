"""A use case saying no: a kind, a stable code, a message, and the input at fault if one is.

Services never choose an HTTP status. The kind says what sort of refusal it is; each door turns
it into its own answer: the API through one table (kernel/api/errors.py ``STATUS_OF_KIND``), a page
by showing the message beside its field (kernel/form_views.py). ``code`` is the machine name
clients branch on (every API error is ``{code, message}``) and never changes; the message is in
the reader's language. Pure Python, so rules modules may raise refusals too.
"""
from __future__ import annotations

# The kinds of refusal. A kind is what a client may do next, not a number.
INVALID = "invalid"                    # the request is malformed or names an unknown thing
NOT_AUTHENTICATED = "not_authenticated"  # sign in first
FORBIDDEN = "forbidden"                # signed in, but this user may not
NOT_FOUND = "not_found"                # nothing of that name is visible to this user
CONFLICT = "conflict"                  # the state has moved on (stale, already done, closed)
TOO_LARGE = "too_large"                # the request is bigger than the service reads
UNPROCESSABLE = "unprocessable"        # well formed, but the rules do not allow it
KINDS = (INVALID, NOT_AUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_LARGE, UNPROCESSABLE)


class Refusal(Exception):
    """``extra``: more members of the answer beside ``code`` and ``message`` (``version``,
    ``seq``...). ``field``: the input at fault; the answer then names it the way a serializer
    does (``errors: {field: [message]}``) and a page shows the message beside that field."""

    def __init__(self, kind: str, code: str, message: str, extra: dict | None = None, *, field: str | None = None):
        if kind not in KINDS:
            raise ValueError(f"unknown kind of refusal {kind!r}")
        super().__init__(message)
        self.kind, self.code, self.message, self.field = kind, code, message, field
        self.extra = dict(extra or {})
        if field is not None:
            self.extra.setdefault("errors", {field: [message]})

    def body(self) -> dict:
        return {"code": self.code, "message": self.message, **self.extra}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind!r}, {self.code!r}, {self.message!r})"


# The name the services' callers have always caught.
CommandRejected = Refusal
