"""A mail backend for worker tests: Django's file backend, then a wait until the file named
by ``MAIL_GATE`` exists — like an SMTP server slow to answer after it took the message, so
a test can kill the worker after the e-mail went out and before the task finished."""
import os
import time

from django.core.mail.backends.filebased import EmailBackend


class GatedFileBackend(EmailBackend):
    def send_messages(self, messages):
        sent = super().send_messages(messages)
        gate = os.environ.get("MAIL_GATE")
        deadline = time.monotonic() + 120
        while gate and not os.path.exists(gate) and time.monotonic() < deadline:
            time.sleep(0.05)
        return sent


def sent_to(directory) -> dict[str, list[str]]:
    """Each recipient's messages, as written by the file backend."""
    out: dict[str, list[str]] = {}
    for path in sorted(directory.glob("*.log")):
        for message in path.read_text().split("-" * 79):
            to = next((line[4:] for line in message.splitlines() if line.startswith("To: ")), None)
            if to:
                out.setdefault(to, []).append(message)
    return out
