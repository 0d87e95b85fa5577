"""Ratings tasks."""
from celery import shared_task


@shared_task(acks_late=True)
def rate_finished_game(game_id: str, result_seq: int) -> None:
    """Update Elo for a finished game (filled in by the ratings app)."""
