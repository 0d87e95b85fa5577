"""``manage.py relay_outbox``: hand committed outbox messages to the broker until stopped
(kernel/relay.py); SIGTERM or SIGINT ends it after the pass in hand."""
import signal
import threading

from django.core.management.base import BaseCommand, CommandError
from django.conf import settings

from kernel import relay


class Command(BaseCommand):
    help = "Publish committed outbox messages to the Celery broker: woken by NOTIFY, polling as a backstop."

    def add_arguments(self, parser):
        parser.add_argument("--poll", type=float, default=5.0,
                            help="seconds between passes when no NOTIFY comes (default 5)")

    def handle(self, *args, poll, **options):
        if settings.CELERY_TASK_ALWAYS_EAGER:
            raise CommandError("no broker configured (REDIS_URL): outbox messages are handed over inline")
        stop = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop.set())
        self.stdout.write(f"outbox relay: listening on {relay.CHANNEL}, polling every {poll:g} s")
        relay.run(stop, poll_seconds=poll)
