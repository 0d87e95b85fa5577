"""Nightfighter solo in the registry (systems/kit/descriptor.py; nightfighter-solo.md)."""
from django.utils.translation import gettext_lazy as _

from systems.kit.descriptor import SOLO, SystemDescriptor

DESCRIPTOR = SystemDescriptor(
    name="nightfighter-solo", label=_("Nightfighter (solo)"), module="nightfighter",
    engine="systems.nightfighter.rules:SYSTEM", sides=("player",), rated_as=SOLO,
    setup_controls="systems.nightfighter.setup:CONTROLS",
    messages="systems.nightfighter.messages:MESSAGES",
    presentation="systems.nightfighter.presentation", templates="game/nightfighter",
    bots="systems.nightfighter.bots", campaign="systems.nightfighter.rules.campaign",
)
