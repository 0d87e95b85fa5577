"""The coin toss's one setup control: how many tosses."""
from django.utils.translation import gettext_lazy as _

from systems.kit.setup import Control, choice

CONTROLS = ((Control("best_of", choice(_("Best of"), _("How many tosses decide the game."),
                                       [(1, "1"), (3, "3")], coerce=int)),), {"best_of": 1})
