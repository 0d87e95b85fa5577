"""The platform's kernel, below every app: the event store (append, hash chain, prepared
statements), the transactional outbox and its delivery, live announcements, idempotency, and
the API plumbing (parsers, throttling, token authentication, error pages). It imports no app."""
