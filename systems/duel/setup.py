"""Duel in the Dark's setup as page controls, in the rulebook's words (docs/rules/duel-in-the-dark.md §1,
§7 advanced rules, §8 solo, §9 expansions): ``CONTROLS`` for the new-game page, ``TOURNAMENT``
for the options a tournament organiser names. The engine's ``validate_setup`` still decides what
may be combined."""
from django import forms
from django.utils.translation import gettext_lazy as _

from systems.kit.setup import ADVANCED, EXPANSION, Control, SetupField, choice, count, flag

from .rules.options import DEFAULT_OPTIONS, PLAYER_COUNTS

NOT_SOLO = "mode=standard,swap"

DUEL_CONTROLS = (
    Control("mode", choice(_("Kind of game"), _("Solo: you fly the German fighters against the automatic British "
                                                   "Bomber and Mosquito (§8)."),
                            [("standard", _("Two players or more (§1)")),
                             ("swap", _("Two nights, same weather, sides swapped (§1.6)")),
                             ("solo", _("Solo mission (§8)"))])),
    Control("players", choice(_("Number of players (§9.3)"),
                               _("3–5: one British player; the German fighters are shared among 2–4 German players."),
                               [(n, str(n)) for n in PLAYER_COUNTS], coerce=int), shown_with="mode=standard"),
    Control("nights", choice(_("Nights per game"), _("Agreed before the first night; the score carries over (§1.5)."),
                              [(1, "1"), (2, "2"), (3, "3")], coerce=int), shown_with="mode=standard"),
    Control("red_faces_only", flag(_("Beginners' game: basic (red) faces only (§2.6)"),
                                    _("Ground units use their red face only: flak, searchlight, radar."))),
    Control("stronger_mosquito", flag(_("Advanced rule 1: stronger Mosquito (§7.1)"),
                                       _("The Mosquito has 8 tokens instead of 6; bombing the target gets −2 VP.")),
            ADVANCED, NOT_SOLO),
    Control("weather_changes", flag(_("Advanced rule 2: weather changes (§7.2)"),
                                     _("Before the Bomber's 5th and 10th move the wind turns and the weather moves "
                                       "2 hexes.")), ADVANCED, NOT_SOLO),
    Control("reroute_after_weather_change", flag(_("Advanced rule 3a: re-route after a weather change (§7.3)"),
                                                  _("The British may re-plot the route and the target after a "
                                                    "weather change. Needs rule 2.")), ADVANCED, NOT_SOLO),
    Control("reroute_after_bombing", flag(_("Advanced rule 3b: re-route after bombing (§7.4)"),
                                           _("After the bombing the British may re-plot the way home with green "
                                             "cards.")), ADVANCED, NOT_SOLO),
    Control("medals", flag(_("Advanced rule 4: medals (§7.5)"),
                            _("Both sides earn medals and spend them on bonuses, fuel, repairs or sabotage.")),
            ADVANCED, NOT_SOLO),
    Control("shroud", flag(_("Advanced rule 5: shroud (§7.6)"),
                            _("Searchlights under a cloud count double for high fighters above a high Bomber.")),
            ADVANCED, NOT_SOLO),
    Control("friendly_flak", flag(_("Advanced rule 6: friendly flak (§7.7)"),
                                   _("Fighters fighting in a hex with 2 or more flak lose VP.")), ADVANCED, NOT_SOLO),
    Control("mw50", flag(_("Advanced rule 7: MW 50 (§7.8)"),
                          _("One Me 110 may once make a 2-hex move in any two directions.")), ADVANCED, NOT_SOLO),
    Control("ju88", flag(_("Expansion: Ju 88 night fighter (§9.1)"),
                          _("A Ju 88 with an observer badge replaces one German fighter.")), EXPANSION, NOT_SOLO),
    Control("walls_have_ears", flag(_("Expansion: walls have ears (§9.2)"),
                                     _("The German learns five cities, the target among them, and may re-position "
                                       "5 units.")), EXPANSION, NOT_SOLO),
    Control("window", flag(_("Expansion: Window and Wilde Sau (§9.4)"),
                            _("The British may drop Window for VP; the German answers with Wilde Sau tokens.")),
            EXPANSION, NOT_SOLO),
    Control("railway_flak", flag(_("Expansion: railway flak (§9.6)"),
                                  _("One ground unit becomes a flak train that moves one hex per German turn.")),
            EXPANSION, NOT_SOLO),
    Control("quad_flak", flag(_("Expansion: quad flak (§9.7)"),
                               _("One ground unit becomes a quad flak: +2 German when the Mosquito flies low "
                                 "over it.")), EXPANSION, NOT_SOLO),
    Control("acoustic_mirror", flag(_("Expansion: acoustic mirror (§9.8)"),
                                     _("One ground unit becomes an acoustic mirror. Needs rule 4 (medals).")),
            EXPANSION, NOT_SOLO),
    Control("ace_gunners", flag(_("Expansion: ace gunners (§9.9)"),
                                 _("Flak hitting the Bomber hard earns silver and gold ace-gunner medals.")),
            EXPANSION, NOT_SOLO),
    Control("british_qf_guns", count(_("Expansion: British 3.7-inch QF guns (§9.10)"),
                                      _("How many; 0: none. Each costs a German fighter in its hex 1 fuel line.")),
            EXPANSION, NOT_SOLO),
    Control("british_searchlights", count(_("Expansion: British searchlights (§9.11)"),
                                           _("How many; 0: none. Each takes 1 VP from the fighters in its hex.")),
            EXPANSION, NOT_SOLO),
)

# (controls, the engine's defaults: a value equal to one is left out of the setup)
CONTROLS = (DUEL_CONTROLS, DEFAULT_OPTIONS)

TOURNAMENT_FIELDS = (
    SetupField("nights", lambda: forms.IntegerField(
        label=_("Nights per game"), min_value=1, max_value=3, required=False,
        help_text=_("Empty: one night (§1.5).")) ),
    SetupField("red_faces_only", flag(_("Beginners' game: basic (red) faces only (§2.6)"))),
    SetupField("stronger_mosquito", flag(_("Advanced rule 1: stronger Mosquito (§7.1)"))),
    SetupField("weather_changes", flag(_("Advanced rule 2: weather changes (§7.2)"))),
    SetupField("reroute_after_weather_change", flag(_("Advanced rule 3a: re-route after a weather change (§7.3)"),
                                                     _("Needs rule 2."))),
    SetupField("reroute_after_bombing", flag(_("Advanced rule 3b: re-route after bombing (§7.4)"))),
    SetupField("medals", flag(_("Advanced rule 4: medals (§7.5)"))),
    SetupField("shroud", flag(_("Advanced rule 5: shroud (§7.6)"))),
    SetupField("friendly_flak", flag(_("Advanced rule 6: friendly flak (§7.7)"))),
    SetupField("mw50", flag(_("Advanced rule 7: MW 50 (§7.8)"))),
    SetupField("ju88", flag(_("Expansion: Ju 88 night fighter (§9.1)"))),
    SetupField("walls_have_ears", flag(_("Expansion: walls have ears (§9.2)"))),
    SetupField("window", flag(_("Expansion: Window and Wilde Sau (§9.4)"))),
    SetupField("railway_flak", flag(_("Expansion: railway flak (§9.6)"))),
    SetupField("quad_flak", flag(_("Expansion: quad flak (§9.7)"))),
    SetupField("acoustic_mirror", flag(_("Expansion: acoustic mirror (§9.8)"), _("Needs rule 4 (medals)."))),
    SetupField("ace_gunners", flag(_("Expansion: ace gunners (§9.9)"))),
    SetupField("british_qf_guns", count(_("Expansion: British 3.7-inch QF guns (§9.10)"), _("How many; 0: none."),
                                         initial=None)),
    SetupField("british_searchlights", count(_("Expansion: British searchlights (§9.11)"), _("How many; 0: none."),
                                              initial=None)),
)

TOURNAMENT = (TOURNAMENT_FIELDS, DEFAULT_OPTIONS)
