"""Signed delivery of one webhook event, with retries (issue 16).

POST ``payload`` as JSON with
- ``X-Nightduel-Event``: the event name;
- ``X-Nightduel-Delivery``: the delivery id (the same on every retry and re-send: receivers
  drop a repeat by it);
- ``X-Nightduel-Signature-256``: ``sha256=`` + HMAC-SHA256 of the exact body with the
  endpoint's secret.
A 2xx answer delivers it; anything else (or no answer in ``NIGHTDUEL_WEBHOOK_TIMEOUT_SECONDS``)
is retried after ``BASE · 2^(tries-1)`` seconds (Celery's backoff), up to
``NIGHTDUEL_WEBHOOK_MAX_ATTEMPTS`` tries; then it is failed and waits for a re-send by hand
(one more try, under the same delivery id).
A lease keeps two workers from trying one delivery at once. Redirects are not followed.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import time
from datetime import timedelta

import urllib3
from celery.utils.time import get_exponential_backoff_interval
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from ..models import WebhookAttempt, WebhookDelivery
from .addresses import AddressRefused, check

LEASE_GRACE = 30  # seconds beyond the timeout before another worker may take a delivery over
OVERDUE_GRACE = 60  # seconds a retry may be late before the periodic pass sends it itself


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def body_of(delivery: WebhookDelivery) -> bytes:
    return json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True).encode()


def post(url: str, secret: str, event: str, delivery_id: str, body: bytes) -> int:
    """POST to the checked address of ``url``; the HTTP status, or an exception."""
    target = check(url)
    timeout = urllib3.Timeout(total=settings.NIGHTDUEL_WEBHOOK_TIMEOUT_SECONDS)
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(target.address, target.port, timeout=timeout, retries=False,
                                           server_hostname=target.host, assert_hostname=target.host)
    else:
        pool = urllib3.HTTPConnectionPool(target.address, target.port, timeout=timeout, retries=False)
    default_port = target.port == (443 if target.scheme == "https" else 80)
    headers = {
        "Host": target.host if default_port else f"{target.host}:{target.port}",
        "Content-Type": "application/json",
        "User-Agent": "Nightduel-Webhooks/1",
        "X-Nightduel-Event": event,
        "X-Nightduel-Delivery": delivery_id,
        "X-Nightduel-Signature-256": signature(secret, body),
    }
    with pool:
        response = pool.urlopen("POST", target.path, body=body, headers=headers, redirect=False,
                                retries=False, preload_content=True)
    return response.status


def _lease(delivery_id, now) -> bool:
    lease = timedelta(seconds=settings.NIGHTDUEL_WEBHOOK_TIMEOUT_SECONDS + LEASE_GRACE)
    return bool(WebhookDelivery.objects.filter(
        Q(lease_until__isnull=True) | Q(lease_until__lt=now), pk=delivery_id,
        status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now,
    ).update(lease_until=now + lease))


def backoff(attempts: int) -> int:
    return get_exponential_backoff_interval(settings.NIGHTDUEL_WEBHOOK_BACKOFF_SECONDS, attempts - 1,
                                            settings.NIGHTDUEL_WEBHOOK_BACKOFF_MAX_SECONDS, full_jitter=False)


def attempt(delivery_id) -> tuple[str, int | None]:
    """Try one delivery now if it is due and nobody else is trying it.

    Returns ``(outcome, seconds until the next try or None)``.
    """
    now = timezone.now()
    if not _lease(delivery_id, now):
        return "not_due", None
    delivery = WebhookDelivery.objects.select_related("endpoint").get(pk=delivery_id)
    resend = delivery.resend_requested
    started = time.monotonic()
    status_code, error = None, ""
    try:
        status_code = post(delivery.endpoint.url, delivery.endpoint.secret, delivery.event, str(delivery.pk),
                           body_of(delivery))
    except AddressRefused as exc:
        error = str(exc)
    except Exception as exc:  # no answer: refused, reset, timed out, TLS
        error = f"{type(exc).__name__}: {exc}"[:300]
    WebhookAttempt.objects.create(delivery=delivery, status_code=status_code, error=error, resend=resend,
                                  duration_ms=int((time.monotonic() - started) * 1000))
    attempts = delivery.attempts + 1
    if status_code is not None and 200 <= status_code < 300:
        WebhookDelivery.objects.filter(pk=delivery.pk).update(
            status=WebhookDelivery.Status.DELIVERED, attempts=attempts, delivered_at=timezone.now(),
            lease_until=None, next_attempt_at=None, resend_requested=False)
        return "delivered", None
    if attempts >= settings.NIGHTDUEL_WEBHOOK_MAX_ATTEMPTS or resend:
        WebhookDelivery.objects.filter(pk=delivery.pk).update(
            status=WebhookDelivery.Status.FAILED, attempts=attempts, lease_until=None, next_attempt_at=None,
            resend_requested=False)
        return "failed", None
    wait = backoff(attempts)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        attempts=attempts, lease_until=None, next_attempt_at=timezone.now() + timedelta(seconds=wait))
    return "retry", wait


def resend(delivery: WebhookDelivery) -> WebhookDelivery:
    """Make a delivered or failed delivery due again (same delivery id); the caller queues it."""
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=WebhookDelivery.Status.PENDING, next_attempt_at=timezone.now(), lease_until=None,
        resend_requested=True)
    delivery.refresh_from_db()
    return delivery


def overdue(now=None) -> list:
    now = now or timezone.now()
    return list(WebhookDelivery.objects.filter(
        Q(lease_until__isnull=True) | Q(lease_until__lt=now), status=WebhookDelivery.Status.PENDING,
        next_attempt_at__lt=now - timedelta(seconds=OVERDUE_GRACE)).values_list("pk", flat=True)[:500])
