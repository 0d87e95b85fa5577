"""Fixed numbers and names of the 303 rules (docs/rules/303.md "Forces and board", "Round structure")."""
LUFTWAFFE, RAF = "luftwaffe", "raf"
SIDES = (LUFTWAFFE, RAF)

LAST_ROUND = 8
FIGHTER_ACTION_POINTS = 3  # each hex moved and each shot costs one (docs/rules/303.md "Movement and shots")
BOMBER_MOVE_HEXES = 2
REINFORCEMENT_ROUNDS = (4, 6)
BOMBER_HITS_TO_DESTROY = 2  # in the same turn (docs/rules/303.md "Combat")

FIGHTER, BOMBER = "fighter", "bomber"
INTACT, DAMAGED, DESTROYED = "intact", "damaged", "destroyed"

# Phases of a turn (docs/rules/303.md "Round structure"); REINFORCEMENT waits for the RAF's airfield choice.
REINFORCEMENT, REPAIR, MOVE, ATTACK, BOMBER_MOVE, OVER = "reinforcement", "A", "B", "C", "D", "over"
PHASE_LABELS = {
    REINFORCEMENT: "reinforcement",
    REPAIR: "repair",
    MOVE: "fighter movement",
    ATTACK: "attacks",
    BOMBER_MOVE: "bomber movement",
    OVER: "game over",
}

BOMBER_ID = "bomber"


def enemy_of(side: str) -> str:
    return RAF if side == LUFTWAFFE else LUFTWAFFE
