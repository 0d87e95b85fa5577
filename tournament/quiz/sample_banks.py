"""The starter question banks shipped with the service (issue 26): twenty questions on the 303
rules (docs/rules/303.md), in English and in Polish (tournament/quiz/samples/). The organiser loads one with
a click; it goes through the same upload as his own file, so it is checked the same way and he
may edit it afterwards like any bank."""
from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext_lazy

from . import attempts

DIRECTORY = Path(__file__).resolve().parent / "samples"
SAMPLES = {"en": ("303-en.json", gettext_lazy("303 rules, 20 questions in English")),
           "pl": ("303-pl.json", gettext_lazy("303 rules, 20 questions in Polish"))}


def load(tournament_id, language: str, user):
    """The tournament's bank is now the sample in ``language`` (``en`` or ``pl``)."""
    filename, _label = SAMPLES[language]
    return attempts.upload_bank(tournament_id, (DIRECTORY / filename).read_bytes(), filename, "json", user)
