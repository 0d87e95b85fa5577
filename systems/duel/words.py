"""The words of Duel in the Dark, in one place (issue 15): names of sides, steps, aircraft and
ground-unit faces, read by :mod:`systems.duel.presentation` (event log, summary) and handed to the
play page's scripts as a catalogue (:func:`client_catalogue`), so a translation covers both.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SIDES = {"british": _("British"), "german": _("German"), "referee": _("Referee")}

# docs/rules/duel-in-the-dark.md §2.6 (faces of the 40 tiles), §9.6–§9.8 (expansion units).
FACES = {
    # Translators: the rulebook's names of the German ground-unit faces (§2.6); use your edition's terms.
    "flak": _("flak"), "searchlight": _("searchlight"), "radar": _("radar"),
    "fire_engine": _("fire engine"), "civil_shelter": _("civil shelter"), "fuel_truck": _("fuel truck"),
    "balloon_barrage": _("balloon barrage"), "smoke_screen": _("smoke screen"),
    # Translators: expansion units (§9.6–§9.8) as the rulebook names them.
    "railway_flak": _("railway flak"), "quad_flak": _("quad flak"), "acoustic_mirror": _("acoustic mirror"),
}
# Two letters drawn on a ground-unit chip; the legend explains each.
FACE_CODES = {
    "flak": "Fk", "searchlight": "Sl", "radar": "Rd", "fire_engine": "Fe", "civil_shelter": "Cs",
    "fuel_truck": "Ft", "balloon_barrage": "Bb", "smoke_screen": "Sm", "railway_flak": "Rf",
    "quad_flak": "Qf", "acoustic_mirror": "Am",
}
# §2.6: red-bordered faces are the basic units.
RED_BORDERED = ("flak", "searchlight", "radar")

AIRCRAFT = {"Me 110": _("Me 110 night fighter"), "Do 217": _("Do 217 night fighter"), "Ju 88": _("Ju 88 night fighter")}
FIGHTER_COLOURS = {"red": _("red"), "green": _("green"), "yellow": _("yellow"), "blue": _("blue"), "ju88": _("Ju 88")}

DIRECTIONS = {"E": _("east"), "NE": _("north-east"), "NW": _("north-west"), "W": _("west"), "SW": _("south-west"),
              "SE": _("south-east")}
ALTITUDES = {"LOW": _("low"), "HIGH": _("high"), "GROUND": _("on the ground")}
MOONS = {"full": _("full moon"), "new": _("new moon"), "none": _("no moon")}

STEPS = {
    "place_fighters": _("Phase 1: the German places the fighters on airfields"),
    "weather": _("Phase 2: the British draws the weather card"),
    "planning": _("Phase 3: the British plans the secret route"),
    "ground_units": _("Phase 4: the German places the ground defences"),
    "british_units": _("Phase 5: the British places QF guns and searchlights"),
    "extra_units": _("Phase 5: the German places the extra units"),
    "deploy": _("Phase 5: the British deploys the Bomber and the Mosquito"),
    # Translators: the rulebook's city crests (cards with a city's coat of arms; one is the target).
    "hand_crests": _("Phase 5: the British hands over five city crests"),
    "reposition": _("Phase 5: the German may re-position up to five units"),
    # Translators: "Window" is the rulebook's name of the radar-jamming foil strips (§9.4).
    "window": _("Phase 5: the British decides on Window"),
    # Translators: "Wilde Sau" is the rulebook's (German) name of the single-engine night fighters (§9.4).
    "wild_sau": _("Phase 5: the German places the Wilde Sau tokens"),
    "duel": _("Phase 6: the duel"),
    "mosquito": _("Mosquito turn: the Mosquito moves"),
    "mosquito_drop": _("Mosquito turn: bombs and target markers"),
    "gold_ace": _("A gold ace may fire at the Mosquito"),
    "german": _("German turn: the fighters act"),
    "qf_fire": _("British QF guns fire at the fighters"),
    "bomber": _("Bomber turn"),
    "night_over": _("The night is over"),
    "game_over": _("The game is over"),
}
# Advanced rules (§7) and expansions (§9) as the setup names them.
OPTIONS = {
    "stronger_mosquito": _("stronger Mosquito (§7.1)"), "weather_changes": _("weather changes (§7.2)"),
    "reroute_after_weather_change": _("re-routing after a weather change (§7.3)"),
    "reroute_after_bombing": _("re-routing after the bombing (§7.4)"), "medals": _("medals (§7.5)"),
    "shroud": _("shroud (§7.6)"), "friendly_flak": _("friendly flak (§7.7)"), "mw50": _("MW-50 (§7.8)"),
    "ju88": _("Ju 88 (§9.1)"), "walls_have_ears": _("Walls have ears (§9.2)"),
    "walls_random_target": _("random target crest (§9.2)"), "window": _("Window / Wilde Sau (§9.4)"),
    "railway_flak": _("railway flak (§9.6)"), "quad_flak": _("quad flak (§9.7)"),
    "acoustic_mirror": _("acoustic mirror (§9.8)"), "ace_gunners": _("ace gunners (§9.9)"),
    "british_qf_guns": _("British QF guns (§9.10)"), "british_searchlights": _("British searchlights (§9.11)"),
}
GRADES = {"silver": _("silver"), "gold": _("gold")}
ACTORS = {"mosquito": _("Mosquito"), "german": _("German"), "bomber": _("Bomber")}

# What the play page's Duel controls say (systems/duel/static/js/duel/*.js reads them by key).
CONTROLS = {
    "rawInvalid": _("Write the command as a JSON object with a \"type\"."),
    "doNow": _("What to do"), "fighters": _("Fighters"), "landAt": _("End the route here: the Bomber lands at %(hex)s"),
    "noSuchMove": _("That combination is not a legal move: change a toggle."),
    "fuelNow": _("fuel %(now)s of %(max)s"), "planCards": _("%(target)s: %(n)s cards"),
    "placedSpecial": _("placed"), "faceBorders": _("Red border: a basic unit; grey: an advanced one."),
    "send": _("Send"), "undo": _("Undo last"), "clear": _("Start again"), "cancel": _("Cancel"),
    "waiting": _("Waiting for %(sides)s."), "watching": _("You are watching this game."),
    "ended": _("The night is over."), "suggested": _("Or take a suggestion"),
    # The controls' heading: whose move it is for the viewer.
    "headYourMove": _("Your move"), "headWaiting": _("Your opponent's move"), "headWatching": _("Watching"),
    "headOver": _("The game is over"),
    "draftRestored": _("Your choices not yet sent were kept from before the page was reloaded."),
    "notSent": _("placed, not sent yet"),
    "hex": _("hex %(hex)s"), "left": _("%(n)s left to place"), "placedOf": _("%(done)s of %(total)s placed"),
    "pickTile": _("1. Pick a tile kind and its face"), "pickHex": _("2. Click a highlighted hex on the board"),
    "pickFighter": _("Pick a fighter, then click a highlighted hex on the board."),
    "fighterHint": _("Highlighted hexes can be reached this turn. Click the first hex of a 2-hex move, then the second."), "fuel": _("fuel %(now)s → %(after)s of %(max)s"),
    "altitude": _("Altitude after the move"), "land": _("Land at the end of the move"),
    "landHere": _("Land where it is"), "mw50": _("Use MW-50 (2 hexes in any directions)"),
    "fuelMedal": _("Use a fuel medal (−1 line)"), "engages": _("The fighter attacks the Mosquito."),
    "takeOffStay": _("Take off and stay over the airfield"), "hover": _("Stay in the hex (hover)"),
    "endTurn": _("End the German turn"), "endSeatTurn": _("End your part of the German turn"), "special": _("special unit (replaces one tile)"), "truckNeed": _("Airfield %(hex)s needs %(n)s fuel truck(s)."),
    "noShelter": _("No new civil shelter after the first night."), "redOnly": _("Red (basic) faces only in this game."),
    "placements": _("Placed units (click one to take it back)"), "fill": _("Place the rest as suggested"),
    "fighterPlace": _("Pick a fighter, then click a German airfield (highlighted)."),
    "mw50Carrier": _("MW-50 goes on"), "sharing": _("Fighters sharing an airfield need fuel trucks in phase 4."),
    "takeoffBomber": _("Click the Bomber's take-off airfield."),
    "takeoffMosquito": _("Click the Mosquito's take-off airfield (not the Bomber's)."),
    "target": _("Click the target city."), "routeOut": _("Click the next hex of the way to the target (red cards)."),
    "routeBack": _("Click the next hex of the way home (green cards); end on a British airfield."),
    "landingMosquito": _("Click the Mosquito's landing airfield (not the Bomber's)."),
    "routeDone": _("The plan is complete: check it and send it."),
    "cards": _("Cards used: %(used)s of %(max)s (the Bomber's fuel)"),
    "turnRule": _("Each card turns at most one notch (60°) from the one before; over the target the heading is free."),
    "heading": _("Heading %(heading)s: next card %(next)s"), "anyHeading": _("Any heading is allowed for the next card."),
    "tooSharp": _("Too sharp a turn: from %(from)s the Bomber may go %(allowed)s."),
    "notAdjacent": _("Click a hex next to the last one."),
    "tooLong": _("No card left: the route may have at most %(n)s cards."),
    "inventory": _("No %(colour)s %(dir)s compass card left."),
    "planTarget": _("Target"), "planBomber": _("Bomber"), "planMosquito": _("Mosquito"),
    "fromTo": _("from %(takeoff)s, lands at %(landing)s"), "fromOnly": _("from %(takeoff)s"), "red": _("red"), "green": _("green"),
    "windowPick": _("Click the hexes of your route where a Window card goes (at most %(n)s), or send without Window."),
    "windowUse": _("Use Window at the marked moves"), "windowNone": _("No Window this night"),
    "mosquitoMove": _("Click a highlighted hex (up to 2 away), choose the altitude, then send."),
    "mosquitoLand": _("Land (only on the committed airfield)"), "wait": _("Stay on the ground this turn"),
    "drop": _("Drop"), "bombsOn": _("bombs on %(target)s"), "markers": _("target markers"), "medalsAsTokens": _("of them medals"),
    "tokensLeft": _("%(n)s tokens left"), "noDrop": _("End the Mosquito turn without dropping"),
    "bombsLowOnly": _("Bombs only from LOW altitude."), "markersCityOnly": _("Markers only over a city."),
    "airfield": _("the airfield"), "advance": _("Fly the next card"), "advanceAltitude": _("Fly the first card at"),
    "advanceAt": _("Fly the first card at %(altitude)s"),
    "sabotage": _("Sabotage (one medal each)"), "evasion": _("Evasion medals in the fight"),
    "reroute": _("Re-route"), "rerouteHint": _("Plan new cards from where the Bomber is (budget %(n)s cards)."),
    "pickCrests": _("Click five cities to hand over (the target is among them)."),
    "repositionPick": _("Click a unit on the board or in the list, then its new hex (up to %(n)s units)."),
    "wildSauPlace": _("Click %(n)s German airfield(s) for the Wilde Sau tokens."),
    "wildSauMove": _("Move a Wilde Sau token up to 2 hexes"), "railwayMove": _("Move the railway flak to a neighbouring hex"),
    "acePlace": _("Place an ace gunner"), "medalBonus": _("Put medals on a hex with your fighters"),
    "medalRepair": _("Repair with a medal"), "count": _("how many"),
    "qfPick": _("Choose the fighter each QF gun hits."), "goldFire": _("Fire the gold ace at the Mosquito"),
    "goldHold": _("Keep the gold ace for the Bomber"), "britishUnits": _("Click British hexes: %(qf)s QF gun(s), then %(sl)s searchlight(s)."),
    "extraUnits": _("Pick a unit kind, then click a hex (%(n)s units)."),
    "actAs": _("Act as"), "hexDetails": _("In this hex"), "nothingHere": _("Nothing stands here."),
    "drawWeather": _("Draw the weather card"), "deploy": _("Deploy the Bomber and the Mosquito"),
    "drawCrest": _("Draw the target crest"), "redrawCrest": _("Draw again (final)"), "bomberAt": _("Bomber"), "mosquitoAt": _("Mosquito"),
    "cityFacts": _("%(name)s (city, %(vp)s VP)"), "germanAirfield": _("German airfield"), "britishAirfield": _("British airfield"),
    "cloud": _("cloud"), "storm": _("storm"), "fog": _("fog"), "destroyed": _("destroyed"),
    # Translators: the rulebook's term (§9.4), usually left in German.
    "wildSau": _("Wilde Sau"), "ace": _("ace gunner"), "qfGun": _("British QF gun"), "britishLight": _("British searchlight"),
    "airfieldBombs": _("bombs on the airfield"), "targetMarkers": _("target markers"), "germanMedals": _("German medals"), "moveOf": _("move %(n)s"),
}


# Each command in words, for "Done: …" once the page has sent it (systems/duel/static/js/duel/controls.js).
COMMANDS = {
    "PlaceFighters": _("fighters placed"), "DrawWeather": _("weather card drawn"), "CommitRoute": _("route planned"),
    "PlaceGroundUnits": _("ground units placed"), "DeployBritish": _("Bomber and Mosquito deployed"),
    "MoveMosquito": _("Mosquito moved"), "WaitMosquito": _("the Mosquito waits"), "DropTokens": _("tokens dropped"),
    "EndMosquitoTurn": _("Mosquito turn ended"), "MoveFighter": _("fighter moved"), "LandFighter": _("fighter landed"),
    "EndGermanTurn": _("German turn ended"), "AdvanceBomber": _("Bomber advanced"), "ReRoute": _("route changed"),
    "UseMedal": _("medal used"), "DeclareWindow": _("Window declared"), "PlaceWildSau": _("Wilde Sau placed"),
    "MoveWildSau": _("Wilde Sau moved"), "MoveRailwayFlak": _("railway flak moved"),
    "PlaceAceMedal": _("ace gunner placed"), "PlaceBritishGroundUnits": _("British units placed"),
    "PlaceExtraGermanUnits": _("extra German units placed"), "DrawTargetCrest": _("target crest drawn"),
    "RedrawTargetCrest": _("target crest drawn again"), "HandCrests": _("city crests handed over"),
    "RepositionUnits": _("units repositioned"), "AllocateQFHits": _("QF gun hits allocated"),
    "FireGoldAce": _("gold ace decided"),
}


# The board's legend: the key as drawn (its CSS class draws the same shape) and what it means.
LEGEND = [
    ("B", "lg-bomber", _("the British Bomber; the grey line is the way it has flown")),
    ("M", "lg-mosquito", _("the British Mosquito")),
    ("110", "lg-fighter", _("a German night fighter in the colour of its counter: 110 = Me 110, 217 = Do 217, "
                            "88 = Ju 88; the bar under it is its fuel; a dashed ring means it is on its airfield")),
    ("H", "lg-alt", _("flying high (L: low)")),
    ("+2", "lg-more", _("more aircraft in the hex: click the hex to list them all")),
    ("+3", "lg-count", _("more ground units in the hex than drawn: click the hex to list them all")),
    ("Fk", "lg-unit lg-draft", _("dashed: a unit you have placed but not yet sent")),
    ("★", "lg-ace", _("an ace gunner (fires like flak, base 2)")),
    ("WS", "lg-wildsau", _("a Wilde Sau token")),
    ("QF", "lg-british", _("a British 3.7-inch QF gun (SL: a British searchlight)")),
    ("✈", "lg-airfield-german", _("a German airfield")),
    ("✈", "lg-airfield-british", _("a British airfield")),
    ("14", "lg-vp", _("a city: its name and the VP for bombing it; the dot's colour is its difficulty "
                      "(green, yellow, red)")),
    ("☁", "lg-cloud", _("cloud")), ("⚡", "lg-storm", _("storm")), ("≋", "lg-fog", _("fog")),
    ("✹1", "lg-badge", _("bombs on an airfield")), ("◎1", "lg-badge", _("target markers")),
    ("✚1", "lg-badge", _("German medals (+1 each in the next fight there)")),
    ("→", "lg-route", _("the planned route (yours, or everyone's once the night is over)")),
    ("▢", "lg-legal", _("green outline: a hex you may click now; orange: your choice so far")),
    ("3", "lg-step", _("on your choice so far: the number of a route card, or the first letter of the fighter "
                       "you put there (R = red, G = green, Y = yellow, B = blue, J = Ju 88)")),
]


def client_catalogue() -> dict:
    """Everything the Duel scripts show, translated (lazy strings become text in ``json_script``)."""
    units = [(code, "lg-unit " + ("basic" if face in RED_BORDERED else "advanced"), FACES[face])
             for face, code in FACE_CODES.items()]
    items = LEGEND[:5] + units + LEGEND[5:]
    return {"sides": SIDES, "faces": FACES, "faceCodes": FACE_CODES, "redBordered": list(RED_BORDERED),
            "aircraft": AIRCRAFT, "colours": FIGHTER_COLOURS, "directions": DIRECTIONS, "altitudes": ALTITUDES,
            "steps": STEPS, "ui": CONTROLS, "grades": GRADES, "commands": COMMANDS,
            "legend": {"title": _("Legend: every letter and mark on the board"),
                       "items": [{"key": key, "cls": cls, "text": meaning} for key, cls, meaning in items]}}


# The practice opponents (systems/duel/bots): their levels' labels and the codes of a refusal.
BOT_LEVELS = {
    # Translators: levels of a computer opponent, weakest first.
    1: _("Beginner"), 2: _("Club player"), 3: _("Veteran"), 4: _("Ace"),
}
BOT_REFUSALS = {
    "bot_unsupported_option": _("The computer opponent does not play a set-up option of this game."),
    "bot_unsupported_expansion": _("The computer opponent does not play an expansion of this game."),
    "bot_unsupported_board": _("The computer opponent plays only on the standard board."),
    "bot_unknown_level": _("There is no computer opponent of that level."),
    "bot_unknown_side": _("The computer opponent cannot take that seat."),
}
