"""Tournament tasks."""
from celery import shared_task


@shared_task(acks_late=True)
def record_game_result(game_id: str, result_seq: int) -> None:
    """Feed a finished game into its tournament stream (filled in by the tournament app)."""
