"""The words of a refused command in the reader's language, for the Django-free rule modules.

The rules engines (systems/<name>/rules/) and the pure tournament modules (tournament/table.py,
decisions.py, planner.py) refuse with a machine code and an English sentence; they may not
import Django, so they cannot translate. Where a refusal becomes an HTTP answer, :func:`localized`
keeps the engine's exact English sentence for English readers and gives everyone else the
catalogue's translated sentence for the code: shorter (it cannot name the hex or the fighter),
but in the reader's language. tests/game/test_api_error_language.py keeps this catalogue and the
codes of those modules in step.
"""
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from systems import registry

# Codes every engine may use (systems/kit/contract.py); each system's own codes are in its folder's
# catalogue, which its descriptor names (``messages``).
SHARED = {
    "game_over": _("the game has ended"),
    "hex_not_on_board": _("that hex is not on the board"),
    "malformed_command": _("the command is not well formed"),
    "not_your_turn": _("it is not your turn to give this command"),
    "unknown_command": _("unknown command type"),
    "wrong_phase": _("this command is not allowed in the current phase"),
}

# The pure tournament modules' codes.
TOURNAMENT = {
    # Results reported at the table (tournament/table.py).
    "ending_contradicts_winner": _("the winner and how the game ended disagree: check who flew which side"),
    "invalid_ending": _("choose how the game ended from the list"),
    "invalid_leg": _("leg must be 1 (the match) or 2 (the rematch)"),
    "invalid_vp_margin": _("the night's VP margin is not valid for this game"),
    "invalid_winner": _("the winner must be one of the two players"),
    "leg_disputed": _("this leg is disputed and waits for a referee"),
    "not_at_table": _("this pairing is played online: its games record their results"),
    "not_in_pairing": _("only the players of the pairing may do this"),
    "nothing_to_confirm": _("this leg has no report waiting for an answer"),
    "own_report": _("your opponent confirms or disputes your report"),
    "pairing_forfeited": _("the pairing ended by a red card or a withdrawal"),
    "reason_required": _("a written reason is needed"),
    "report_outdated": _("the report changed since you saw it"),
    "report_pending": _("the opponent reported this leg: confirm or dispute it"),
    "result_confirmed": _("this leg's result is settled; a referee may correct it"),
    "result_recorded": _("this leg was played online"),
    "round_closed": _("the round is closed: ask a referee for a decision"),

    # Referee decisions (tournament/decisions.py).
    "already_decided": _("the pairing is decided; change it only with an overrule that names what it replaces"),
    "bye": _("a bye needs no decision"),
    "decision_not_found": _("no decision of this pairing has that id"),
    "forfeited": _("a red card or a withdrawal decided this pairing: revoke the penalty to change it"),
    "game_in_progress": _("a game of the pairing is still in play; rule when it has ended"),
    "invalid_score": _("the score is the pairing's result: 2:0, 1:1 or 0:2"),
    "knowledge_test_missing": _("the knowledge tests decide a 1:1 first: record both scores"),
    "next_pairing_started": _("a later pairing has started: void it as well (with a reason) to give it the new "
                              "entrant"),
    "not_decided": _("the pairing is not decided yet: use a tie or a dispute decision"),
    "not_tied": _("the pairing is not a 1:1 waiting for the referee"),
    "nothing_to_dispute": _("no game of the pairing has a result yet"),
    "overrule_changes_nothing": _("the overrule gives the result the pairing has already"),
    "overrule_required": _("the pairing is decided; change it only with an overrule that names what it replaces"),
    "pairing_not_found": _("no such pairing"),
    "pairing_voided": _("this pairing was voided; decide the pairing that replaced it"),
    "replaces_outdated": _("the result changed since you saw it"),
    "replaces_required": _("name the decision or the result this overrule replaces"),
    "score_not_allowed": _("a tie decision names the winner; the score stays 1:1"),
    "score_required": _("this decision needs the score"),
    "tournament_finished": _("the tournament has finished; this change would need pairings to be played again"),
    "unknown_decision": _("unknown kind of decision"),
    "void_not_needed": _("only pairings the decision changes can be voided with it"),
    "void_reason_required": _("voiding a pairing needs a written reason"),
    "winner_contradicts_score": _("the winner contradicts the score"),
    "winner_required": _("a tie decision names the winner"),

    # Starting a round (tournament/planner.py).
    "bracket_advances_automatically": _("the bracket advances by itself"),
    "no_legal_pairing": _("no pairing is possible without a repeat or a second bye"),
    "no_more_rounds": _("every round has been played"),
    "not_seeded": _("seed the entrants first"),
    "round_not_finished": _("the current round has undecided pairings"),
    "too_few_entrants": _("at least two seeded entrants are needed"),
    "tournament_closed": _("the tournament is over"),
    "unknown_format": _("unknown tournament format"),
}


def catalogue() -> dict:
    """Every code's sentence: the shared codes, each registered system's, the tournament's."""
    messages = dict(SHARED)
    for system in registry.descriptors():
        if system.messages:
            messages.update(registry.load(system.messages))
    messages.update(TOURNAMENT)
    return messages


MESSAGES = catalogue()


def localized(code: str, english: str) -> str:
    """``english`` (a rule module's own sentence) for English readers, else the catalogue's
    sentence for ``code`` in the active language. An unknown code, or a sentence the language has
    no translation for yet, keeps the precise English sentence rather than the generic one."""
    message = MESSAGES.get(code)
    if message is None or (translation.get_language() or "").startswith("en"):
        return english
    translated = str(message)
    with translation.override(None):  # the catalogue's English: a language not translated yet
        untranslated = translated == str(message)
    return english if untranslated else translated
