"""The practice bot a sandbox seat is given to (game/sandboxes.py): the system's strongest."""
from bots import lookup, services


def has_practice_bot(system: str) -> bool:
    return bool(lookup.levels(system))


def practice_user(system: str):
    """The account of the system's strongest bot."""
    return services.bot_user(system, max(lookup.levels(system)))
