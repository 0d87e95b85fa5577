"""The phantom test and escapes of multi-token bombers (docs/rules/nightfighter-solo.md §1.3, S5.4, A12)."""
from __future__ import annotations

from .randomness import roll
from .uncertainty import live_tokens

BOMBER_ON = {2: 3, 3: 2}  # n → highest die meaning "this token is the bomber"; n ≥ 4: 1 after re-rolls


def phantom_test(journal, token_id: str, method: str) -> str:
    """Returns "bomber" or "phantom" and removes the tokens that the result rules out."""
    state = journal.state
    bomber_id = state["tokens"][token_id]["bomber"]
    live = live_tokens(state, bomber_id)
    n = len(live)
    rolls = [roll(journal.rng, "phantom")]
    if n >= 4:
        while rolls[-1]["value"] > n:
            rolls.append(roll(journal.rng, "phantom", reroll=True))
        real = rolls[-1]["value"] == 1
    else:
        real = rolls[-1]["value"] <= BOMBER_ON[n]
    result = "bomber" if real else "phantom"
    journal.emit("phantom_test", {"token": token_id, "bomber": bomber_id, "n": n, "method": method,
                                  "rolls": rolls, "result": result})
    if real:
        for other in live:
            if other != token_id:
                journal.emit("token_removed", {"token": other, "reason": "phantom"})
    else:
        journal.emit("token_removed", {"token": token_id, "reason": "phantom"})
    check_escape(journal, bomber_id)
    return result


def check_escape(journal, bomber_id: str, reason: str = "left_map") -> None:
    """A bomber whose live tokens have all left the map has escaped (S7.0, A12)."""
    bomber = journal.state["bombers"][bomber_id]
    live = live_tokens(journal.state, bomber_id)
    if bomber["status"] == "in_play" and live and all(journal.state["tokens"][t]["state"] == "exited" for t in live):
        journal.emit("bomber_escaped", {"bomber": bomber_id, "reason": reason})
