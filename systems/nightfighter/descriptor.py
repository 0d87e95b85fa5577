"""Nightfighter solo in the registry (systems/kit/descriptor.py; docs/rules/nightfighter-solo.md)."""
from django.utils.translation import gettext_lazy as _

from systems.kit.descriptor import SOLO, ReplayFog, SystemDescriptor

DESCRIPTOR = SystemDescriptor(
    name="nightfighter-solo", label=_("Nightfighter (solo)"), module="nightfighter",
    engine="systems.nightfighter.rules:SYSTEM", sides=("player",), rated_as=SOLO,
    setup_controls="systems.nightfighter.setup:CONTROLS",
    messages="systems.nightfighter.messages:MESSAGES",
    presentation="systems.nightfighter.presentation", templates="game/nightfighter",
    bots="systems.nightfighter.bots", campaign="systems.nightfighter.rules.campaign",
    replay_fog=ReplayFog(maps="systems.nightfighter.fog:replay_maps", side="player", legend=_(
        "Shaded: where each bomber could be, as the pilot's uncertainty allowed (darker: more tokens' areas "
        "overlap); outlined: the tokens.")),
    replay_as_words={"player": _("As the pilot saw it")},
)
