"""303's setup options as new-game page controls (docs/rules/303.md: the bomber's shots, the fly-through)."""
from django.utils.translation import gettext_lazy as _

from systems.kit.setup import Control, choice

from .rules.parameters import DEFAULT_PARAMETERS

BATTLE303_CONTROLS = (
    Control("bomber_shots", choice(_("Bomber shots per German turn"),
                                    _("The bomber fires at one adjacent RAF fighter this many times (rules: 1)."),
                                    [(0, "0"), (1, "1"), (2, "2")], coerce=int)),
    Control("flythrough_fallback", choice(
        _("An attacker whose opposite hex is taken goes to"),
        _("The first free neighbour of the target, searched from the opposite hex."),
        [("clockwise", _("the first free hex clockwise (rules)")),
         ("counterclockwise", _("the first free hex counter-clockwise"))])),
    Control("flythrough_blocked", choice(
        _("When no neighbour of the target is free the attacker"),
        _("What happens when the attacker cannot fly through."),
        [("stay", _("stays where it is (rules)")), ("nearest_free", _("goes to the nearest free hex beyond"))])),
)

CONTROLS = (BATTLE303_CONTROLS, DEFAULT_PARAMETERS)
