"""The sentences of 303's refusals, by code, in the reader's language: the engine
(``rules/``) may not import Django, so it refuses with a code and an English sentence and
game/error_messages.py words the code from this catalogue (named in the descriptor)."""
from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "aircraft_destroyed": _("that aircraft was destroyed"),
    "already_moved": _("this fighter has already moved this turn"),
    "bomber_cannot_shoot": _("the bomber cannot shoot in this game"),
    "damaged_cannot_shoot": _("a damaged fighter cannot shoot"),
    "hex_occupied": _("the destination hex is occupied"),
    "invalid_firing_order": _("the firing order must list each attacker once"),
    "invalid_flythrough": _("that fly-through is not possible"),
    "invalid_reinforcement_hex": _("that hex is not a free RAF airfield"),
    "invalid_setup": _("the game setup is not valid"),
    "invalid_target": _("that is not an enemy aircraft on the board"),
    "not_a_fighter": _("the bomber moves in its own phase"),
    "not_repairable": _("that is not a damaged fighter on an own airfield"),
    "not_your_aircraft": _("that aircraft belongs to the other side"),
    "path_blocked": _("a hex on the path is occupied"),
    "path_not_adjacent": _("each hex of the path must be adjacent to the one before"),
    "path_too_long": _("the path is too long"),
    "target_not_adjacent": _("the target is not adjacent"),
    "too_many_shots": _("too many shots after this move"),
    "unknown_aircraft": _("no such aircraft"),
    "unknown_hex": _("that hex is not on the board"),
}
