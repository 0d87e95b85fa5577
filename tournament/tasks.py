"""Tournament tasks: consumers of the ``game_finished`` outbox topic (idempotent, ``acks_late``)."""
from celery import shared_task

from . import services


@shared_task(acks_late=True)
def record_game_result(game_id: str, result_seq: int) -> bool:
    """Feed a finished game into its tournament stream; a second delivery changes nothing."""
    return services.record_game_result(game_id, result_seq)


@shared_task(acks_late=True)
def auto_confirm_table_reports() -> int:
    """Beat: confirm table reports nobody answered within the tournament's auto_confirm_minutes."""
    return services.auto_confirm_due_reports()
