"""Practice bots that keep the contract of systems/kit/bots.py, for tests of the service side.

``random_bots``: a bots package whose bot picks a seeded random legal action (a template's
``example`` stands for the template: a complete command the engine accepts). ``failing_bots``:
level 1 raises, level 2 answers with a command the rules refuse. ``slow_bots``: waits on
``RELEASE`` before choosing, so a test can see a page answer before the bot has moved.
Registered per test through ``settings.NIGHTDUEL_BOT_PACKAGES`` (tests/bots/conftest.py).
"""
from __future__ import annotations

import random
import threading
from types import SimpleNamespace

LEVELS = {1: {"label": "Beginner", "budget_seconds": 0.1, "elo": 1100},
          2: {"label": "Club player", "budget_seconds": 0.5, "elo": 1400}}
UNPLAYED_OPTION = "medals"  # a set-up option the doubles refuse to play, as a real bot may


def _refusal(side, level, setup):
    return "bot_option_unsupported" if setup.get(UNPLAYED_OPTION) else None


class RandomBot:
    def __init__(self, side, level, seed):
        self.side, self.level, self.random = side, level, random.Random(seed)

    def choose(self, view: dict, legal: list[dict]) -> dict:
        complete = [a for a in legal if not a.get("template")]
        if complete:
            return self.random.choice(complete)
        return dict(self.random.choice([a for a in legal if "example" in a])["example"])


class RaisingBot(RandomBot):
    def choose(self, view, legal):
        raise RuntimeError("the double's search blew up")


class IllegalBot(RandomBot):
    def choose(self, view, legal):
        return {"type": legal[0]["type"]} if legal else {"type": "nothing"}


RELEASE = threading.Event()


class SlowBot(RandomBot):
    def choose(self, view, legal):
        RELEASE.wait(30)
        return super().choose(view, legal)


def _package(bot_class_by_level):
    return SimpleNamespace(
        LEVELS=LEVELS, refusal=_refusal,
        make_bot=lambda side, level, setup, seed: bot_class_by_level[level](side, level, seed))


random_bots = _package({1: RandomBot, 2: RandomBot})
failing_bots = _package({1: RaisingBot, 2: IllegalBot})
slow_bots = _package({1: SlowBot, 2: SlowBot})
