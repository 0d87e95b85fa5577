"""303 in the registry (systems/kit/descriptor.py; docs/rules/303.md)."""
from django.utils.translation import gettext_lazy as _

from systems.kit.descriptor import HEAD_TO_HEAD, Printing, SystemDescriptor, TablePlay

DESCRIPTOR = SystemDescriptor(
    name="303", label=_("303 (Battle of Britain)"), module="battle303",
    engine="systems.battle303.rules:SYSTEM", sides=("luftwaffe", "raf"), rated_as=HEAD_TO_HEAD,
    default_scoring="polish",
    # docs/rules/303.md "End of game": London is the Luftwaffe's, the rest the RAF's.
    table_play=TablePlay(
        endings=("reached_london", "shot_down", "rounds_ran_out"),
        winner_side={"reached_london": "luftwaffe", "shot_down": "raf", "rounds_ran_out": "raf"},
        side_words={"luftwaffe": "Luftwaffe", "raf": "RAF"},
        ending_words={"reached_london": _("the bomber reached London (Luftwaffe wins)"),
                      "shot_down": _("the bomber was shot down (RAF wins)"),
                      "rounds_ran_out": _("the rounds ran out (RAF wins)")},
        slip_words={"reached_london": _("Bomber reached London (Luftwaffe wins)"),
                    "shot_down": _("Bomber shot down (RAF wins)"),
                    "rounds_ran_out": _("Rounds ran out (RAF wins)")}),
    printing=Printing(
        side_note=_("Sides were drawn by lot; the Luftwaffe moves first in every round. "
                    "The rematch is played with the sides swapped."),
        game_cards="systems.battle303.printing:game_card", game_cards_title=_("303 game cards")),
    setup_controls="systems.battle303.setup:CONTROLS",
    messages="systems.battle303.messages:MESSAGES",
    presentation="systems.battle303.presentation", templates="game/battle303",
    bots="systems.battle303.bots",
)
