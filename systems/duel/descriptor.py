"""Duel in the Dark in the registry (systems/kit/descriptor.py; docs/rules/duel-in-the-dark.md)."""
from django.utils.translation import gettext_lazy as _

from systems.kit.descriptor import HEAD_TO_HEAD, ReplayFog, SystemDescriptor, TablePlay

DESCRIPTOR = SystemDescriptor(
    name="duel-in-the-dark", label=_("Duel in the Dark"), module="duel",
    engine="systems.duel.rules:SYSTEM", sides=("british", "german"), rated_as=HEAD_TO_HEAD,
    default_scoring="vp-aggregate",
    rematch_setup="systems.duel.rematch:rematch_setup",
    # A night ends on victory points; the report gives the margin (§6).
    table_play=TablePlay(endings=("victory_points",), reports_vp=True,
                         ending_words={"victory_points": _("on victory points at the end of the night")}),
    setup_controls="systems.duel.setup:CONTROLS", tournament_setup="systems.duel.setup:TOURNAMENT",
    # §9.3: 3–5 players; §1.6 and §8: the swap and the solo mission fix the players and the nights.
    player_count_control="players",
    setup_fixed_by={"mode": {"swap": ("players", "nights"), "solo": ("players", "nights")}},
    messages="systems.duel.messages:MESSAGES",
    presentation="systems.duel.presentation", templates="game/duel",
    bots="systems.duel.bots",
    replay_fog=ReplayFog(maps="systems.duel.fog:replay_maps", side="german", legend=_(
        "Shaded: where the Bomber could have been, as the German knew it (darker: at more of the moves left); "
        "outlined: where it could be now.")),
)
